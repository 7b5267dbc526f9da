// Owns a template's image: the engine memory of a template right after its prelude, codec, console and text were
// evaluated (a prelude image), or right after its module set was too (a set image: the whole template, as the build
// left it, sealed or not), kept across processes (the engine power `templateImages`, a directory in Node) so that a
// new worker restores it instead of evaluating ~45 KB of guest scripts (~90-130 ms of every worker's start on this
// machine) and, for a set image, the run's modules (js-yaml's bundle: most of a `capsule run` importing it).
// An image is only applied to a fresh instance whose start was byte-for-byte the same: before the prelude, the
// template records a fingerprint of everything host-side that points into the engine's memory (runtime, context
// and global pointers, the hot functions' handles and host-reference ids, the allocator's break); the image is used
// only when the fresh instance's fingerprint is the same, and then the host-side handles the template keeps are
// re-made from the pointers recorded with it. Its key names the engine binary, the guest scripts and this format,
// and a set image's also every byte of the set that was evaluated (instances.ts setImageParts).
// Refuses (returns undefined, and the template is built as before) an image that is truncated, of another format,
// or whose fingerprint differs; the power refuses one whose checksum does not match.

import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import type { EmscriptenInternals, EngineInstance } from "./template.js";
import { zeroGrowth } from "./snapshot-segments.js";

/**
 * Bumped whenever what an image holds, or how a template is built before its image is taken (the prelude's setup, and
 * for a set image the preload: preloadModules, its hooks, the facades-then-seal order), changes: the key covers the
 * bytes evaluated, not the host code that evaluated them.
 */
export const IMAGE_FORMAT = 2;
const MAGIC = 0x43505449; // "CPTI"

export interface TemplateImage {
  /** Host-side facts about the instance before the prelude was evaluated (see fingerprintOf in template.ts). */
  fingerprint: number[];
  /** Pointers of the handles the template keeps (configure, encode, …), in the template's order. */
  handles: number[];
  /** The allocator's break once the template was built. */
  brk: number;
  segments: Array<{ at: number; bytes: Uint8Array }>;
}

/** One image a template may use: an intact one saved earlier, or, only when there is none, where to save one. */
export interface ImageSlot {
  image?: TemplateImage;
  save?(image: TemplateImage): void;
  /** Called once `image` was applied (not when it was refused: an image no fresh instance fits is not kept for use). */
  used?(): void;
}

/** The images a template may use (instances.ts): its module set's (when it has one), then the prelude's. */
export interface ImageUse {
  /** The prelude's, read only when no set image was applied. */
  prelude(): ImageSlot;
  /** The whole template's, module set included: only for a template with a module set. */
  set?: ImageSlot;
}

/** The engine power a host gives to keep images (Node: files under a directory; absent in the browser). */
export interface TemplateImages {
  /** A stable key for `parts` (a digest). */
  key(parts: ReadonlyArray<string | Uint8Array>): string;
  /** The bytes saved under `key`, when they are there and intact. */
  load(key: string): Uint8Array | undefined;
  /** Saves `bytes` under `key` (atomically; a failure to save is ignored: images only save time). */
  save(key: string, bytes: Uint8Array): void;
  /** Marks the image under `key` applied to a template (a host that bounds its images keeps the most recently used). */
  used?(key: string): void;
}

/** Serializes an image: a header of 32-bit words (magic, format, counts, fingerprint, handles, break, segment table), then the segments. */
export function encodeImage(image: TemplateImage): Uint8Array {
  const header = [MAGIC, IMAGE_FORMAT, image.fingerprint.length, image.handles.length, image.segments.length, ...image.fingerprint, ...image.handles, image.brk];
  for (const { at, bytes } of image.segments) header.push(at, bytes.length);
  const headerBytes = header.length * 4;
  const out = new Uint8Array(headerBytes + image.segments.reduce((sum, s) => sum + s.bytes.length, 0));
  const view = new DataView(out.buffer);
  header.forEach((word, i) => view.setUint32(i * 4, word >>> 0, true));
  let offset = headerBytes;
  for (const { bytes } of image.segments) {
    out.set(bytes, offset);
    offset += bytes.length;
  }
  return out;
}

