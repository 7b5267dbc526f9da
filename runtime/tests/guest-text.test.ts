// Tests for runtime/guest/text.js (TextEncoder, TextDecoder, atob, btoa)
// running inside QuickJS, compared against Node's own implementations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGuest, measureEval, type Guest } from "./helpers/raw-quickjs.js";

let g: Guest & { evalMs: number };

beforeAll(async () => {
  g = await loadGuest("text.js", "__text");
  // `units` returns UTF-16 code units so lone surrogates survive the trip out of the guest.
  g.evalJSON(`var T = __text, TE = T.TextEncoder, TD = T.TextDecoder;
    function units(s) { var a = []; for (var i = 0; i < s.length; i++) a.push(s.charCodeAt(i)); return a; }
    function bytes(u) { return Array.prototype.slice.call(u); }
    function err(f) { try { return { ok: f() }; } catch (e) { return { err: e.name, msg: e.message, code: e.code }; } }
    0`);
});
afterAll(() => g?.dispose());

const units = (s: string) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
const run = (code: string) => g.evalJSON(code);

// Deterministic PRNG so failures are reproducible.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
function randomString(r: () => number, len: number): string {
  let s = "";
  for (let i = 0; i < len; i++) {
    const k = r();
    if (k < 0.35) s += String.fromCharCode(32 + Math.floor(r() * 95));
    else if (k < 0.5) s += String.fromCharCode(0x80 + Math.floor(r() * 0x780)); // 2-byte
    else if (k < 0.65) s += String.fromCharCode(0x800 + Math.floor(r() * 0xd000)); // 3-byte (below surrogates)
    else if (k < 0.72) s += String.fromCharCode(0xe000 + Math.floor(r() * 0x2000)); // 3-byte (above surrogates)
    else if (k < 0.87) s += String.fromCodePoint(0x10000 + Math.floor(r() * 0xfffff)); // astral pair
    else if (k < 0.92) s += String.fromCharCode(0xd800 + Math.floor(r() * 0x400)); // lone high
    else if (k < 0.97) s += String.fromCharCode(0xdc00 + Math.floor(r() * 0x400)); // lone low
    else s += ["\0", "\uffff", "\ufeff", "\u0080", "\u07ff", "\u0800", "\ud7ff", "\ue000"][Math.floor(r() * 8)];
  }
  return s;
}
const jsStr = (s: string) => JSON.stringify(s); // escapes lone surrogates as \uXXXX
const jsBytes = (b: ArrayLike<number>) => `new Uint8Array(${JSON.stringify(Array.from(b))})`;

describe("TextEncoder", () => {
  it("basic shape", () => {
    expect(run(`[new TE().encoding, typeof TE.prototype.encode, Object.prototype.toString.call(new TE().encode("a")), bytes(new TE().encode()), bytes(new TE().encode(undefined))]`))
      .toEqual(["utf-8", "function", "[object Uint8Array]", [], []]);
    expect(run(`err(function(){ return TE(); }).err`)).toBe("TypeError");
    expect(run(`[String(new TE()), String(new TD()), Object.keys(new TD()).length, new TD("utf-16le", { fatal: 1, ignoreBOM: 1 }).fatal, Object.keys(TD.prototype).length, JSON.stringify(new TE())]`))
      .toEqual([String(new TextEncoder()), String(new TextDecoder()), 0, true, 0, "{}"]);
  });

  it("encode matches Node for random strings with astral chars and lone surrogates", () => {
    const r = rng(1);
    const strs = ["", "a", "\ud800", "\udc00", "\ud800\udc00", "\udc00\ud800", "\ud83d\ude00x\ud83d", "é€😀", "\ufeffBOM"];
    for (let i = 0; i < 300; i++) strs.push(randomString(r, 1 + Math.floor(r() * 40)));
    const got = run(`[${strs.map((s) => `bytes(new TE().encode(${jsStr(s)}))`).join(",")}]`) as number[][];
    const enc = new TextEncoder();
    strs.forEach((s, i) => expect(got[i], `string #${i} ${jsStr(s)}`).toEqual(Array.from(enc.encode(s))));
  });

  it("encodeInto matches Node for every destination size", () => {
    const enc = new TextEncoder();
    const r = rng(2);
    const strs = ["a€😀b\ud800c", "ßßß", "😀😀", randomString(r, 12), randomString(r, 12)];
    const cases: string[] = [];
    const want: unknown[] = [];
    for (const s of strs) {
      const full = enc.encode(s).length;
      for (let n = 0; n <= full + 1; n++) {
        cases.push(`(function(){ var u = new Uint8Array(${n}).fill(7); var r = new TE().encodeInto(${jsStr(s)}, u); return [r.read, r.written, bytes(u)]; })()`);
        const u = new Uint8Array(n).fill(7);
        const res = enc.encodeInto(s, u);
        want.push([res.read, res.written, Array.from(u)]);
      }
    }
    expect(run(`[${cases.join(",")}]`)).toEqual(want);
  });
});

