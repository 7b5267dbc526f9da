import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Zip, ZipDeflate, ZipPassThrough, zipSync, strToU8 } from "fflate";
import { unzip, zip } from "../src/zip/index.js";
import { inflateArchive } from "../src/zip/inflate.mjs";
import { SHARED_LIMITS, ZIP_LIMITS } from "../src/limits.js";
import { TUNING } from "../src/tuning.js";
import { codeOf, expectNoPollution, expectOwnData, refusal } from "./helpers.js";

// The limits this file tests, by the names its assertions use (the values come from the limit rows).
const MAX_INPUT_BYTES = SHARED_LIMITS.inputBytes.default;
const ZIP_INPUT_CHUNK_BYTES = TUNING.zipInputChunkBytes.value;
const ZIP_MAX_ENTRIES = ZIP_LIMITS.maxEntries.default;
const ZIP_MAX_INFLATED_BYTES = ZIP_LIMITS.maxInflatedBytes.default;
const ZIP_MAX_NAME_BYTES = ZIP_LIMITS.maxNameBytes.default;

const MiB = 1024 * 1024;

/** What inflateArchive reports of one run (tests read it to prove the cap held). */
interface InflateStats {
  produced: number;
  largestChunk: number;
  entries: number;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** An archive built entry by entry with fflate's streaming writer (allows any name, duplicates included). */
function archive(entries: [string, Uint8Array | { zerosMiB: number }][], level: 0 | 9 = 9): Uint8Array {
  const chunks: Uint8Array[] = [];
  const writer = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const zero = new Uint8Array(MiB);
  for (const [name, content] of entries) {
    const file = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level });
    writer.add(file);
    if (content instanceof Uint8Array) file.push(content, true);
    else for (let i = 0; i < content.zerosMiB; i++) file.push(zero, i === content.zerosMiB - 1);
  }
  writer.end();
  return concat(chunks);
}

/**
 * Overwrites declared uncompressed sizes with `size`: in the central directory and the data descriptors (a
 * consistent lie), and with `localToo` in the local headers as well (whose sizes the descriptor flag says are 0).
 */
