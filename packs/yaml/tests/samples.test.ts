// @capsule/yaml against js-yaml itself: every vendored sample of js-yaml's own test/samples-common (see
// fixtures/samples-common/README.md) is loaded (every document), dumped and re-loaded by the pack in a guest and by js-yaml called
// natively; the results must be the same (values as they cross back: Dates, bytes, NaN and -0 included) and so must
// the errors (name and reason) where js-yaml refuses a document.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const require = createRequire(new URL("../package.json", import.meta.url));
const yaml = require("js-yaml") as typeof import("js-yaml");
const folder = new URL("./fixtures/samples-common/", import.meta.url);
const samples = readdirSync(folder).filter((f) => f.endsWith(".yml")).sort();
const texts = samples.map((f) => readFileSync(new URL(f, folder), "utf8"));

/** The same program, natively and in the guest: load, dump, load the dump, with each option set. */
const PROGRAM = `(yaml, texts) => texts.map((text) => {
  const out = {};
  for (const [name, options] of [["default", {}], ["json", { json: true }], ["core", { schema: yaml.CORE_SCHEMA }]]) {
    try {
      const docs = yaml.loadAll(text, null, options);
      const dumped = docs.map((doc) => yaml.dump(doc, { skipInvalid: true }));
      const sorted = docs.map((doc) => yaml.dump(doc, { sortKeys: true, skipInvalid: true, flowLevel: 1, noRefs: true }));
      out[name] = { docs, dumped, again: dumped.map((d) => yaml.load(d)), sorted };
    } catch (e) {
      out[name] = { error: [e.name, e.reason] };
    }
  }
  return out;
})`;

const sandbox = await shippedSandbox();

describe("@capsule/yaml gives js-yaml's results on js-yaml's own samples", { timeout: 120_000 }, () => {
  it("vendors a representative set", () => {
    expect(samples.length).toBeGreaterThanOrEqual(25);
    expect(samples).toEqual(expect.arrayContaining(["construct-binary.yml", "construct-merge.yml", "construct-timestamp.yml", "duplicate-mapping-key.yml"]));
  });

  it("loads and dumps every sample in a guest exactly as js-yaml does natively", async () => {
    const native = (eval(PROGRAM) as (y: typeof yaml, t: string[]) => unknown[])(yaml, texts);
    const result = await sandbox.run({
      source: `import yaml from "@capsule/yaml"; return (${PROGRAM})(yaml, inputs.texts);`,
      inputs: { texts },
      limits: { wallMs: 60_000, cpuMs: 30_000 },
    });
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    const guest = (result.ok ? result.value : []) as unknown[];
    for (let i = 0; i < samples.length; i++) expect(guest[i], samples[i]).toEqual(native[i]);
    // Both refusals and documents are among the samples.
    const outcomes = native.map((r) => Object.keys((r as { default: object }).default)[0]);
    expect(outcomes.filter((o) => o === "error").length, outcomes.join()).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === "docs").length, outcomes.join()).toBeGreaterThan(20);
  });
});
