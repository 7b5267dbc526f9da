// The generated reference cannot advertise an export a run could not call: every documented export of every
// shipped pack is reached from a guest.
import { describe, expect, it } from "vitest";
import { docs } from "../compiler/src/index.js";
import { describeHostFunction } from "../runtime/src/index.js";
import { PACKS_ROOT, shippedCatalog, shippedSandbox } from "./support/shipped-catalog.js";

const { catalog } = await shippedCatalog();
const sandbox = await shippedSandbox();

/** (specifier, kind, exports) as the markdown documents them. */
function documented(markdown: string): Array<{ specifier: string; kind: string; exports: string[] }> {
  const out: Array<{ specifier: string; kind: string; exports: string[] }> = [];
  const blocks = markdown.split("\n## `").slice(1);
  for (const block of blocks) {
    const specifier = block.slice(0, block.indexOf("`"));
    const kind = /runs inside the sandbox/.test(block.split("\n")[0]) ? "guest" : /WebAssembly/.test(block.split("\n")[0]) ? "wasm" : "host";
    const line = block.split("\n").find((l) => l.startsWith("Exports: "))!;
    out.push({ specifier, kind, exports: [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]) });
  }
  return out;
}

describe("capsule packs docs", () => {
  it("documents exactly the allowed modules", async () => {
    const text = await docs({ catalog, roots: [PACKS_ROOT], allow: ["@capsule/yaml", "@capsule/csv"] });
    expect(documented(text).map((d) => d.specifier)).toEqual(["@capsule/csv", "@capsule/yaml"]);
    expect(text).toContain('declare module "@capsule/yaml"');
    expect(text).not.toContain('declare module "@capsule/markdown"');
    expect(text).toContain("# Limits");
  });

  it("advertises only exports every run can reach: each one of every shipped module is reached from a guest", async () => {
    const modules = documented(await docs({ catalog, roots: [PACKS_ROOT] }));
    expect(modules.length).toBe(catalog.modules.length);
    for (const { specifier, kind, exports } of modules) {
      const result = await sandbox.run<unknown>({
        source: `import * as m from ${JSON.stringify(specifier)};
          const names = ${JSON.stringify(exports)};
          const reached = {};
          for (const name of names) {
            if (${JSON.stringify(kind)} === "guest" || name === "default") { reached[name] = typeof m[name]; continue; }
            try { await m[name](); reached[name] = "called"; } catch (e) { reached[name] = e.name + ": " + String(e.message).split(":")[0]; }
          }
          return { reached, actual: Object.keys(m).sort() };`,
        limits: { cpuMs: 5_000, wallMs: 30_000 },
      });
      expect(result.ok, `${specifier}: ${JSON.stringify(!result.ok && result.error)}`).toBe(true);
      if (!result.ok) continue;
      const { reached, actual } = result.value as { reached: Record<string, string>; actual: string[] };
      expect(actual, specifier).toEqual([...exports].sort());
      for (const [name, how] of Object.entries(reached)) {
        if (kind === "guest" || name === "default") expect(how, `${specifier}.${name}`).not.toBe("undefined");
        // Called with no arguments: the call reached the host and was refused for its arguments, never as unknown.
        else expect(how, `${specifier}.${name}`).toMatch(/^(called|HostCallError: host-arguments-invalid|WasmCallError: wasm-argument-invalid)$/);
      }
    }
  }, 120_000);

  it("includes host functions with their signatures and descriptions, in markdown and as declarations", async () => {
    const hostFunctions = {
      shop: { refund: describeHostFunction(async () => ({ refunded: 1 }), { sideEffects: true, description: "Refund one order.", signature: "(orderId: string, cents: number) => Promise<{ refunded: number }>" }) },
    };
    const md = await docs({ catalog, roots: [PACKS_ROOT], allow: [], hostFunctions });
    expect(md).toContain("- `shop.refund(orderId: string, cents: number) => Promise<{ refunded: number }>`: Refund one order.");
    const dts = await docs({ catalog, roots: [PACKS_ROOT], allow: ["@capsule/yaml"], hostFunctions, format: "dts" });
    expect(dts).toContain("declare const shop: {\n  refund(orderId: string, cents: number): Promise<{ refunded: number }>; // Refund one order.\n};");
    expect(dts).toContain('declare module "@capsule/yaml"');
  });
});
