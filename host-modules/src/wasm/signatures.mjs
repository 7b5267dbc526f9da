// Reads the signatures of a WASM binary's exported functions, for invoke.mjs to check declarations against.
// No dependency on Node or the DOM (the browser's WASM worker runs invoke.mjs too).

const VALTYPES = { 0x7f: "i32", 0x7e: "i64", 0x7d: "f32", 0x7c: "f64", 0x7b: "v128", 0x70: "funcref", 0x6f: "externref" };

/**
 * Reads the signatures of the exported functions from the binary (type, import, function and export sections),
 * so a declaration can be checked against the real types. Returns null when the binary uses encodings this
 * reader does not know (the call then falls back to checking the arity only).
 */
export function exportSignatures(bytes) {
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