describe("TextDecoder (utf-8)", () => {
  const dec = (b: Uint8Array, o?: { fatal?: boolean; ignoreBOM?: boolean }) => units(new TextDecoder("utf-8", o).decode(b));

  it("decode matches Node on valid, invalid, truncated and overlong input", () => {
    const r = rng(3);
    const inputs: Uint8Array[] = [
      Uint8Array.of(), Uint8Array.of(0xff), Uint8Array.of(0xc0, 0x80), Uint8Array.of(0xe0, 0x80, 0x80), Uint8Array.of(0xed, 0xa0, 0x80),
      Uint8Array.of(0xf4, 0x90, 0x80, 0x80), Uint8Array.of(0xf0, 0x9f, 0x98), Uint8Array.of(0xe2, 0x82), Uint8Array.of(0xc3),
      Uint8Array.of(0xf0, 0x9f, 0x41, 0x98, 0x80), Uint8Array.of(0x80, 0xbf, 0xc2), Uint8Array.of(0xf5, 0xf8, 0xfe, 0xff, 0x41),
      Uint8Array.of(0xef, 0xbb, 0xbf, 0x41), Uint8Array.of(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf), Uint8Array.of(0xef, 0xbb),
    ];
    const enc = new TextEncoder();
    for (let i = 0; i < 150; i++) inputs.push(enc.encode(randomString(r, 1 + Math.floor(r() * 30))));
    for (let i = 0; i < 150; i++) inputs.push(Uint8Array.from({ length: Math.floor(r() * 24) }, () => Math.floor(r() * 256)));
    // long inputs exercise the ASCII fast path (> 64 bytes) followed by multi-byte data
    inputs.push(enc.encode("x".repeat(100) + "é😀" + "y".repeat(70)), Uint8Array.from([...enc.encode("z".repeat(90)), 0xff, 0xe2, 0x82]));
    const got = run(`[${inputs.map((b) => `units(new TD().decode(${jsBytes(b)}))`).join(",")}]`) as number[][];
    inputs.forEach((b, i) => expect(got[i], `input #${i} [${Array.from(b)}]`).toEqual(dec(b)));
  });

  it("ignoreBOM and BOM handling match Node", () => {
    const inputs = [Uint8Array.of(0xef, 0xbb, 0xbf), Uint8Array.of(0xef, 0xbb, 0xbf, 0x61), Uint8Array.of(0x61, 0xef, 0xbb, 0xbf), Uint8Array.of(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x62)];
    for (const ignoreBOM of [false, true]) {
      const got = run(`[${inputs.map((b) => `units(new TD("utf-8", { ignoreBOM: ${ignoreBOM} }).decode(${jsBytes(b)}))`).join(",")}]`);
      expect(got).toEqual(inputs.map((b) => dec(b, { ignoreBOM })));
    }
    // BOM split across stream chunks; BOM state resets after a non-streaming call
    const code = `(function(){ var d = new TD(); var a = d.decode(new Uint8Array([0xef]), { stream: true }); var b = d.decode(new Uint8Array([0xbb, 0xbf, 0x41]), { stream: true });
      var c = d.decode(new Uint8Array([0xef, 0xbb, 0xbf])); var e = d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x42])); return [units(a), units(b), units(c), units(e)]; })()`;
    const d = new TextDecoder();
    const want = [d.decode(Uint8Array.of(0xef), { stream: true }), d.decode(Uint8Array.of(0xbb, 0xbf, 0x41), { stream: true }), d.decode(Uint8Array.of(0xef, 0xbb, 0xbf)), d.decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x42))].map(units);
    expect(run(code)).toEqual(want);
  });

  it("streaming decode split at every byte boundary matches Node", () => {
    const samples = ["aé€😀b", "😀😀😀", "\u0800\uffff\u{10ffff}", "x\u00ff\u07ff\u0800"];
    const raw = [Uint8Array.of(0xf0, 0x9f, 0x98, 0x80, 0xff, 0xe2, 0x82, 0xac, 0xc3), Uint8Array.of(0xe2, 0x82, 0x41, 0xf0, 0x9f, 0x98)];
    const all = [...samples.map((s) => new TextEncoder().encode(s)), ...raw];
    for (const b of all) {
      const cases: string[] = [];
      const want: number[][][] = [];
      for (let cut = 0; cut <= b.length; cut++) {
        const A = b.slice(0, cut), B = b.slice(cut);
        cases.push(`(function(){ var d = new TD(); return [units(d.decode(${jsBytes(A)}, { stream: true })), units(d.decode(${jsBytes(B)}))]; })()`);
        const d = new TextDecoder();
        want.push([units(d.decode(A, { stream: true })), units(d.decode(B))]);
      }
      // one byte at a time, then flush
      cases.push(`(function(){ var d = new TD(), b = ${jsBytes(b)}, out = []; for (var i = 0; i < b.length; i++) out.push(units(d.decode(b.subarray(i, i + 1), { stream: true }))); out.push(units(d.decode())); return out; })()`);
      const d = new TextDecoder();
      want.push([...Array.from(b, (x) => units(d.decode(Uint8Array.of(x), { stream: true }))), units(d.decode())]);
      expect(run(`[${cases.join(",")}]`), `bytes [${Array.from(b)}]`).toEqual(want);
    }
  });

  it("fatal mode throws TypeError exactly where Node does", () => {
    const inputs = [Uint8Array.of(0xff), Uint8Array.of(0x61, 0xc3), Uint8Array.of(0xed, 0xa0, 0x80), Uint8Array.of(0xc3, 0xa9), Uint8Array.of(0xf0, 0x9f, 0x98, 0x80), Uint8Array.of(0xe2, 0x82, 0xac, 0x80)];
    const got = run(`[${inputs.map((b) => `err(function(){ return units(new TD("utf-8", { fatal: true }).decode(${jsBytes(b)})); })`).join(",")}]`) as { ok?: number[]; err?: string; msg?: string; code?: string }[];
    inputs.forEach((b, i) => {
      let want: unknown;
      try { want = { ok: units(new TextDecoder("utf-8", { fatal: true }).decode(b)) }; } catch (e) {
        const er = e as Error & { code?: string };
        want = { err: er.name, msg: er.message, code: er.code };
      }
      expect(got[i]).toEqual(want);
    });
    // a truncated sequence is fine while streaming, and fatal at the final flush
    expect(run(`(function(){ var d = new TD("utf-8", { fatal: true }); var a = d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }); return [a, err(function(){ return d.decode(); }).err, new TD("utf-8", { fatal: true }).fatal]; })()`))
      .toEqual(["", "TypeError", true]);
  });

  it("accepts ArrayBuffer, DataView and any TypedArray view", () => {
    const code = `(function(){ var b = new Uint8Array([0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f, 0x21, 0x21]); var d = new TD();
      return [d.decode(b.buffer), d.decode(new DataView(b.buffer, 1, 2)), d.decode(new Uint16Array(b.buffer, 2, 2)), d.decode(new Int8Array(b.buffer)), d.decode(b.subarray(3)),
        err(function(){ return d.decode("str"); }).err, d.decode(undefined), d.decode(new Float32Array(b.buffer, 4, 1))]; })()`;
    const b = Uint8Array.of(0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f, 0x21, 0x21), d = new TextDecoder();
    expect(run(code)).toEqual([d.decode(b.buffer), d.decode(new DataView(b.buffer, 1, 2)), d.decode(new Uint16Array(b.buffer, 2, 2)), d.decode(new Int8Array(b.buffer)), d.decode(b.subarray(3)),
      "TypeError", d.decode(undefined), d.decode(new Float32Array(b.buffer, 4, 1))]);
  });
});

