// Owns the "returns what the library returns natively" half of the admission bench: each admitted library's
// `check` expression (admission-list.json) evaluated in a fresh guest that imports the compiled module, and in
// Node importing the installed package, their JSON compared. The guest run gets the CPU the module was probed with
// (its declared budget.cpuMs, else PROBE_CPU_MS) plus a margin for the call: probe and run agree on budgets.
// Prints nothing; admission.mjs prints the verdicts.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createSandbox } from "../../runtime/dist/index.js";
import { PROBE_BUDGETS } from "../../compiler/dist/limits.js";

const CALL_MARGIN_MS = 3_000;

const clip = (s, n = 80) => {
  const t = String(s ?? "").replace(/\s+/g, " ").trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

async function native(installDir, lib, importOf) {
  const file = path.join(installDir, `native-check-${importOf(lib).replace(/[^a-z0-9]+/gi, "-")}.mjs`);
  await writeFile(file, `import * as ns from ${JSON.stringify(importOf(lib))};\nexport { ns };\n`);
  const { ns } = await import(pathToFileURL(file).href);
  const lib_ = ns.default ?? ns;
  const value = await new Function("lib", "ns", `return (${lib.check});`)(lib_, ns);
  return JSON.stringify(value);
}

/** spec → { verdict: "matches" | "differs" | "guest-fails" | "native-fails", guest?, native? } for each admitted library with a check. */
export async function compareWithNative({ libraries, admitted, installDir, specOf, importOf }) {
  const verdicts = new Map();
  const sandbox = createSandbox({ maxWorkers: 1 });
  try {
    for (const lib of libraries) {
      const spec = specOf(lib);
      const m = admitted.get(spec);
      if (!m || !lib.check) continue;
      let nativeJson;
      try {
        nativeJson = await native(installDir, lib, importOf);
      } catch (e) {
        verdicts.set(spec, { verdict: "native-fails", native: clip(e?.message ?? e) });
        continue;
      }
      const source = await readFile(m.sourcePath, "utf8");
      const cpuMs = (m.loadCpuMs ?? PROBE_BUDGETS.PROBE_CPU_MS.default) + CALL_MARGIN_MS;
      const r = await sandbox.run({
        source: `import * as ns from ${JSON.stringify(spec)};\nconst lib = ns.default ?? ns;\nreturn JSON.stringify(await (${lib.check}));`,
        filename: "check.js",
        seed: 0,
        now: 0,
        limits: { cpuMs, wallMs: cpuMs * 3 + 10_000 },
        resolver: { resolve: (requested) => (requested === spec ? { specifier: spec, source } : undefined) },
      });
      if (!r.ok) verdicts.set(spec, { verdict: "guest-fails", guest: clip(`${r.error.code}: ${r.error.message}`), native: clip(nativeJson) });
      else verdicts.set(spec, { verdict: r.value === nativeJson ? "matches" : "differs", guest: clip(r.value), native: clip(nativeJson) });
    }
  } finally {
    await sandbox.close();
  }
  return verdicts;
}
