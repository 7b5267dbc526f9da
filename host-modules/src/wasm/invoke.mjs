// The inside of one WASM pool worker, with no dependency on Node or the DOM (worker.mjs runs it in a thread, the
// browser runner in a Web Worker). Keeps compiled WebAssembly.Modules by digest (bounded, least recently used
// dropped first) and answers each call with a FRESH WebAssembly.Instance with no imports, so no global,
// table or memory survives a call. Bytes convention: the module exports `memory` and `alloc(i32) -> i32`;
// each bytes argument is copied to alloc(len) and passed as (ptr, len); a bytes result comes back as an i64
// (ptr << 32) | len and is copied out, bounds-checked.
//
// A spare instance of the module last called is made right after each reply is posted, so the next call of it skips
// instantiation (~10-30 µs) on its critical path. A spare is as fresh as one made at call time: it is never called
// before the call it serves, and only modules without a start function get one (nothing of the module runs
// outside a call's timeout). One spare at most.
//
// A module's memory is recycled (memory-import.mjs compiles it imported): after a reply, the call's memory is zeroed
// and kept for the module's next instance of that size; so a memory's making and its first touch (page faults, most
// of an instance's cost and, for megabytes of bytes, most of a call's) leave the critical path, while each instance
// still starts from zeroed memory with its data segments written afresh. A call whose bytes arguments come to 64 KiB
// or more gets a memory of its initial size plus the pages those bytes fill (up to its maximum), so copying them in
// needs no growth: its size at the call's start is a function of that call's own arguments, never of an earlier
// call's (memorySize). At most two sizes are kept per compiled module, and KEPT_BYTES_MAX in all.

import { refusal, refusalCode } from "../refusal.mjs";
import { MEMORY_MODULE, MEMORY_NAME, withImportedMemory } from "./memory-import.mjs";
import { exportSignatures } from "./signatures.mjs";

const MAX_MODULES = 32;
/** digest -> WebAssembly.Module, in least-recently-used order (Map keeps insertion order). */
const modules = new Map();

/** The digest used last (already the most recent in `modules`: no reordering for a run of calls to one module). */
let lastDigest = null;

function moduleFor(digest, bytes) {
  let module = modules.get(digest);
  if (module) {
    if (digest !== lastDigest) {
      modules.delete(digest);
      modules.set(digest, module);
      lastDigest = digest;
    }
    return module;
  }
  if (!bytes) return null;
  try {
    // Compiled with its memory imported when it can be (memory-import.mjs), so a call's memory can be a recycled one.
    const imported = withImportedMemory(bytes);
    module = {
      module: new WebAssembly.Module(imported?.bytes ?? bytes),
      signatures: exportSignatures(bytes),
      memory: imported ? { initial: imported.initial, maximum: imported.maximum } : null,
      kept: new Map(),
      lastPages: 0,
      checked: new Set(),
      checkedDeclarations: new WeakMap(),
    };
  } catch (error) {
    throw refusal("wasm-module-invalid", `the module does not compile: ${error?.message ?? error}`);
  }
  modules.set(digest, module);
  lastDigest = digest;
  while (modules.size > MAX_MODULES) {
    const oldest = modules.keys().next().value;
    for (const memory of modules.get(oldest).kept.values()) keptBytes -= memory.buffer.byteLength;
    modules.delete(oldest);
  }
  return module;
}

/** The declaration must match the export's real wasm signature (bytes = i32 ptr, i32 len; bytes result = i64). */
function checkSignature(exportName, declaration, signature) {
  const params = declaration.params.flatMap((p) => (p === "bytes" ? ["i32", "i32"] : [p]));
  const results = declaration.result === undefined ? [] : [declaration.result === "bytes" ? "i64" : declaration.result];
  const show = (ps, rs) => `(${ps.join(", ")}) -> (${rs.join(", ")})`;
  if (params.join() !== signature.params.join() || results.join() !== signature.results.join()) {
    throw refusal(
      "wasm-module-invalid",
      `"${exportName}" has the wasm signature ${show(signature.params, signature.results)} but its declaration implies ${show(params, results)}`,
    );
  }
}

function trapKind(error) {
  if (error instanceof WebAssembly.RuntimeError) return error.message || "runtime error";
  if (error instanceof RangeError && /call stack/i.test(error.message)) return "stack overflow";
  return null;
}

/** The spare: { digest, instance } of the module last called, never called yet; taken by the next call of it. */
let spare = null;

/** Memories to give back (zeroed) once the call's reply is posted: the call's own, and a spare's that did not fit. */
const lent = [];

