import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";
import type { ModuleResolver } from "../src/index.js";

const modules: Record<string, string> = {
  "@test/math": "import { twice } from './util.js'; export const quad = (n) => twice(twice(n)); export default { name: 'math' };",
  "@test/math/util.js": "export const twice = (n) => n * 2;",
  "@test/state": "export let count = 0; export function bump() { return ++count; }",
  "@test/sneaky": "export async function load(name) { return import(name); }",
};
const resolver: ModuleResolver = {
  resolve(specifier, referrer) {
    const key = specifier.startsWith("./") ? `${referrer}/${specifier.slice(2)}` : specifier;
    return key in modules ? { specifier: key, source: modules[key] } : undefined;
  },
};

describe("imports without a resolver", () => {
  const sandbox = useSandbox();
  it("fail before the guest starts, naming the specifier", async () => {
    const result = await sandbox.run({ source: "import yaml from '@capsule/yaml'; console.log('started'); return 1" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(result.error.message).toContain("@capsule/yaml");
    expect(result.logs).toEqual([]);
  });
});

describe("imports through a resolver", () => {
  const sandbox = useSandbox({ resolver });

  it("hoists static imports and resolves nested ones", async () => {
    expect(await valueOf(sandbox, "const n = 3;\nimport math, { quad } from '@test/math';\nreturn [math.name, quad(n)]")).toEqual(["math", 12]);
  });

  it("gives each run fresh module state", async () => {
    const source = "import { bump } from '@test/state'; bump(); return bump()";
    expect(await valueOf(sandbox, source)).toBe(2);
    expect(await valueOf(sandbox, source)).toBe(2);
  });

  it("fails before the guest starts on an unknown module, naming it", async () => {
    const error = await errorOf(sandbox, "import x from '@test/missing'; return x");
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message).toContain("@test/missing");
  });

  it("refuses node builtins", async () => {
    const error = await errorOf(sandbox, "import fs from 'node:fs'; return fs");
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message).toContain("node:fs");
  });

  it("refuses dynamic import() in the guest before it starts", async () => {
    const error = await errorOf(sandbox, "const name = '@test/' + 'math';\nconst m = await import(name);\nreturn m");
    expect(error.code).toBe("E_DYNAMIC_IMPORT");
    expect(error.message).toContain("main.js:2:");
  });

  it("refuses dynamic import() reached inside an imported module at run time, even of an allowed module", async () => {
    const error = await errorOf(sandbox, "import { load } from '@test/sneaky'; import '@test/math'; return await load('@test/math')");
    expect(error.code).toBe("E_IMPORT_REFUSED");
    expect(error.message).toMatch(/dynamic import/);
  });

  it("refuses a run that would load more than MAX_MODULES_PER_RUN modules", async () => {
    const { MAX_MODULES_PER_RUN } = await import("../src/imports.js");
    const chain: ModuleResolver = {
      resolve(specifier) {
        const n = Number(specifier.slice("@chain/".length));
        return { specifier, source: n < MAX_MODULES_PER_RUN + 5 ? `import "@chain/${n + 1}"; export const n = ${n};` : "export const n = -1;" };
      },
    };
    const error = await errorOf(sandbox, { source: "import { n } from '@chain/1'; return n", resolver: chain });
    expect(error.code).toBe("E_IMPORT_REFUSED");
    expect(error.message).toContain(`more than ${MAX_MODULES_PER_RUN} modules`);
    const justUnder: ModuleResolver = { resolve: (specifier) => chain.resolve(specifier, "") && { specifier, source: Number(specifier.slice(7)) < MAX_MODULES_PER_RUN ? `import "@chain/${Number(specifier.slice(7)) + 1}"; export const n = 1;` : "export const n = 2;" } };
    expect(await valueOf(sandbox, { source: "import { n } from '@chain/1'; return n", resolver: justUnder })).toBe(1);
  });

  it("lets a guest catch a refused dynamic import", async () => {
    expect(await valueOf(sandbox, "import { load } from '@test/sneaky'; try { await load('@test/state'); return 'loaded' } catch (e) { return 'refused' }")).toBe("refused");
  });
});