describe("TextDecoder labels and other encodings", () => {
  it("labels resolve like Node; unsupported labels throw RangeError naming the label", () => {
    const labels = ["utf-8", "UTF-8", " utf8 ", "\tUnicode-1-1-UTF-8\n", "utf-16le", "UTF-16", "ucs-2", "utf-16be", "latin1", "ISO-8859-1", "windows-1252", "ascii", "us-ascii"];
    expect(run(`[${labels.map((l) => `new TD(${jsStr(l)}).encoding`).join(",")}]`)).toEqual(labels.map((l) => new TextDecoder(l).encoding));
    expect(run(`new TD().encoding`)).toBe("utf-8");
    for (const bad of ["foo", "utf-32", "", "latin-1"]) {
      const got = run(`err(function(){ return new TD(${jsStr(bad)}); })`) as { err: string; msg: string };
      let want = "";
      try { new TextDecoder(bad); } catch (e) { want = (e as Error).message; }
      expect(got.err).toBe("RangeError");
      expect(got.msg).toBe(want);
      expect(got.msg).toContain(bad);
    }
  });

  it("utf-16le/be match Node including lone surrogates, odd lengths and streaming", () => {
    const r = rng(4);
    const inputs: Uint8Array[] = [Uint8Array.of(0xff, 0xfe, 0x41, 0x00), Uint8Array.of(0x41), Uint8Array.of(0x00, 0xd8), Uint8Array.of(0x00, 0xdc, 0x41, 0x00),
      Uint8Array.of(0x3d, 0xd8, 0x00, 0xde), Uint8Array.of(0x3d, 0xd8, 0x41, 0x00)];
    for (let i = 0; i < 100; i++) inputs.push(Uint8Array.from({ length: Math.floor(r() * 20) }, () => (r() < 0.3 ? 0xd8 + Math.floor(r() * 8) : Math.floor(r() * 256))));
    for (const enc of ["utf-16le", "utf-16be"]) {
      const got = run(`[${inputs.map((b) => `units(new TD(${jsStr(enc)}).decode(${jsBytes(b)}))`).join(",")}]`) as number[][];
      inputs.forEach((b, i) => expect(got[i], `${enc} [${Array.from(b)}]`).toEqual(units(new TextDecoder(enc).decode(b))));
    }
    const b = Uint8Array.of(0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x41, 0x00);
    const code = `(function(){ var d = new TD("utf-16le"), b = ${jsBytes(b)}, out = []; for (var i = 0; i < b.length; i++) out.push(units(d.decode(b.subarray(i, i + 1), { stream: true }))); out.push(units(d.decode())); return out; })()`;
    const d = new TextDecoder("utf-16le");
    expect(run(code)).toEqual([...Array.from(b, (x) => units(d.decode(Uint8Array.of(x), { stream: true }))), units(d.decode())]);
  });

  it("windows-1252 follows the WHATWG index (deliberately differs from Node 20 for 0x80-0x9F)", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const got = run(`units(new TD("latin1").decode(${jsBytes(all)}))`) as number[];
    const node = units(new TextDecoder("latin1").decode(all));
    for (let i = 0; i < 256; i++) if (i < 0x80 || i > 0x9f) expect(got[i]).toBe(node[i]);
    // Node 20's ICU-backed decoder maps 0x80-0x9F to C1 controls (ISO-8859-1); the
    // Encoding Standard (and browsers) map them to typographic characters.
    expect(got.slice(0x80, 0x8a)).toEqual([0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030]);
    expect(got[0x9f]).toBe(0x178);
  });
});

