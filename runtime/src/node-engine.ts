// Owns the Node worker's engine powers: the quickjs variant's WASM file and the guest scripts, read from disk once
// per thread, the thread's own CPU clock, and, when the sandbox names a directory for them, template images kept as
// files (template-image.ts). Refuses nothing; a missing file is a broken install and fails the worker's warm-up
// loudly. An image file whose checksum does not match is ignored (and replaced by the next template built). Keeps at
// most MAX_IMAGE_FILES images: every module set a home runs has its own, so the least recently used are removed; and
// none larger than MAX_IMAGE_BYTES.

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { receiveMessageOnPort, threadId, type MessagePort } from "node:worker_threads";
import type { EnginePowers, GuestFile } from "./engine-powers.js";
import type { TemplateImages } from "./template-image.js";
import { digestParts } from "./parts-digest.js";
import { ownThreadCpu } from "./thread-cpu.js";

const sources = new Map<GuestFile, string>();

export interface NodeEngineOptions {
  /** A directory for template images (created when missing); without it no image is read or written. */
  imageDir?: string;
  /** The pool's shared count of runs in flight (pool.ts WorkerStart.poolLoad). */
  poolLoad?: SharedArrayBuffer;
}

/** The engine powers of the calling thread (its CPU clock is its own: call it in the worker). */
export const nodeEngine = (options: NodeEngineOptions = {}): EnginePowers => ({
  threadCpu: ownThreadCpu(),
  receiveMessage: (port) => receiveMessageOnPort(port as MessagePort),
  engineBinary: () => readFile(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm")),
  guestSource(name) {
    let source = sources.get(name);
    if (source === undefined) {
      source = readFileSync(new URL(`../guest/${name}.js`, import.meta.url), "utf8");
      sources.set(name, source);
    }
    return source;
  },
  ...(options.imageDir ? { templateImages: imageFiles(options.imageDir) } : {}),
  ...(options.poolLoad ? { poolLoad: loadOf(new Int32Array(options.poolLoad)) } : {}),
});

const loadOf = (word: Int32Array) => () => Atomics.load(word, 0);

const CHECKSUM_BYTES = 32;
/**
 * Most images one directory keeps: the default template's, and one per module set (~1–1.5 MB each; a pack changed
 * is a new set, its old image never used again). Past it the least recently used go, by modification time, which
 * applying an image refreshes (loading one that no instance fits does not: it ages out).
 */
export const MAX_IMAGE_FILES = 32;
/**
 * Largest image saved (a template's memory below its break; the default one's is ~0.9 MB, `@capsule/yaml`'s ~1.4 MB):
 * a module set that leaves more state is rebuilt per worker rather than costing a process this much to read and hash.
 */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();

/** Images as `<dir>/<key>.image`: a sha256 of the rest, then the image; written to a temporary file and renamed. */
export function imageFiles(dir: string): TemplateImages {
  const file = (key: string) => join(dir, `${key}.image`);
  return {
    key: (parts) => digestParts(parts).slice(0, 32),
    load(key) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file(key));
      } catch {
        return undefined;
      }
      const body = bytes.subarray(CHECKSUM_BYTES);
      return bytes.length > CHECKSUM_BYTES && sha256(body).equals(bytes.subarray(0, CHECKSUM_BYTES)) ? body : undefined;
    },
    save(key, image) {
      if (image.byteLength > MAX_IMAGE_BYTES) return;
      const temporary = `${file(key)}.${process.pid}-${threadId}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(temporary, Buffer.concat([sha256(image), image]));
        renameSync(temporary, file(key));
      } catch {
        rmSync(temporary, { force: true });
        return;
      }
      prune(dir, file(key));
    },
    used: (key) => touch(file(key)),
  };
}

/** Marks an image used (a directory that cannot be written keeps its images in the order they were saved). */
function touch(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // Only the order in which images are removed depends on it.
  }
}

/** Removes the least recently used images past MAX_IMAGE_FILES, never `saved` (a failure leaves them: they only cost room). */
function prune(dir: string, saved: string): void {
  try {
    const images = readdirSync(dir).filter((name) => name.endsWith(".image")).map((name) => join(dir, name));
    if (images.length <= MAX_IMAGE_FILES) return;
    const used = new Map(images.map((path) => [path, statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0]));
    const oldest = images.filter((path) => path !== saved).sort((a, b) => used.get(a)! - used.get(b)!);
    for (const path of oldest.slice(0, images.length - MAX_IMAGE_FILES)) rmSync(path, { force: true });
  } catch {
    // Another process pruning the same directory, or one that cannot be listed: the next save tries again.
  }
}