/** Bytes arguments of at least this many bytes in all get a memory sized to hold them. */
const SIZED_BYTES_MIN = 65536;
/** The most bytes of zeroed memories kept across all modules (a 1 MiB argument's memory is ~1.1 MiB). */
const KEPT_BYTES_MAX = 32 * 1024 * 1024;
const KEPT_SIZES_MAX = 2;
let keptBytes = 0;

/**
 * The pages an instance of `cached` starts with for this call: the module's initial size, plus the pages its bytes
 * arguments fill when they come to SIZED_BYTES_MIN or more (bounded by the maximum), so the module's alloc finds room
 * without growing the memory. Depends only on the call's own arguments.
 */
function memorySize(cached, declaration, args) {
  const { initial, maximum } = cached.memory;
  let bytes = 0;
  for (let i = 0; i < args.length; i++) if (declaration.params[i] === "bytes") bytes += args[i].length;
  if (bytes < SIZED_BYTES_MIN) return initial;
  const pages = initial + Math.ceil(bytes / 65536);
  return maximum === undefined ? pages : Math.min(pages, maximum);
}

/**
 * A new instance of `cached`. A module compiled with its memory imported gets a kept memory of `pages` when there is
 * one (zeroed when it was given back), else a new one of the declared limits grown to `pages`; instantiation then
 * writes its data segments, so it starts as a memory of its own of that size would.
 */
function instantiate(cached, pages) {
  if (!cached.memory) return { instance: new WebAssembly.Instance(cached.module, {}), memory: null, pages: 0 };
  const { maximum } = cached.memory;
  let memory = cached.kept.get(pages);
  if (memory) {
    cached.kept.delete(pages);
    keptBytes -= memory.buffer.byteLength;
  } else {
    memory = new WebAssembly.Memory(maximum === undefined ? { initial: pages } : { initial: pages, maximum });
  }
  return { instance: new WebAssembly.Instance(cached.module, { [MEMORY_MODULE]: { [MEMORY_NAME]: memory } }), memory, pages };
}

/** Keeps a call's memory, zeroed, for the module's next instance of its size, within the bounds above. */
function giveBack(digest, memory) {
  const cached = modules.get(digest);
  const size = memory.buffer.byteLength;
  const pages = size / 65536;
  if (!cached?.memory || cached.kept.has(pages) || keptBytes + size > KEPT_BYTES_MAX) return;
  if (cached.kept.size >= KEPT_SIZES_MAX) {
    const [oldest, dropped] = cached.kept.entries().next().value;
    cached.kept.delete(oldest);
    keptBytes -= dropped.buffer.byteLength;
  }
  new Uint8Array(memory.buffer).fill(0);
  cached.kept.set(pages, memory);
  keptBytes += size;
}

/** Makes the spare for `digest` (after a reply was posted), when the module has no start function. */
function prepareSpare(digest) {
  if (spare?.digest === digest) return;
  spare = null;
  const cached = modules.get(digest);
  if (!cached || !cached.signatures || cached.signatures.hasStart) return;
  try {
    // Of the size the module's last call started with: a run's calls tend to pass bytes of like sizes.
    spare = { digest, ...instantiate(cached, cached.memory ? cached.lastPages || cached.memory.initial : 0) };
  } catch {
    // The call path instantiates again and reports why it cannot.
  }
}

/** The digest the spare is for, or null (for tests). */
export function spareDigest() {
  return spare?.digest ?? null;
}

/** A never-called instance of the module: the spare when it is this module's, else a new one. */
function freshInstance(digest, cached, pages) {
  if (spare?.digest === digest) {
    const { instance, memory } = spare;
    const fits = spare.pages === pages;
    spare = null;
    if (memory) lent.push(memory);
    if (fits) return instance;
  }
  const { instance, memory } = instantiate(cached, pages);
  if (memory) lent.push(memory);
  return instance;
}

