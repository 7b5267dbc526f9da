import { ALL_CODES } from "@capsule/compiler";
import { REGISTRY_CODES } from "@capsule/registry";
import { describe, expect, it } from "vitest";
import { CLI_CODES } from "../src/codes.js";
import { hasHint, hintFor } from "../src/hints.js";

describe("hints", () => {
  it("has a hint of its own for every compiler, registry and CLI code", async () => {
    const codes = [...ALL_CODES, ...Object.keys(REGISTRY_CODES), ...Object.keys(CLI_CODES)];
    expect(codes).toEqual(expect.arrayContaining(["host-id-pinned-elsewhere", "pack-drifted", "home-locked", "wasm-feature-refused"]));
    expect(codes.filter((code) => !hasHint(code))).toEqual([]);
    for (const code of codes) expect(hintFor({ code }).length).toBeGreaterThan(20);
  });

  it("falls back to the compiler's meaning, or a pointer, for a code it does not know", async () => {
    expect(hintFor({ code: "some-future-code" })).toContain("README");
  });

  it("uses the diagnostic's details", async () => {
    expect(hintFor({ code: "npm-module-builtin-import", details: { builtin: "fs", importer: "node_modules/x/a.js" } })).toBe(
      `this library needs Node's "fs" (imported by node_modules/x/a.js); pick a dependency without it, import a narrower subpath, or ask for a host module`,
    );
    // code generation: the guest has Function (it refuses to compile), so "does not exist … typeof" would be wrong
    expect(hintFor({ code: "npm-module-forbidden-global", details: { name: "eval", via: "globalThis" } })).toMatch(/^`globalThis\.eval` is used to generate code, which the sandbox refuses \(EvalError\)/);
    expect(hintFor({ code: "npm-module-forbidden-global", details: { name: "Function" } })).not.toMatch(/does not exist|typeof/);
    expect(hintFor({ code: "npm-module-forbidden-global", details: { name: "fetch", via: "globalThis" } })).toMatch(/^`globalThis\.fetch` does not exist/);
    expect(hintFor({ code: "manifest-npm-not-dependency", message: `capsule.modules['.'].npm names "lodash", which is not…` })).toContain(`add "lodash" to "dependencies"`);
  });
});