/** Reads an image back; undefined for anything that is not one of this format, whole. */
export function decodeImage(bytes: Uint8Array): TemplateImage | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const word = (i: number) => view.getUint32(i * 4, true);
  if (bytes.byteLength < 20 || word(0) !== MAGIC || word(1) !== IMAGE_FORMAT) return undefined;
  const [fingerprints, handles, segments] = [word(2), word(3), word(4)];
  const headerWords = 5 + fingerprints + handles + 1 + 2 * segments;
  if (fingerprints > 64 || handles > 64 || segments > 8 || bytes.byteLength < headerWords * 4) return undefined;
  let at = 5;
  const take = (n: number) => Array.from({ length: n }, () => word(at++));
  const image: TemplateImage = { fingerprint: take(fingerprints), handles: take(handles), brk: word(at++), segments: [] };
  let offset = headerWords * 4;
  for (let s = 0; s < segments; s++) {
    const [start, length] = take(2);
    // Past the break only by the top chunk's header and its end's footer (snapshot-segments.ts), never past 4 GiB.
    if (offset + length > bytes.byteLength || start + length > 2 ** 32) return undefined;
    image.segments.push({ at: start, bytes: bytes.subarray(offset, offset + length) });
    offset += length;
  }
  return offset === bytes.byteLength ? image : undefined;
}

/** True when two fingerprints are the same (same length, same words). */
export function sameFingerprint(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((word, i) => word >>> 0 === b[i]! >>> 0);
}

/**
 * What an image must match: the pointers of the runtime, the context, its global and the hot functions' handles, the
 * next host-reference id, the allocator's break and the memory's size, before the prelude. Undefined on a library
 * whose internals differ from the pinned 0.32's (no image is then used or saved).
 */
export function fingerprintOf(instance: EngineInstance, runtime: QuickJSRuntime, context: QuickJSContext, functions: readonly QuickJSHandle[], brk: number): number[] | undefined {
  const rt = runtime as unknown as { rt?: { value?: unknown }; hostRefs?: { nextId?: unknown } };
  const ctx = context as unknown as { ctx?: { value?: unknown }; memory?: { heapValueHandle?: unknown } };
  const words = [rt.rt?.value, ctx.ctx?.value, context.global.value, ...functions.map((h) => h.value), rt.hostRefs?.nextId, brk, instance.memory.buffer.byteLength];
  if (typeof ctx.memory?.heapValueHandle !== "function" || !words.every((w) => typeof w === "number")) return undefined;
  return words as number[];
}

/**
 * Writes `image` over a fresh instance's memory (its fingerprint matched) and re-makes the `kept` handles recorded
 * with it. The caller drops its hot functions' handles without disposing them: in the image their pointers are
 * already freed, and the functions live on in the prelude (disposing would free them and their host references).
 */
export function applyImage(instance: EngineInstance, context: QuickJSContext, image: TemplateImage, kept: number, brk: () => number): QuickJSHandle[] | undefined {
  if (image.handles.length !== kept) return undefined;
  const module = (instance.qjs as unknown as { module: EmscriptenInternals }).module;
  const brkNow = brk();
  // The memory the image writes: to its allocator's top, and to the end of that top chunk's footer past it.
  const extent = image.segments.reduce((end, { at, bytes }) => Math.max(end, at + bytes.length), image.brk);
  if (extent > instance.memory.buffer.byteLength) {
    // Grown through the allocator, so that the engine's views of its memory follow; the image then replaces its state.
    const block = module._malloc(extent - brkNow);
    if (!block) return undefined;
    module._free(block);
    if (extent > instance.memory.buffer.byteLength) return undefined;
  }
  const grownTo = Math.max(brkNow, brk());
  const memory = new Uint8Array(instance.memory.buffer);
  // Zeroed first, then written: the image's segments hold the allocator's top chunk's header and end past image.brk.
  zeroGrowth(memory, image.brk, grownTo);
  for (const { at, bytes } of image.segments) memory.set(bytes, at);
  const heap = (context as unknown as { memory: { heapValueHandle(ptr: number): QuickJSHandle } }).memory;
  return image.handles.map((ptr) => heap.heapValueHandle(ptr));
}
