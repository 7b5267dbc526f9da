// SKILL.md one-line summaries: the first paragraph line under a heading naming the module, else the
// first paragraph line of the file; front matter, fences, comments and tables never count.

import { describe, expect, test } from "vitest";
import { extractSummary } from "../src/index.js";

const doc = `---
name: yaml
description: not this
---
<!-- not this either -->
# @capsule/yaml

Parse and dump YAML.
Second line of the same paragraph.

## \`@capsule/yaml/schema\` — schemas

\`\`\`js
// not a summary
\`\`\`

Build schemas for custom tags.

## ./parse

| a | b |
|---|---|

- Streaming parser for big documents.

## Other

Unrelated.
`;

describe("extractSummary", () => {
  test("the heading naming the specifier", () => {
    expect(extractSummary(doc, "@capsule/yaml", ".")).toBe("Parse and dump YAML.");
    expect(extractSummary(doc, "@capsule/yaml/schema", "./schema")).toBe("Build schemas for custom tags.");
  });

  test("the heading naming the subpath; list markers are stripped", () => {
    expect(extractSummary(doc, "@capsule/yaml/parse", "./parse")).toBe("Streaming parser for big documents.");
  });

  test("falls back to the first paragraph line of the file", () => {
    expect(extractSummary(doc, "@capsule/yaml/hash", "./hash")).toBe("Parse and dump YAML.");
    expect(extractSummary("Just text.\n", "x", ".")).toBe("Just text.");
  });

  test("a heading with no paragraph before the next heading falls back", () => {
    expect(extractSummary("# Intro\n\nHello.\n\n## ./a\n## ./b\n\nB text.\n", "p/a", "./a")).toBe("Hello.");
  });

  test("setext headings, empty documents and long lines", () => {
    expect(extractSummary("@x/y\n====\n\nSetext body.\n", "@x/y", ".")).toBe("Setext body.");
    expect(extractSummary("# only headings\n", "x", ".")).toBe("");
    const long = extractSummary(`# x\n\n${"word ".repeat(100)}\n`, "x", ".");
    expect(long.length).toBeLessThanOrEqual(240);
    expect(long.endsWith("…")).toBe(true);
  });

  test("a heading that merely mentions another module does not match", () => {
    expect(extractSummary("# Intro\n\nTop.\n\n## @capsule/yaml/schema\n\nSchema.\n", "@capsule/yaml", ".")).toBe("Top.");
  });
});
