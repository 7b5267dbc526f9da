import { ALL_CODES } from "@capsule/compiler";
import { describe, expect, it } from "vitest";
import { hasHint, hintFor } from "../src/hints.js";

describe("hints", () => {
  it("has a hint of its own for every compiler code and every host-admission code", () => {
    const codes = [...ALL_CODES, "host-id-unknown", "host-id-not-pinned", "host-id-lookalike"];
    expect(codes.filter((code) => !hasHint(code))).toEqual([]);
    for (const code of codes) expect(hintFor({ code }).length).toBeGreaterThan(20);
  });

  it("falls back to the compiler's meaning, or a pointer, for a code it does not know", () => {
    expect(hintFor({ code: "some-future-code" })).toContain("README");
  });

  it("uses the diagnostic's details", () => {
    expect(hintFor({ code: "npm-module-builtin-import", details: { builtin: "fs", importer: "node_modules/x/a.js" } })).toBe(
      `this library needs Node's "fs" (imported by node_modules/x/a.js); pick a dependency without it, import a narrower subpath, or ask for a host module`,
    );
    expect(hintFor({ code: "npm-module-forbidden-global", details: { name: "eval", via: "globalThis" } })).toMatch(/^`globalThis\.eval` does not exist/);
    expect(hintFor({ code: "manifest-npm-not-dependency", message: `capsule.modules['.'].npm names "lodash", which is not…` })).toContain(`add "lodash" to "dependencies"`);
  });
});
