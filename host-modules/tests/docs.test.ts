// The README's reference tables are what the code renders (descriptors, limit rows, tuning, error codes), and each
// shipped pack declares exactly its descriptor's exports. Run with CAPSULE_UPDATE_DOCS=1 to rewrite the README's
// generated sections after changing a descriptor, a limit or a code.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { moduleName } from "../src/descriptor.js";
import { README_SECTIONS } from "../src/docs.js";
import { SHIPPED_MODULES } from "../src/shipped.js";

const README = new URL("../README.md", import.meta.url);
const PACKS = new URL("../../packs/", import.meta.url);

const marker = (name: string) => new RegExp(`(<!-- generated:${name} -->\\n)([\\s\\S]*?)\\n?(<!-- /generated:${name} -->)`);

if (process.env.CAPSULE_UPDATE_DOCS === "1") {
  let text = readFileSync(README, "utf8");
  for (const [name, render] of Object.entries(README_SECTIONS)) text = text.replace(marker(name), (_, open, _old, close) => `${open}${render()}\n${close}`);
  writeFileSync(README, text);
}

describe("the README's generated tables", () => {
  const text = readFileSync(README, "utf8");
  it.each(Object.keys(README_SECTIONS))("%s is what the code renders", (name) => {
    const found = marker(name).exec(text);
    expect(found, `README.md lacks <!-- generated:${name} --> … <!-- /generated:${name} -->`).not.toBeNull();
    expect(found![2]).toBe(README_SECTIONS[name]!());
  });
});

describe("each shipped pack matches its descriptor", () => {
  it.each(SHIPPED_MODULES.map((m) => [m.id, m] as const))("%s", (_id, m) => {
    const folder = new URL(`${moduleName(m)}/`, PACKS);
    const manifest = JSON.parse(readFileSync(new URL("package.json", folder), "utf8"));
    expect(manifest.name).toBe(m.package);
    expect(Object.values(manifest.capsule.modules)).toEqual([{ kind: "host", host: m.id }]);
    const exports = Object.keys(m.exports).sort();
    const declared = [...readFileSync(new URL(manifest.capsule.types, folder), "utf8").matchAll(/export function (\w+)\(/g)].map((d) => d[1]);
    expect([...new Set(declared)].sort()).toEqual(exports);
    const skill = readFileSync(new URL(manifest.capsule.skill, folder), "utf8");
    for (const name of exports) expect(skill, `${m.package} SKILL.md documents ${name}`).toContain(`\`${name}(`);
    for (const name of m.hostOnly ?? []) expect(exports, `${name} is host only`).not.toContain(name);
  });
});
