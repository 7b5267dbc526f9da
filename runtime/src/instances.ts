// Owns this worker's QuickJS WASM module instances. Each has its own linear memory whose maximum is the run's
// memory limit plus a fixed base: QuickJS's own limit (JS_SetMemoryLimit) bounds single allocations only under
// emscripten (malloc_usable_size reports 0, so nothing accumulates), so the WASM memory maximum is what
// actually stops a guest. Refuses to reuse an instance after a WASM-level fault or an out-of-memory run.

import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from "quickjs-emscripten-core";
import variantExport from "@jitl/quickjs-wasmfile-release-sync";
import { WASM_BASE_BYTES, WASM_INSTANCES_PER_WORKER } from "./limits.js";
import { EngineTemplate, TEMPLATE_GUEST_FILES, type EngineInstance, type PreloadSet } from "./template.js";
import { findBreakAddress } from "./snapshot-segments.js";
import { guardAllocations, watchGrowth } from "./growth-watch.js";
import { decodeImage, encodeImage, IMAGE_FORMAT, type ImageSlot, type ImageUse, type TemplateImages } from "./template-image.js";
import { BIG_STRING_LENGTH } from "./codec.js";
import { readWasmLayout, type WasmLayout } from "./wasm-layout.js";
import { enginePowers, LAZY_GUEST_FILES } from "./engine-powers.js";

// The package's types describe its CommonJS shape; under ESM the default export is the variant itself.
const baseVariant = variantExport as unknown as QuickJSSyncVariant;
const PAGE = 64 * 1024;

// Node provides WebAssembly at run time; the DOM lib that would type it is not part of this build.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  Memory: new (descriptor: { initial: number; maximum: number }) => object;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: Promise<{ module: object; layout: WasmLayout | undefined; imageKey: string | undefined }> | undefined;

/**
 * Compiles the engine's WASM once per worker (every instance is made from it), reads its memory layout and, where the
 * host keeps template images, names the image of this binary's default template (with the guest files it holds).
 */
function compiledModule() {
  compiled ??= enginePowers().engineBinary().then(async (bytes) => {
    const images = enginePowers().templateImages;
    const parts = [`capsule-template-image-${IMAGE_FORMAT}`, String(WASM_BASE_BYTES), String(BIG_STRING_LENGTH), bytes, ...TEMPLATE_GUEST_FILES.flatMap((file) => [file, enginePowers().guestSource(file)])];
    return { module: await wasm.compile(bytes), layout: readWasmLayout(bytes), imageKey: images?.key(parts) };
  });
  return compiled;
}

/** The image saved under `key` when it is there and intact, else where to save one (an intact image is never overwritten). */
function slot(images: TemplateImages, key: string): ImageSlot {
  const saved = images.load(key);
  const image = saved ? decodeImage(saved) : undefined;
  return image ? { image, used: () => images.used?.(key) } : { save: (built) => images.save(key, encodeImage(built)) };
}

/**
 * What a set image's key names on top of the default template's: every byte the preload evaluated and every choice
 * it was made under, in the order it used them: the limits it ran within, the facades (evaluated first, then the
 * bridge sealed), each module's specifier and source, each link, and every lazy guest file (a module that uses URL
 * or Intl as it loads evaluates them into the template; ~140 KB, hashed in well under a millisecond). Not the run's
 * moduleSetKey: its digests are the resolver's when it gives them, and a resolver whose digest is stale must not be
 * served an old pack's image.
 */
export function setImageParts(imageKey: string, set: PreloadSet): string[] {
  const facades = [String(set.facades.length), ...set.facades];
  const modules = Object.entries(set.modules).flatMap(([specifier, source]) => [specifier, source]);
  const links = Object.entries(set.links).flatMap(([from, to]) => [from, to]);
  const lazy = LAZY_GUEST_FILES.flatMap((file) => [file, enginePowers().guestSource(file)]);
  return ["capsule-set-image", imageKey, String(set.memoryBytes), String(set.stackBytes), ...facades, String(modules.length), ...modules, String(links.length), ...links, ...lazy];
}

/**
 * The images a template may use: its module set's, and the prelude's, read only when the set's is not applied. An
 * intact image a template refused (its instance was not fresh) is left for the fresh instances it fits.
 */
