// Owns the Node worker's engine powers: the quickjs variant's WASM file and the guest scripts, read from disk once
// per thread, the thread's own CPU clock, and, when the sandbox names a directory for them, template images kept as
// files (template-image.ts). Refuses nothing; a missing file is a broken install and fails the worker's warm-up
// loudly. An image file whose checksum does not match is ignored (and replaced by the next template built).

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { receiveMessageOnPort, threadId, type MessagePort } from "node:worker_threads";
import type { EnginePowers, GuestFile } from "./engine-powers.js";
import type { TemplateImages } from "./template-image.js";
import { ownThreadCpu } from "./thread-cpu.js";

const sources = new Map<GuestFile, string>();

export interface NodeEngineOptions {
  /** A directory for template images (created when missing); without it no image is read or written. */
  imageDir?: string;
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
});

const CHECKSUM_BYTES = 32;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();

/** Images as `<dir>/<key>.image`: a sha256 of the rest, then the image; written to a temporary file and renamed. */
export function imageFiles(dir: string): TemplateImages {
  const file = (key: string) => join(dir, `${key}.image`);
  return {
    key(parts) {
      const hash = createHash("sha256");
      for (const part of parts) hash.update(`${part.length}:`).update(part);
      return hash.digest("hex").slice(0, 32);
    },
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
      const temporary = `${file(key)}.${process.pid}-${threadId}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(temporary, Buffer.concat([sha256(image), image]));
        renameSync(temporary, file(key));
      } catch {
        rmSync(temporary, { force: true });
      }
    },
  };
}