describe("atob / btoa", () => {
  it("btoa matches Node on random binary strings and rejects chars > 0xFF", () => {
    const r = rng(5);
    const strs = ["", "a", "ab", "abc", "abcd", "\0\xff\x80", "hello world"];
    for (let i = 0; i < 200; i++) strs.push(String.fromCharCode(...Array.from({ length: Math.floor(r() * 40) }, () => Math.floor(r() * 256))));
    // around the small-input/table-driven switch-over
    for (const n of [3070, 3071, 3072, 3073, 3074, 9001]) strs.push(String.fromCharCode(...Array.from({ length: n }, () => Math.floor(r() * 256))));
    expect(run(`[${strs.map((s) => `btoa(${jsStr(s)})`).join(",")}]`.replace(/btoa\(/g, "T.btoa("))).toEqual(strs.map((s) => btoa(s)));
    const e = run(`err(function(){ return T.btoa("a\u0100"); })`) as { err: string; msg: string; code: number };
    expect(e).toEqual({ err: "InvalidCharacterError", msg: "Invalid character", code: 5 });
    expect(run(`err(function(){ return T.btoa("😀"); }).err`)).toBe("InvalidCharacterError");
    expect(run(`[T.btoa(123), T.btoa(null), T.btoa(undefined), err(function(){ return T.btoa(); }).err]`)).toEqual([btoa(123 as never), btoa(null as never), btoa(undefined as never), "TypeError"]);
  });

  it("atob round-trips and matches Node on valid, whitespace-laden and invalid input", () => {
    const r = rng(6);
    const inputs = ["", "YQ==", "YQ", "YWI=", "YWI", "YWJj", " Y W J j ", "\tYW\nJj\f\r", "YR==", "YQ=", "Y===", "====", "==", "a", "abcde", "ab=c", "ab==c", "YQ==\n", "Y Q = =",
      "ab!c", "ab\u00e9c", "YWJj\u00a0", "-_-_", "+/+/", "AAAA", "A", "AB", "ABC", "ABCD====", "=AAA", "A=AA", "AA=A"];
    for (let i = 0; i < 100; i++) inputs.push(btoa(String.fromCharCode(...Array.from({ length: Math.floor(r() * 30) }, () => Math.floor(r() * 256)))));
    const got = run(`[${inputs.map((s) => `err(function(){ return units(T.atob(${jsStr(s)})); })`).join(",")}]`) as unknown[];
    inputs.forEach((s, i) => {
      let want: unknown;
      try { want = { ok: units(atob(s)) }; } catch (e) {
        const er = e as Error & { code?: number };
        want = { err: er.name, msg: er.message, code: er.code };
      }
      expect(got[i], `atob(${jsStr(s)})`).toEqual(want);
    });
    expect(run(`err(function(){ return T.atob(); }).err`)).toBe("TypeError");
  });

  it("1 MB btoa/atob and TextEncoder/TextDecoder complete (timing sanity)", () => {
    const res = run(`(function(){
      var n = 1 << 20, u = new Uint16Array(n), p = [];
      for (var i = 0; i < n; i++) u[i] = (i * 7 + (i >> 8)) & 255;
      for (i = 0; i < n; i += 8192) p.push(String.fromCharCode.apply(null, u.subarray(i, i + 8192)));
      var s = p.join(""), t0 = Date.now(), b = T.btoa(s), t1 = Date.now(), back = T.atob(b), t2 = Date.now();
      var bytes = new TE().encode(s), t3 = Date.now(), text = new TD().decode(bytes), t4 = Date.now();
      return { ok: back === s && text === s, b64len: b.length, utf8len: bytes.length, btoa: t1 - t0, atob: t2 - t1, encode: t3 - t2, decode: t4 - t3 };
    })()`) as Record<string, number | boolean>;
    console.log(`1 MB in QuickJS: btoa ${res.btoa} ms, atob ${res.atob} ms, encode ${res.encode} ms, decode ${res.decode} ms`);
    expect(res.ok).toBe(true);
    expect(res.b64len).toBe(Math.ceil((1 << 20) / 3) * 4);
  });
});

describe("cost", () => {
  it("evaluates in a fresh context and yields the expected completion value", async () => {
    expect(run(`Object.keys(T).sort()`)).toEqual(["TextDecoder", "TextEncoder", "atob", "btoa"]);
    expect(run(`typeof globalThis.TextEncoder`)).toBe("undefined"); // nothing leaked onto the global
    const ms = await measureEval("text.js", 20);
    console.log(`text.js first-use eval: median ${ms.toFixed(2)} ms over 20 fresh contexts`);
    expect(ms).toBeGreaterThan(0);
  });
});
