// Owns rewriting a WASM binary so that its one defined linear memory is imported instead (module "capsule", name
// "memory", the same limits), so that invoke.mjs can hand each fresh instance a recycled, zeroed WebAssembly.Memory.
// Why: making a memory is most of an instance's cost (a 2-page memory measured ~35-70 µs of CPU and up to ~350 µs of
// wall per instance on a loaded machine: a fresh reservation, page faults, and the collector's external-memory
// pressure), while zeroing a kept one of the same size costs a few µs. An instance given a zeroed memory of the
// declared initial size, with its data segments written again by instantiation, starts exactly as one with its own.
// Refuses (returns null, the binary is then used as it is) anything but the plain case: a module that imports
// anything, has no memory or more than one, a shared or 64-bit memory, or that this reader cannot walk.
// No dependency on Node or the DOM (the browser's WASM worker runs invoke.mjs too).

export const MEMORY_MODULE = "capsule";
export const MEMORY_NAME = "memory";

const IMPORT_SECTION = 2;
const MEMORY_SECTION = 5;

function leb(bytes, at) {
  let value = 0;
  let mul = 1;
  for (let pos = at; ; pos++) {
    if (pos >= bytes.length) throw new Error("eof");
    const b = bytes[pos];
    value += (b & 0x7f) * mul;
    if (!(b & 0x80)) return { value, next: pos + 1 };
    mul *= 128;
    if (mul > 2 ** 35) throw new Error("leb too long");
  }
}

function encodeLeb(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
}

const name = (text) => [...encodeLeb(text.length), ...[...text].map((c) => c.charCodeAt(0))];

/**
 * The binary with its memory imported, and that memory's limits in pages ({ bytes, initial, maximum }), or null
 * when the module is not the plain case (see the header).
 */
export function withImportedMemory(bytes) {
  try {
    if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) return null;
    const sections = [];
    for (let pos = 8; pos < bytes.length; ) {
      const id = bytes[pos];
      const size = leb(bytes, pos + 1);
      const end = size.next + size.value;
      if (end > bytes.length) return null;
      sections.push({ id, start: pos, body: size.next, end });
      pos = end;
    }
    const memories = sections.filter((s) => s.id === MEMORY_SECTION);
    if (memories.length !== 1) return null;
    for (const s of sections) if (s.id === IMPORT_SECTION && leb(bytes, s.body).value !== 0) return null;
    const memory = memories[0];
    const count = leb(bytes, memory.body);
    if (count.value !== 1) return null;
    const flags = bytes[count.next];
    // 0: initial only, 1: initial and maximum; shared (2) and 64-bit (4) memories are left as they are.
    if (flags !== 0 && flags !== 1) return null;
    const initial = leb(bytes, count.next + 1);
    const maximum = flags === 1 ? leb(bytes, initial.next) : undefined;
    const limitsEnd = maximum ? maximum.next : initial.next;
    if (limitsEnd !== memory.end) return null;
    const body = [...encodeLeb(1), ...name(MEMORY_MODULE), ...name(MEMORY_NAME), 0x02, ...bytes.subarray(count.next, limitsEnd)];
    const importSection = Uint8Array.from([IMPORT_SECTION, ...encodeLeb(body.length), ...body]);
    // The import section goes where the binary format orders it: after the type section, before every other one.
    const parts = [bytes.subarray(0, 8)];
    let placed = false;
    for (const s of sections) {
      if (s.id === IMPORT_SECTION || s.id === MEMORY_SECTION) continue;
      if (!placed && s.id !== 0 && s.id !== 1) (parts.push(importSection), (placed = true));
      parts.push(bytes.subarray(s.start, s.end));
    }
    if (!placed) parts.push(importSection);
    const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
    let at = 0;
    for (const p of parts) (out.set(p, at), (at += p.length));
    if (!WebAssembly.validate(out)) return null;
    return { bytes: out, initial: initial.value, maximum: maximum?.value };
  } catch {
    return null;
  }
}
