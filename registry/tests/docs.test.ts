// The README's codes table is what REGISTRY_CODES renders, so it cannot drift. Run with CAPSULE_UPDATE_DOCS=1 to
// rewrite it after changing a code.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REGISTRY_CODES } from "../src/index.js";

const README = new URL("../README.md", import.meta.url);
const MARKER = /(<!-- generated:codes -->\n)([\s\S]*?)\n?(<!-- \/generated:codes -->)/;

function renderCodes(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const rows = Object.entries(REGISTRY_CODES).map(([code, row]) => `| \`${code}\` | ${row.stage} | ${cell(row.meaning)} | ${cell(row.hint)} |`);
  return ["| code | stage | meaning | what to do |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

if (process.env.CAPSULE_UPDATE_DOCS === "1") {
  writeFileSync(README, readFileSync(README, "utf8").replace(MARKER, (_, open, _old, close) => `${open}${renderCodes()}\n${close}`));
}

describe("the README's codes table", () => {
  it("is what REGISTRY_CODES renders", () => {
    const found = MARKER.exec(readFileSync(README, "utf8"));
    expect(found, "README.md lacks <!-- generated:codes --> … <!-- /generated:codes -->").not.toBeNull();
    expect(found![2]).toBe(renderCodes());
  });

  it("gives every code a kebab-case name, one-line meaning and hint", () => {
    for (const [code, row] of Object.entries(REGISTRY_CODES)) {
      expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(row.meaning, code).toMatch(/^[^\n]+$/);
      expect(row.hint, code).toMatch(/^[^\n]+$/);
    }
  });
});
