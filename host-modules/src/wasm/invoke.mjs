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
// and kept for the module's next instance, unless it grew; so a memory's making (most of an instance's cost) leaves
// the critical path, while each instance still starts from zeroed memory of its initial size with its data
// segments written afresh. At most one memory is kept per compiled module, besides the spare's.

import { refusal, refusalCode } from "../refusal.mjs";
import { MEMORY_MODULE, MEMORY_NAME, withImportedMemory } from "./memory-import.mjs";

const MAX_MODULES = 32;
/** digest -> WebAssembly.Module, in least-recently-used order (Map keeps insertion order). */
const modules = new Map();

const VALTYPES = { 0x7f: "i32", 0x7e: "i64", 0x7d: "f32", 0x7c: "f64", 0x7b: "v128", 0x70: "funcref", 0x6f: "externref" };

/**
 * Reads the signatures of the exported functions from the binary (type, import, function and export sections),
 * so a declaration can be checked against the real types. Returns null when the binary uses encodings this
 * reader does not know (the call then falls back to checking the arity only).
 */
function exportSignatures(bytes) {
  try {
    let pos = 8;
    const byte = () => {
      if (pos >= bytes.length) throw new Error("eof");
      return bytes[pos++];
    };
    const leb = () => {
      let result = 0;
      let mul = 1;
      for (;;) {
        const b = byte();
        result += (b & 0x7f) * mul;
        if (!(b & 0x80)) return result;
        mul *= 128;
      }
    };
    const name = () => {
      const len = leb();
      const text = new TextDecoder().decode(bytes.subarray(pos, pos + len));
      pos += len;
      return text;
    };
    const valtype = () => {
      const t = VALTYPES[byte()];
      if (!t) throw new Error("unknown valtype");
      return t;
    };
    const limits = () => {
      const flags = byte();
      leb();
      if (flags & 1) leb();
    };
    const types = [];
    const funcs = [];
    const exports = new Map();
    let hasStart = false;
    while (pos < bytes.length) {
      const id = byte();
      const size = leb();
      const end = pos + size;
      if (id === 1) {
        for (let n = leb(); n > 0; n--) {
          if (byte() !== 0x60) throw new Error("non-func type");
          const params = [];
          for (let k = leb(); k > 0; k--) params.push(valtype());
          const results = [];
          for (let k = leb(); k > 0; k--) results.push(valtype());
          types.push({ params, results });
        }
      } else if (id === 2) {
        for (let n = leb(); n > 0; n--) {
          name();
          name();
          const kind = byte();
          if (kind === 0) funcs.push(leb());
          else if (kind === 1) (byte(), limits());
          else if (kind === 2) limits();
          else if (kind === 3) (valtype(), byte());
          else throw new Error("unknown import kind");
        }
      } else if (id === 3) {
        for (let n = leb(); n > 0; n--) funcs.push(leb());
      } else if (id === 8) {
        hasStart = true;
      } else if (id === 7) {
        for (let n = leb(); n > 0; n--) {
          const exportName = name();
          const kind = byte();
          const index = leb();
          if (kind === 0) {
            const type = types[funcs[index]];
            if (!type) throw new Error("bad function index");
            exports.set(exportName, type);
          }
        }
      }
      pos = end;
    }
    exports.hasStart = hasStart;
    return exports;
  } catch {
    return null;
  }
}

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
      kept: null,
      checked: new Set(),
      checkedDeclarations: new WeakMap(),
    };
  } catch (error) {
    throw refusal("wasm-module-invalid", `the module does not compile: ${error?.message ?? error}`);
  }
  modules.set(digest, module);
  lastDigest = digest;
  while (modules.size > MAX_MODULES) modules.delete(modules.keys().next().value);
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

/** The memory of the instance last made for a call, given back (zeroed) once its reply is posted. */
let lent = null;

/**
 * A new instance of `cached`. A module compiled with its memory imported gets the kept memory when there is one
 * (zeroed when it was given back, and of its initial size: a memory that grew is never kept), else a new one of the
 * declared limits; instantiation then writes its data segments, so it starts as a memory of its own would.
 */
function instantiate(cached) {
  if (!cached.memory) return { instance: new WebAssembly.Instance(cached.module, {}), memory: null };
  const { initial, maximum } = cached.memory;
  const memory = cached.kept ?? new WebAssembly.Memory(maximum === undefined ? { initial } : { initial, maximum });
  cached.kept = null;
  return { instance: new WebAssembly.Instance(cached.module, { [MEMORY_MODULE]: { [MEMORY_NAME]: memory } }), memory };
}

/** Keeps a call's memory for the next instance of its module, zeroed, unless it grew (its size then differs). */
function giveBack(digest, memory) {
  const cached = modules.get(digest);
  if (!cached?.memory || cached.kept) return;
  if (memory.buffer.byteLength !== cached.memory.initial * 65536) return;
  new Uint8Array(memory.buffer).fill(0);
  cached.kept = memory;
}

/** Makes the spare for `digest` (after a reply was posted), when the module has no start function. */
function prepareSpare(digest) {
  if (spare?.digest === digest) return;
  spare = null;
  const cached = modules.get(digest);
  if (!cached || !cached.signatures || cached.signatures.hasStart) return;
  try {
    spare = { digest, ...instantiate(cached) };
  } catch {
    // The call path instantiates again and reports why it cannot.
  }
}

/** The digest the spare is for, or null (for tests). */
export function spareDigest() {
  return spare?.digest ?? null;
}

/** A never-called instance of the module: the spare when it is this module's, else a new one. */
function freshInstance(digest, cached) {
  if (spare?.digest === digest) {
    const { instance, memory } = spare;
    spare = null;
    lent = memory && { digest, memory };
    return instance;
  }
  const { instance, memory } = instantiate(cached);
  lent = memory && { digest, memory };
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
  try {
    instance = freshInstance(digest, cached);
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
  if (lent) giveBack(lent.digest, lent.memory);
  lent = null;
  prepareSpare(message.digest);
}
