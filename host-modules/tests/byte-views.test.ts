// Bytes a host caller passes are sent to a worker as just the bytes it checked: a view into a larger buffer would
// cross whole by structured clone (a 1-byte view of 512 MiB as 512 MiB, past every limit checked on byteLength),
// and a SharedArrayBuffer would cross shared, so the caller could change the bytes after the checks.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { strToU8, zipSync } from "fflate";
import { Isolate } from "../src/isolate.js";
import { unzip, zip, shutdown as shutdownZip } from "../src/zip/index.js";
import { read, write, shutdown as shutdownXlsx } from "../src/xlsx/index.js";

afterAll(async () => {
  await Promise.all([shutdownZip(), shutdownXlsx()]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every Uint8Array in the payloads sent to a pool while `work` runs. */
async function sentBytes(work: () => Promise<unknown>): Promise<Uint8Array[]> {
  const sent: Uint8Array[] = [];
  const collect = (value: unknown): void => {
    if (value instanceof Uint8Array) sent.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  const original = Isolate.prototype.run;
  vi.spyOn(Isolate.prototype, "run").mockImplementation(function (this: Isolate, fn, op, payload, ...rest) {
    collect(payload);
    return original.call(this, fn, op, payload, ...rest);
  });
  await work();
  return sent;
}

/** `bytes` copied into the middle of a larger buffer, or into a shared one. */
function viewOf(bytes: Uint8Array, kind: "inside" | "shared"): Uint8Array {
  const buffer = kind === "shared" ? new SharedArrayBuffer(bytes.length) : new ArrayBuffer(bytes.length + 2048);
  const view = new Uint8Array(buffer, kind === "shared" ? 0 : 1024, bytes.length);
  view.set(bytes);
  return view;
}

function expectOwnBuffers(sent: Uint8Array[]): void {
  expect(sent.length).toBeGreaterThan(0);
  for (const bytes of sent) {
    expect(bytes.buffer).toBeInstanceOf(ArrayBuffer);
    expect([bytes.byteOffset, bytes.byteLength]).toEqual([0, bytes.buffer.byteLength]);
  }
}

describe.each([
  ["inside a larger buffer", "inside"],
  ["over a SharedArrayBuffer", "shared"],
] as const)("bytes in a view %s", (_, kind) => {
  it("zip.unzip sends only the archive's bytes", async () => {
    const archive = viewOf(zipSync({ "a.txt": strToU8("hello") }), kind);
    let names: string[] = [];
    expectOwnBuffers(await sentBytes(async () => (names = Object.keys((await unzip(archive)).entries))));
    expect(names).toEqual(["a.txt"]);
  });

  it("zip.zip sends only each entry's bytes", async () => {
    const entry = viewOf(strToU8("content"), kind);
    let back = "";
    expectOwnBuffers(await sentBytes(async () => (back = new TextDecoder().decode((await unzip(await zip({ e: entry }))).entries.e))));
    expect(back).toBe("content");
  });

  it("xlsx.read sends only the workbook's bytes", async () => {
    const book = viewOf(await write([{ name: "S", rows: [["x", 1]] }]), kind);
    let rows: unknown[] = [];
    expectOwnBuffers(await sentBytes(async () => (rows = (await read(book)).rows)));
    expect(rows).toEqual([["x", 1]]);
  });
});
