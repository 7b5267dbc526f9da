// Owns noticing that the engine's allocator could not grow its memory, which is how a guest's out-of-memory is told
// apart from every other error (no guest can catch E_MEMORY). The allocator asks the emscripten glue's
// emscripten_resize_heap import for a bigger heap; the import refuses a heap past 2 GiB before it calls the memory's
// grow(), so the instance is watched at the import, found among the imports when the module is instantiated (the one
// function whose source calls grow()). Where no such import is found (another build of the glue), grow() itself is
// watched, as before; then a refusal past 2 GiB is not seen. The host's own allocations in the engine's memory (a
// string, an answer's bytes) are guarded too: the library writes at the address malloc returns without checking it.

import type { EngineInstance } from "./template.js";

type Imports = Record<string, Record<string, unknown>>;
interface WasmInstantiate {
  instantiate(source: unknown, imports?: Imports): Promise<unknown>;
}
const api = (globalThis as unknown as { WebAssembly: WasmInstantiate }).WebAssembly;

/** Instances being made now, by their memory (the one value every instance's imports hold that is theirs alone). */
const making = new Map<object, EngineInstance>();
let unwatched: WasmInstantiate["instantiate"] | undefined;

/**
 * Runs `make` (which instantiates the engine's module with `memory` among its imports) with the instance's heap
 * growth watched: `instance.outOfMemory` is set when a growth fails, and `instance.growthWatch` says where it was
 * watched. WebAssembly.instantiate is wrapped only while an instance is made.
 */
export async function watchGrowth<T>(instance: EngineInstance, memory: { grow(pages: number): number }, make: () => Promise<T>): Promise<T> {
  making.set(memory, instance);
  if (unwatched === undefined) {
    const real = (unwatched = api.instantiate);
    api.instantiate = function (this: unknown, source: unknown, imports?: Imports) {
      if (imports) watchImports(imports);
      return real.call(this, source, imports);
    };
  }
  try {
    return await make();
  } finally {
    making.delete(memory);
    if (making.size === 0 && unwatched !== undefined) {
      api.instantiate = unwatched;
      unwatched = undefined;
    }
    if (instance.growthWatch === undefined) watchGrow(instance, memory);
  }
}

function watchImports(imports: Imports): void {
  const modules = Object.values(imports).filter((module) => typeof module === "object" && module !== null);
  const owner = modules.flatMap((module) => Object.values(module)).map((value) => (typeof value === "object" && value !== null ? making.get(value) : undefined)).find((found) => found !== undefined);
  if (!owner) return;
  const resizers = modules.flatMap((module) => Object.keys(module).filter((name) => typeof module[name] === "function" && Function.prototype.toString.call(module[name]).includes(".grow(")).map((name) => ({ module, name })));
  if (resizers.length !== 1) return;
  const { module, name } = resizers[0]!;
  const resize = module[name] as (bytes: number) => boolean;
  // Sticky for the run (the run's start clears it): the import makes its own retries with less room, and QuickJS
  // has no allocation whose failure it recovers from, so a refusal here is an allocation that failed.
  module[name] = (bytes: number) => {
    const grown = resize(bytes);
    if (!grown) owner.outOfMemory = true;
    return grown;
  };
  owner.growthWatch = "resize";
}

/** The fallback: a failed grow() marks the instance (the allocator tries smaller amounts; a later success clears it). */
function watchGrow(instance: EngineInstance, memory: { grow(pages: number): number }): void {
  const grow = memory.grow.bind(memory);
  memory.grow = (pages: number) => {
    try {
      const previous = grow(pages);
      instance.outOfMemory = false;
      return previous;
    } catch (error) {
      instance.outOfMemory = true;
      throw error;
    }
  };
  instance.growthWatch = "grow";
}

/**
 * Makes every allocation the host asks of the engine (`_malloc`, which quickjs-emscripten calls for each string and
 * buffer it puts into the engine's memory) throw when it fails, marking the instance, instead of returning 0: the
 * library then wrote the bytes from address 0 over the engine's static data, its stack and its runtime (a host answer
 * echoing guest data wrote guest-chosen bytes there), and the worker faulted on the next engine call.
 */
export function guardAllocations(instance: EngineInstance): void {
  const module = (instance.qjs as unknown as { module?: { _malloc?: (size: number) => number } }).module;
  const malloc = module?._malloc;
  if (!module || typeof malloc !== "function") return;
  module._malloc = (size: number) => {
    const pointer = malloc(size);
    if (pointer === 0 && size > 0) {
      instance.outOfMemory = true;
      throw new RangeError(`out of memory: the engine could not allocate ${size} bytes for the host`);
    }
    return pointer;
  };
}