function run({ digest, bytes, exportName, declaration, args }) {
  const cached = moduleFor(digest, bytes);
  if (!cached) return { needBytes: true };
  const signature = cached.signatures?.get(exportName);
  if (signature && cached.checkedDeclarations.get(declaration) !== exportName) {
    // Checked once per export and declaration while the module stays compiled (the check builds strings each time);
    // a declaration object checked before for this export (the direct executor reuses one per export) skips building
    // its key too. Such an object is never changed once sent (a structured clone, or the executor's own).
    const key = `${exportName}\0${declaration.params.join()}\0${declaration.result}`;
    if (!cached.checked.has(key)) {
      checkSignature(exportName, declaration, signature);
      cached.checked.add(key);
    }
    cached.checkedDeclarations.set(declaration, exportName);
  }
  let instance;
  const pages = cached.memory ? memorySize(cached, declaration, args) : 0;
  if (cached.memory) cached.lastPages = pages;
  try {
    instance = freshInstance(digest, cached, pages);
  } catch (error) {
    const kind = trapKind(error);
    // A start function may trap; a module that needs imports cannot link.
    if (kind) throw refusal("wasm-trap", `trap during instantiation: ${kind}`);
    throw refusal("wasm-module-invalid", `the module cannot be instantiated without imports: ${error?.message ?? error}`);
  }
  const exports = instance.exports;
  const fn = exports[exportName];
  if (typeof fn !== "function") throw refusal("wasm-export-missing", `the module has no exported function "${exportName}"`);
  const usesBytes = declaration.params.includes("bytes") || declaration.result === "bytes";
  const memory = exports.memory;
  const alloc = exports.alloc;
  if (usesBytes && !(memory instanceof WebAssembly.Memory && typeof alloc === "function")) {
    throw refusal("wasm-module-invalid", `"${exportName}" takes or returns bytes but the module does not export "memory" and "alloc"`);
  }
  const wasmArity = declaration.params.reduce((sum, p) => sum + (p === "bytes" ? 2 : 1), 0);
  if (fn.length !== wasmArity) {
    throw refusal("wasm-module-invalid", `"${exportName}" takes ${fn.length} wasm parameters but its declaration implies ${wasmArity}`);
  }
  const wasmArgs = [];
  try {
    for (let i = 0; i < args.length; i++) {
      if (declaration.params[i] !== "bytes") {
        wasmArgs.push(args[i]);
        continue;
      }
      const data = args[i];
      const ptr = alloc(data.length) >>> 0;
      const buffer = memory.buffer; // read after alloc: growing memory detaches the old buffer
      if (ptr + data.length > buffer.byteLength) {
        throw refusal("wasm-result-invalid", `alloc(${data.length}) returned ${ptr}, outside the ${buffer.byteLength}-byte memory`);
      }
      new Uint8Array(buffer, ptr, data.length).set(data);
      wasmArgs.push(ptr | 0, data.length);
    }
    const value = fn(...wasmArgs);
    return { value: convertResult(value, declaration.result, memory, exportName) };
  } catch (error) {
    if (refusalCode(error)) throw error;
    const kind = trapKind(error);
    if (kind) throw refusal("wasm-trap", `"${exportName}" trapped: ${kind}`);
    throw error;
  }
}

function convertResult(value, result, memory, exportName) {
  const bad = (what) => refusal("wasm-result-invalid", `"${exportName}" ${what}`);
  switch (result) {
    case undefined:
      if (value !== undefined) throw bad("returned a value but its declaration has no result");
      return undefined;
    case "i32":
    case "f32":
    case "f64":
      if (typeof value !== "number") throw bad(`returned ${value === undefined ? "nothing" : typeof value} where ${result} was declared`);
      return value;
    case "i64":
      if (typeof value !== "bigint") throw bad(`returned ${value === undefined ? "nothing" : typeof value} where i64 was declared`);
      return value;
    case "bytes": {
      if (typeof value !== "bigint") throw bad("must return bytes as an i64 (ptr << 32) | len");
      const packed = BigInt.asUintN(64, value);
      const ptr = Number(packed >> 32n);
      const len = Number(packed & 0xffffffffn);
      const size = memory.buffer.byteLength;
      if (ptr + len > size) throw bad(`returned bytes at ${ptr}..${ptr + len}, outside the ${size}-byte memory`);
      return new Uint8Array(memory.buffer, ptr, len).slice();
    }
    default:
      throw bad(`has an unknown result type`);
  }
}

/** Calls waiting for the module bytes (the host sent none, believing this worker had compiled the digest). */
const pending = new Map();

/** Answers one pool message through `post(reply, transfer)`; a call whose bytes are missing waits for its resume. */
export function handleMessage(incoming, post) {
  const { id } = incoming;
  let message = incoming;
  if (incoming.resume) {
    message = pending.get(id);
    pending.delete(id);
    if (!message) return;
    message.bytes = incoming.bytes;
  }
  try {
    const out = run(message);
    if (out.needBytes) pending.set(id, message);
    if (out.needBytes) post({ id, needBytes: true });
    else if (out.value instanceof Uint8Array) post({ id, ok: true, value: out.value }, [out.value.buffer]);
    else post({ id, ok: true, value: out.value });
  } catch (error) {
    const code = refusalCode(error) ?? "wasm-internal";
    post({ id, ok: false, code, message: String(error?.message ?? error).slice(0, 500) });
  }
  // Off the caller's critical path: the reply is already on its way.
  for (const memory of lent) giveBack(message.digest, memory);
  lent.length = 0;
  prepareSpare(message.digest);
}
