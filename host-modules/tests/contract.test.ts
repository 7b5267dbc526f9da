import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as csv from "../src/csv/index.js";
import * as html from "../src/html/index.js";
import * as xlsx from "../src/xlsx/index.js";
import * as zip from "../src/zip/index.js";
import * as ocr from "../src/ocr/index.js";
import * as limits from "../src/limits.js";
import { ERROR_CODES, HostModuleError, asHostModuleError, scrubMessage } from "../src/errors.js";

const MODULES = { csv, html, xlsx, zip, ocr } as Record<string, Record<string, unknown>>;

describe("the common contract", () => {
  it("exports only async functions from every module", () => {
    const exported: string[] = [];
    for (const [name, module] of Object.entries(MODULES)) {
      for (const [key, value] of Object.entries(module)) {
        exported.push(`${name}.${key}`);
        expect(typeof value, `${name}.${key}`).toBe("function");
        expect((value as () => unknown).constructor.name, `${name}.${key}`).toBe("AsyncFunction");
      }
    }
    expect(exported.sort()).toEqual(
      [
        "csv.parse",
        "csv.stringify",
        "html.images",
        "html.links",
        "html.metadata",
        "html.select",
        "html.shutdown",
        "html.text",
        "ocr.recognize",
        "ocr.shutdown",
        "xlsx.read",
        "xlsx.shutdown",
        "xlsx.write",
        "zip.unzip",
        "zip.zip",
      ].sort(),
    );
  });

  it("documents every limit with one doc line", () => {
    const source = readFileSync(new URL("../src/limits.ts", import.meta.url), "utf8");
    const names = Object.keys(limits);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const pattern = new RegExp(`/\\*\\* [^\\n]+ \\*/\\nexport const ${name}\\b`);
      expect(source, name).toMatch(pattern);
    }
  });

  it("gives every limit a positive value", () => {
    for (const [name, value] of Object.entries(limits)) {
      if (Array.isArray(value)) expect(value.length, name).toBeGreaterThan(0);
      else expect(value, name).toBeGreaterThan(0);
    }
  });

  it("uses stable kebab-case error codes", () => {
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    const error = new HostModuleError("input-too-large", "x: too large");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("HostModuleError");
    expect(error.code).toBe("input-too-large");
  });

  it("scrubs host paths, file URLs and stack frames from library messages", () => {
    const error = new Error("ENOENT: no such file or directory, open '/work/main/host-modules/node_modules/x/y.js'\n    at Object.open (node:fs:1:1)");
    const scrubbed = scrubMessage(error);
    expect(scrubbed).not.toMatch(/\/work|node_modules|node:fs|\n/);
    expect(scrubbed).toContain("<path>");
    expect(scrubMessage("failed at file:///home/user/x.js:1:2")).toBe("failed at <path>");
    expect(scrubMessage(new Error("C:\\Users\\me\\secret\\file.txt missing"))).toBe("<path> missing");
    expect(scrubMessage("x".repeat(1000)).length).toBeLessThanOrEqual(201);
    expect(asHostModuleError("f", "parse-failed", "read it", new Error("/etc/passwd/x broken")).message).toBe("f: could not read it: <path> broken");
    expect(asHostModuleError("f", "parse-failed", "read it", new RangeError("Maximum call stack size exceeded")).code).toBe("input-too-complex");
  });
});
