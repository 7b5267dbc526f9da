// What zip.zip and xlsx.write accept reads back exactly as written: a name or a string that a reader would decode
// as something else is either stored so that it reads back (xlsx escapes) or refused (zip names).
import { afterAll, describe, expect, it } from "vitest";
import { unzip, zip, shutdown as shutdownZip } from "../src/zip/index.js";
import { read, write, shutdown as shutdownXlsx } from "../src/xlsx/index.js";
import { codeOf } from "./helpers.js";

afterAll(async () => {
  await Promise.all([shutdownZip(), shutdownXlsx()]);
});

/** Deterministic strings over `parts` (a small linear congruential generator, so a failure reproduces). */
function strings(parts: string[], count: number, seed = 7): string[] {
  const next = (k: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % k;
  return Array.from({ length: count }, () => Array.from({ length: 1 + next(12) }, () => parts[next(parts.length)]).join(""));
}

describe("zip.zip names", () => {
  it("refuses names that would read back as another name or show as one", async () => {
    const misleading = [
      "a\ud800", // a lone surrogate: no UTF-8 form, would read back as U+FFFD
      "\udbffb",
      "a\u0085b", // C1 controls: NEL, the 8-bit CSI, DEL's neighbours
      "a\u009b31m",
      "a\u0080",
      "a\u009f",
      "a\u202egnp.exe", // bidirectional overrides and isolates
      "a\u202a",
      "a\u2066b\u2069",
    ];
    for (const name of misleading) expect(await codeOf(zip({ [name]: "x" })), JSON.stringify(name)).toBe("entry-name-invalid");
  });

  it("reads back every name it accepts exactly, however unusual", async () => {
    const names = ["é/ü", "\u{1F600}", "\u{1F468}\u200d\u{1F469}", "e\u0301", "a\u00a0b", "\u00a0", "\u200b", "日本/語", "a\u2028b", "\uffff"];
    const back = await unzip(await zip(Object.fromEntries(names.map((name) => [name, name]))));
    expect(Object.keys(back.entries)).toEqual(names);
  });
});

describe("xlsx.write strings", () => {
  it("stores _xHHHH_ and CR so that they read back as written, never as the characters they escape", async () => {
    const hostile = ["_x0041_", "_x003D_1+1", "_x005F_x0041_", "_x0041_x0042_", "_x000D_", "_x000d_", "\r=1", "a\r\nb", "_xABCD\r"];
    const rows = [hostile];
    const parts = ["_", "x", "0", "4", "1", "F", "D", "\r", "a", "_x", "_x005F_", "_x0041_", "\r\n"];
    const mixed = strings(parts, 2000);
    for (let i = 0; i < mixed.length; i += 100) rows.push(mixed.slice(i, i + 100));
    const back = (await read(await write([{ name: "S", rows }]))).rows;
    expect(back[0]).toEqual(hostile);
    expect(back.slice(1).flat()).toEqual(mixed);
  });
});
