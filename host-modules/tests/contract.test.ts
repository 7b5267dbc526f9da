import { describe, expect, it } from "vitest";
import * as limits from "../src/limits.js";
import { moduleName } from "../src/descriptor.js";
import { SHIPPED_MODULES } from "../src/shipped.js";
import { TUNING } from "../src/tuning.js";
import { HOST_MODULE_CODES, HostModuleError, asHostModuleError, scrubMessage } from "../src/errors.js";

/** Each shipped module's implementation, loaded through its descriptor (as the registry loads it). */
const MODULES = Object.fromEntries(
  await Promise.all(SHIPPED_MODULES.map(async (m) => [moduleName(m), await m.load()] as const)),
) as Record<string, Record<string, unknown>>;

/** What a limit row's `code` may be: an error code, or "truncated" where the result is cut at the limit. */
const LIMIT_OUTCOMES = new Set([...Object.keys(HOST_MODULE_CODES), "truncated"]);

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
    // What the descriptors pin for guests, plus what they name as host only (shutdown): nothing else.
    const described = SHIPPED_MODULES.flatMap((m) => [...Object.keys(m.exports), ...(m.hostOnly ?? [])].map((key) => `${moduleName(m)}.${key}`));
    expect(exported.sort()).toEqual(described.sort());
  });

  it("documents every limit with one doc line", () => {
    const rows = Object.entries(limits.LIMIT_GROUPS).flatMap(([group, g]) => Object.entries(g).map(([name, row]) => [`${group}.${name}`, row] as const));
    expect(rows.length).toBeGreaterThan(20);
    for (const [name, row] of rows) {
      expect(row.doc, name).toMatch(/^[^\n]+$/);
      expect(LIMIT_OUTCOMES.has(row.code), `${name}: ${row.code}`).toBe(true);
    }
    for (const [name, row] of Object.entries(TUNING)) expect(row.doc, name).toMatch(/^[^\n]+$/);
  });

  it("gives every limit a positive value", () => {
    for (const [group, g] of Object.entries(limits.LIMIT_GROUPS)) {
      for (const [name, row] of Object.entries(g)) {
        expect(row.default, `${group}.${name}`).toBeGreaterThan(0);
        expect(row.floor, `${group}.${name}`).toBeGreaterThanOrEqual(0);
        expect(row.floor, `${group}.${name}`).toBeLessThanOrEqual(row.default);
        expect(row.ceiling, `${group}.${name}`).toBeGreaterThanOrEqual(row.default);
        for (const value of [row.default, row.floor, row.ceiling]) expect(Number.isInteger(value), `${group}.${name}`).toBe(true);
      }
    }
    for (const [name, row] of Object.entries(TUNING)) expect(row.value, name).toBeGreaterThan(0);
  });

  it("groups every shipped module's limits under its descriptor", () => {
    for (const m of SHIPPED_MODULES) expect(limits.LIMIT_GROUPS[moduleName(m)], m.id).toBe(m.limits);
  });

  it("uses stable kebab-case error codes", () => {
    for (const [code, row] of Object.entries(HOST_MODULE_CODES)) {
      expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(row.meaning, code).toMatch(/^[^\n]+$/);
      expect(row.hint, code).toMatch(/^[^\n]+$/);
    }
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