function lieAboutSizes(bytes: Uint8Array, size: number, localToo = false): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50 && localToo) view.setUint32(i + 22, size, true);
    if (sig === 0x08074b50) view.setUint32(i + 12, size, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Reads every page of an archive (offset → next) and returns the bytes of all its entries. */
async function readAll(bytes: Uint8Array): Promise<number> {
  let total = 0;
  let pages = 0;
  for (let offset: number | null = 0; offset !== null; pages++) {
    const page = await unzip(bytes, { offset });
    for (const data of Object.values(page.entries)) total += data.length;
    expect(page.next === null || page.next > offset).toBe(true);
    offset = page.next;
  }
  expect(pages).toBeGreaterThan(1);
  return total;
}

describe("zip.zip and zip.unzip", () => {
  it("round-trips strings and bytes, nested and non-ASCII names, at every level", async () => {
    for (const level of [0, 1, 6, 9]) {
      const bytes = await zip({ "a.txt": "hello", "dir/sub/b.bin": new Uint8Array([1, 2, 3]), "é/ü.txt": "ünï" }, { level });
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(Buffer.isBuffer(bytes)).toBe(false);
      const { entries } = await unzip(bytes);
      expect(Object.keys(entries).sort()).toEqual(["a.txt", "dir/sub/b.bin", "é/ü.txt"]);
      expect(text(entries["a.txt"]!)).toBe("hello");
      expect([...entries["dir/sub/b.bin"]!]).toEqual([1, 2, 3]);
      expect(text(entries["é/ü.txt"]!)).toBe("ünï");
      expect(Object.getPrototypeOf(entries)).toBeNull();
    }
  });

  it("writes the same bytes for the same entries (fixed timestamps)", async () => {
    const a = await zip({ "a.txt": "x", "b.txt": "y" });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const b = await zip({ "a.txt": "x", "b.txt": "y" });
    expect(Buffer.compare(a, b)).toBe(0);
  });
});

describe("zip.unzip", () => {
  it("skips directory entries and reads archives written by others", async () => {
    const bytes = zipSync({ "dir/": new Uint8Array(0), "dir/a.txt": strToU8("a"), "empty.txt": new Uint8Array(0) });
    const { entries } = await unzip(bytes);
    expect(Object.keys(entries).sort()).toEqual(["dir/a.txt", "empty.txt"]);
    expect(entries["empty.txt"]!.length).toBe(0);
  });

  it("returns '..' and absolute names as data and writes nothing to disk", async () => {
    const target = join(tmpdir(), `capsule-zip-slip-${process.pid}.txt`);
    const names = [`../../../../../../..${target}`, target, "a/../../b.txt", "C:\\windows\\x.txt"];
    const bytes = archive(names.map((name) => [name, strToU8("slip")]));
    const { entries } = await unzip(bytes);
    expect(Object.keys(entries)).toEqual(names);
    expect(existsSync(target)).toBe(false);
  });

  it("keeps hostile entry names as data in a null-prototype map", async () => {
    const bytes = archive([
      ["__proto__", strToU8('{"polluted":1}')],
      ["constructor", strToU8("c")],
      ["toString", strToU8("t")],
    ]);
    const { entries } = await unzip(bytes);
    expectOwnData(entries, "__proto__", strToU8('{"polluted":1}'));
    expectOwnData(entries, "constructor", strToU8("c"));
    expect(Object.keys(entries)).toEqual(["__proto__", "constructor", "toString"]);
    expectNoPollution();
  });

  describe("inflation cap (counted on bytes produced, never on declared sizes)", () => {
    // 200 MiB of zeros deflated at level 9: about 200 KB on the wire.
    const bomb = archive([["zeros.bin", { zerosMiB: 200 }]]);

    it("stops a 200 MiB one-entry bomb within one chunk of the cap", async () => {
      expect(bomb.length).toBeLessThan(MiB);
      expect(await codeOf(unzip(bomb))).toBe("zip-bomb");
      const stats: InflateStats = { produced: 0, largestChunk: 0, entries: 0 };
      expect(() => inflateArchive("test", bomb, { maxEntries: 10, maxBytes: ZIP_MAX_INFLATED_BYTES }, stats)).toThrow(/inflated past/);
      expect(stats.produced).toBeGreaterThan(ZIP_MAX_INFLATED_BYTES);
      expect(stats.produced).toBeLessThanOrEqual(ZIP_MAX_INFLATED_BYTES + stats.largestChunk);
      // One step inflates at most ~1032 bytes per compressed byte fed (plus the 32 KiB window).
      expect(stats.largestChunk).toBeLessThanOrEqual(1032 * ZIP_INPUT_CHUNK_BYTES + 32 * 1024);
      expect(stats.produced).toBeLessThan(200 * MiB);
    });

    it("still stops it when every header declares 1 byte", async () => {
      // Headers that disagree with each other are refused before anything is inflated.
      expect(await codeOf(unzip(lieAboutSizes(bomb, 1, true)))).toBe("parse-failed");
      const liar = lieAboutSizes(bomb, 1);
      expect(await codeOf(unzip(liar))).toBe("zip-bomb");
      const stats: InflateStats = { produced: 0, largestChunk: 0, entries: 0 };
      expect(() => inflateArchive("test", liar, { maxEntries: 10, maxBytes: ZIP_MAX_INFLATED_BYTES }, stats)).toThrow(/inflated past/);
      expect(stats.produced).toBeLessThanOrEqual(ZIP_MAX_INFLATED_BYTES + stats.largestChunk);
    });

    it("counts across entries: 100 entries of 1 MiB stop at the cap", async () => {
      const many = archive(Array.from({ length: 100 }, (_, i) => [`part-${i}.bin`, { zerosMiB: 1 }] as [string, { zerosMiB: number }]));
      expect(await codeOf(unzip(many))).toBe("zip-bomb");
      const stats: InflateStats = { produced: 0, largestChunk: 0, entries: 0 };
      expect(() => inflateArchive("test", many, { maxEntries: 1000, maxBytes: ZIP_MAX_INFLATED_BYTES }, stats)).toThrow(/inflated past/);
      expect(stats.entries).toBeLessThan(100);
      expect(stats.produced).toBeLessThanOrEqual(ZIP_MAX_INFLATED_BYTES + stats.largestChunk);
    });

    it("counts stored entries too", async () => {
      const stored = archive([["a", new Uint8Array(600)], ["b", new Uint8Array(600)]], 0);
      expect(await codeOf(unzip(stored, { maxBytes: 1000 }))).toBe("zip-bomb");
      expect(Object.keys((await unzip(stored, { maxBytes: 1200 })).entries)).toEqual(["a", "b"]);
    });

    it("reads exactly maxBytes and refuses one byte more", async () => {
      const bytes = archive([["a", new Uint8Array(1000).fill(7)]]);
      expect((await unzip(bytes, { maxBytes: 1000 })).entries["a"]!.length).toBe(1000);
      expect(await codeOf(unzip(bytes, { maxBytes: 999 }))).toBe("zip-bomb");
    });

    it("reads an archive that inflates to exactly ZIP_MAX_INFLATED_BYTES (in pages that fit one result)", async () => {
      const count = ZIP_MAX_INFLATED_BYTES / MiB;
      const exact = archive(Array.from({ length: count }, (_, i) => [`part-${i}`, { zerosMiB: 1 }] as [string, { zerosMiB: number }]));
      expect(await readAll(exact)).toBe(ZIP_MAX_INFLATED_BYTES);
    }, 120_000);
  });

  describe("entry cap", () => {
    it("reads maxEntries entries and refuses one more (directories count)", async () => {
      const bytes = zipSync({ "d/": new Uint8Array(0), "d/a": strToU8("a"), b: strToU8("b") });
      expect(Object.keys((await unzip(bytes, { maxEntries: 3 })).entries).length).toBe(2);
      expect(await codeOf(unzip(bytes, { maxEntries: 2 }))).toBe("too-many-entries");
    });

    it("reads ZIP_MAX_ENTRIES entries by default and refuses one more", async () => {
      const files = Array.from({ length: ZIP_MAX_ENTRIES }, (_, i) => [`f${i}`, new Uint8Array(0)] as [string, Uint8Array]);
      expect(Object.keys((await unzip(archive(files, 0))).entries).length).toBe(ZIP_MAX_ENTRIES);
      files.push(["one-more", new Uint8Array(0)]);
      expect(await codeOf(unzip(archive(files, 0)))).toBe("too-many-entries");
    });
  });

  it("accepts MAX_INPUT_BYTES of archive and refuses one byte more", async () => {
    // A stored archive of one entry: its size is the data plus a fixed overhead (headers, descriptor, directory).
    const overhead = archive([["x", new Uint8Array(0)]], 0).length;
    const data = new Uint8Array(MAX_INPUT_BYTES - overhead).fill(1);
    const exact = archive([["x", data]], 0);
    expect(exact.length).toBe(MAX_INPUT_BYTES);
    expect((await unzip(exact)).entries["x"]!.length).toBe(MAX_INPUT_BYTES - overhead);
    const over = archive([["x", new Uint8Array(MAX_INPUT_BYTES - overhead + 1)]], 0);
    expect(over.length).toBe(MAX_INPUT_BYTES + 1);
    expect(await codeOf(unzip(over))).toBe("input-too-large");
  });

  it("refuses damaged archives, duplicate names and unsupported compression", async () => {
    expect(await codeOf(unzip(strToU8("not a zip at all")))).toBe("parse-failed");
    expect(await codeOf(unzip(new Uint8Array(0)))).toBe("input-invalid");
    const good = archive([["a.txt", strToU8("hello hello hello")]]);
    expect(await codeOf(unzip(good.slice(0, 40)))).toBe("parse-failed");
    expect(await codeOf(unzip(archive([["a", strToU8("1")], ["a", strToU8("2")]])))).toBe("entry-duplicate");
    const bzip = good.slice();
    new DataView(bzip.buffer).setUint16(8, 12, true); // compression method 12 (bzip2)
    expect(await codeOf(unzip(bzip))).toBe("parse-failed");
    const corrupt = good.slice();
    corrupt.fill(0xff, 36, 44); // garbage inside the deflate stream
    expect(await codeOf(unzip(corrupt))).toBe("parse-failed");
  });

  it("refuses non-bytes, unknown options and options past their ceilings", async () => {
    const bytes = await zip({ a: "a" });
    expect(await codeOf(unzip("PK" as never))).toBe("input-invalid");
    expect(await codeOf(unzip(bytes, { maxSize: 1 } as never))).toBe("option-unknown");
    expect(await codeOf(unzip(bytes, JSON.parse('{"__proto__": {"polluted": 1}}')))).toBe("option-unknown");
    expect(await codeOf(unzip(bytes, { maxBytes: ZIP_MAX_INFLATED_BYTES + 1 }))).toBe("option-invalid");
    expect(await codeOf(unzip(bytes, { maxEntries: ZIP_MAX_ENTRIES + 1 }))).toBe("option-invalid");
    expect(await codeOf(unzip(bytes, { maxEntries: 0 }))).toBe("option-invalid");
    expect(await codeOf(unzip(bytes, { maxBytes: "1" } as never))).toBe("option-invalid");
    expect(Object.keys((await unzip(bytes, { maxBytes: ZIP_MAX_INFLATED_BYTES, maxEntries: ZIP_MAX_ENTRIES })).entries)).toEqual(["a"]);
    expectNoPollution();
  });
});

/** An archive's end record fields and where its central directory entries start. */
function layout(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const entries: number[] = [];
  for (let p = view.getUint32(end + 16, true); p < end; ) {
    entries.push(p);
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return { view, end, entries };
}

/** A copy of `bytes` after `change` edited it through a DataView. */
function edited(bytes: Uint8Array, change: (view: DataView, at: ReturnType<typeof layout>) => void): Uint8Array {
  const out = bytes.slice();
  change(new DataView(out.buffer), layout(out));
  return out;
}

describe("zip.unzip reads the central directory and refuses archives readers would read differently", () => {
  const two = zipSync({ "a.txt": strToU8("alpha alpha alpha"), "b.txt": strToU8("bravo bravo bravo") });
  const streamed = archive([["a.txt", strToU8("alpha alpha alpha")], ["b.txt", strToU8("bravo")]]);

  it("reads archives with and without data descriptors, and zip64 records", async () => {
    expect(Object.keys((await unzip(two)).entries)).toEqual(["a.txt", "b.txt"]);
    expect(text((await unzip(streamed)).entries["b.txt"]!)).toBe("bravo");
    // Written by Python's zipfile to an unseekable stream with force_zip64 and ZIP_FILECOUNT_LIMIT = 1: zip64 local
    // extras, 8-byte data descriptors and the zip64 end records.
    const zip64 = new Uint8Array(readFileSync(new URL("./fixtures/zip64.zip", import.meta.url)));
    const { entries, next } = await unzip(zip64);
    expect(Object.keys(entries)).toEqual(["big.txt", "small.txt"]);
    expect(text(entries["big.txt"]!)).toBe("zip64 ".repeat(100));
    expect(next).toBeNull();
  });

  it("refuses garbage after a local header signature (it used to read as an empty archive)", async () => {
    const garbage = new Uint8Array(200).map((_, i) => (i * 37 + 11) & 0xff);
    garbage.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await codeOf(unzip(garbage))).toBe("parse-failed");
    expect(await codeOf(unzip(new Uint8Array([0x50, 0x4b, 0x03, 0x04])))).toBe("parse-failed");
  });

  it("refuses a name, size, method or offset on which the central directory and a local header disagree", async () => {
    const cases: [string, Uint8Array][] = [
      ["name", edited(two, (v, { entries }) => v.setUint8(entries[0]! + 46, "A".charCodeAt(0)))],
      ["compressed size", edited(two, (v, { entries }) => v.setUint32(entries[1]! + 20, v.getUint32(entries[1]! + 20, true) + 1, true))],
      ["size", edited(two, (v, { entries }) => v.setUint32(entries[0]! + 24, v.getUint32(entries[0]! + 24, true) + 1, true))],
      ["method", edited(two, (v) => v.setUint16(8, 0, true))],
      ["offset", edited(two, (v, { entries }) => v.setUint32(entries[1]! + 42, v.getUint32(entries[1]! + 42, true) + 1, true))],
      ["data descriptor", edited(streamed, (v, { entries }) => v.setUint32(entries[0]! + 16, v.getUint32(entries[0]! + 16, true) ^ 1, true))],
    ];
    for (const [what, bytes] of cases) {
      const refused = await refusal(unzip(bytes));
      expect(refused.code, what).toBe("parse-failed");
      expect(refused.message, what).toMatch(/damaged or ambiguous|CRC/);
    }
  });

  it("refuses an entry count that disagrees, an entry hidden from the directory, and bytes around the archive", async () => {
    // The end record says one entry; the directory holds two.
    const count = edited(two, (v, { end }) => {
      v.setUint16(end + 8, 1, true);
      v.setUint16(end + 10, 1, true);
    });
    expect(await codeOf(unzip(count))).toBe("parse-failed");
    // The directory lists a.txt only: b.txt's local entry is still in the file, where a streaming reader finds it.
    const { entries, end } = layout(two);
    const hidden = new Uint8Array(entries[1]! + (two.length - end));
    hidden.set(two.subarray(0, entries[1]!));
    hidden.set(two.subarray(end), entries[1]!);
    const view = new DataView(hidden.buffer);
    const at = hidden.length - 22;
    view.setUint16(at + 8, 1, true);
    view.setUint16(at + 10, 1, true);
    view.setUint32(at + 12, entries[1]! - entries[0]!, true);
    expect(await refusal(unzip(hidden))).toMatchObject({ code: "parse-failed", message: expect.stringMatching(/between its last entry and its central directory/) });
    const trailing = new Uint8Array(two.length + 1);
    trailing.set(two);
    expect(await codeOf(unzip(trailing))).toBe("parse-failed");
    const leading = new Uint8Array(two.length + 4);
    leading.set(two, 4);
    expect(await codeOf(unzip(leading))).toBe("parse-failed");
  });

  it("refuses an entry whose data does not inflate to the size and CRC the directory records", async () => {
    const wrongCrc = edited(two, (v, { entries }) => {
      v.setUint32(14, v.getUint32(14, true) ^ 1, true);
      v.setUint32(entries[0]! + 16, v.getUint32(entries[0]! + 16, true) ^ 1, true);
    });
    expect(await refusal(unzip(wrongCrc))).toMatchObject({ code: "parse-failed", message: expect.stringMatching(/size and CRC/) });
  });
});

describe("zip.zip", () => {
  it("refuses names that are unsafe to extract", async () => {
    const bad = ["", "/abs", "C:/x", "c:x", "a/../b", "..", "./a", "a//b", "a/", "a\\b", "a\u0000b", "a\nb", "x".repeat(ZIP_MAX_NAME_BYTES + 1)];
    for (const name of bad) expect(await codeOf(zip({ [name]: "x" })), JSON.stringify(name)).toBe("entry-name-invalid");
    const longest = "é".repeat(ZIP_MAX_NAME_BYTES / 2);
    expect(Object.keys((await unzip(await zip({ [longest]: "x", "a..b/.c": "y" }))).entries)).toEqual([longest, "a..b/.c"]);
  });

  it("writes hostile names as plain entries", async () => {
    const entries = JSON.parse('{"__proto__": "p", "constructor": "c"}');
    const back = (await unzip(await zip(entries))).entries;
    expect(Object.keys(back)).toEqual(["__proto__", "constructor"]);
    expectOwnData(back, "__proto__", strToU8("p"));
    expectNoPollution();
  });

  it("refuses content that is not bytes or a string, and a non-object", async () => {
    expect(await codeOf(zip({ a: 1 } as never))).toBe("input-invalid");
    expect(await codeOf(zip({ a: [1, 2] } as never))).toBe("input-invalid");
    expect(await codeOf(zip([strToU8("a")] as never))).toBe("input-invalid");
    expect(await codeOf(zip(new Map() as never))).toBe("input-invalid");
  });

  it("accepts ZIP_MAX_ENTRIES entries and refuses one more", async () => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < ZIP_MAX_ENTRIES; i++) entries[`f${i}`] = "";
    expect((await zip(entries, { level: 0 })).length).toBeGreaterThan(0);
    entries["one-more"] = "";
    expect(await codeOf(zip(entries))).toBe("input-too-large");
  });

  it("accepts ZIP_MAX_INFLATED_BYTES of content and refuses one byte more", async () => {
    const half = new Uint8Array(ZIP_MAX_INFLATED_BYTES / 2);
    const bytes = await zip({ a: half, b: half }, { level: 1 });
    // Each entry alone is more than one result may carry: the archive is whole, but unzip cannot hand it over.
    expect(await codeOf(unzip(bytes))).toBe("output-too-large");
    const parts: Record<string, Uint8Array> = {};
    for (let i = 0; i < ZIP_MAX_INFLATED_BYTES / MiB; i++) parts[`part-${i}`] = new Uint8Array(MiB);
    expect(await readAll(await zip(parts, { level: 1 }))).toBe(ZIP_MAX_INFLATED_BYTES);
    expect(await codeOf(zip({ a: half, b: half, c: "x" }))).toBe("input-too-large");
  }, 120_000);

  it("refuses unknown and out-of-range options", async () => {
    expect(await codeOf(zip({ a: "a" }, { level: 10 }))).toBe("option-invalid");
    expect(await codeOf(zip({ a: "a" }, { level: -1 }))).toBe("option-invalid");
    expect(await codeOf(zip({ a: "a" }, { comment: "x" } as never))).toBe("option-unknown");
  });
});