async function imageUse(preload: PreloadSet | undefined): Promise<ImageUse | undefined> {
  const images = enginePowers().templateImages;
  const { imageKey } = await compiledModule();
  if (!images || !imageKey) return undefined;
  const hasSet = preload !== undefined && Object.keys(preload.modules).length > 0;
  return { prelude: () => slot(images, imageKey), ...(hasSet ? { set: slot(images, images.key(setImageParts(imageKey, preload))) } : {}) };
}

interface InstanceRecord {
  instance: EngineInstance;
  template?: EngineTemplate;
}

const instances = new Map<string, Promise<InstanceRecord>>();
/** The allocator break's address is a fixed word of the engine's static data: found once per worker. */
let breakAddress: number | undefined | null = null;

async function createInstance(memoryBytes: number): Promise<InstanceRecord> {
  const maximumPages = Math.ceil((WASM_BASE_BYTES + memoryBytes) / PAGE);
  const memory = new wasm.Memory({ initial: WASM_BASE_BYTES / PAGE, maximum: maximumPages }) as { buffer: ArrayBuffer; grow(pages: number): number };
  const { module, layout } = await compiledModule();
  const instance: EngineInstance = { qjs: undefined as never, memory, layout, outOfMemory: false };
  instance.qjs = await watchGrowth(instance, memory, () => newQuickJSWASMModuleFromVariant(newVariant(baseVariant, { wasmModule: module as never, wasmMemory: memory as never })));
  guardAllocations(instance);
  if (breakAddress === null) breakAddress = findBreakAddress(instance);
  return { instance };
}

/** A fresh instance made before any task asked for one (prepareInstance), for the first new instance of its limit. */
let spare: { memoryBytes: number; record: Promise<InstanceRecord> } | undefined;

/**
 * Makes a fresh instance for `memoryBytes` now, compiling the engine first, without waiting for it: for a worker idle
 * before its first task that cannot build that task's template yet (worker.ts: a one-shot run that imports, whose
 * module set arrives with the task). The first new instance of that limit, of any module set, is then this one. It
 * holds no template until then, so it is as fresh as one made for the task, and may restore an image.
 */
export function prepareInstance(memoryBytes: number): void {
  if (spare) return;
  spare = { memoryBytes, record: createInstance(memoryBytes) };
  // A failure is the first task's to report (it awaits the same promise), not an unhandled rejection meanwhile.
  spare.record.catch(() => undefined);
}

function takeSpare(memoryBytes: number): Promise<InstanceRecord> | undefined {
  if (spare?.memoryBytes !== memoryBytes) return undefined;
  const { record } = spare;
  spare = undefined;
  return record;
}

const keyOf = (memoryBytes: number, moduleSetKey: string) => `${memoryBytes}\n${moduleSetKey}`;

/**
 * A template whose instance's memory can hold at most WASM_BASE_BYTES + memoryBytes, with the run's module set
 * preloaded when it has one. One instance per (memory limit, module set), kept in LRU order. The caller must end()
 * the template after its run, whether or not it is reusable.
 */
export async function templateFor(memoryBytes: number, moduleSetKey = "", preload?: PreloadSet): Promise<EngineTemplate> {
  const key = keyOf(memoryBytes, moduleSetKey);
  let record = instances.get(key);
  if (record) instances.delete(key);
  else record = takeSpare(memoryBytes) ?? createInstance(memoryBytes);
  instances.set(key, record);
  while (instances.size > WASM_INSTANCES_PER_WORKER) instances.delete(instances.keys().next().value!);
  const ready = await record;
  // The previous run's end, when it was left for after its outcome (template.ts endLater), is finished first; an
  // instance whose run could not be ended is not used again.
  ready.template?.settleEnd();
  if (ready.template?.broken) {
    instances.delete(key);
    return templateFor(memoryBytes, moduleSetKey, preload);
  }
  if (ready.template?.reusable) return ready.template;
  const template = EngineTemplate.create(ready.instance, breakAddress ?? undefined, preload, await imageUse(preload));
  // A template whose module set failed to preload serves this run (which then loads the modules itself) only.
  if (template.reusable && (preload === undefined || template.preloaded)) ready.template = template;
  else instances.delete(key);
  return template;
}

/** Drops an instance (and its template) so the next run with this limit and module set gets a fresh one. */
export function discardInstance(memoryBytes: number, moduleSetKey = ""): void {
  instances.delete(keyOf(memoryBytes, moduleSetKey));
}

/** Whether templates on this worker restore snapshots (for diagnostics and tests). */
export function snapshotsEnabled(): boolean {
  return typeof breakAddress === "number";
}
