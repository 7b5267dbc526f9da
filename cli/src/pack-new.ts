// `capsule pack new <dir>`: scaffolds a pack that passes `capsule pack check` as generated — package.json with
// the `capsule` field (one authored guest module), src/index.js (a real `slugify`), SKILL.md, index.d.ts and a
// node:test file; with --npm <library>, a wrapper of an installed library instead (pack-new-npm.ts). Refuses (exit 2) a non-empty folder, a file in the way, and a name npm or the manifest
// rules would reject; never overwrites anything.

import { promises as fsp } from "node:fs";
import path from "node:path";
import { checkManifest, MANIFEST_SCHEMA_ID } from "@capsule/compiler";
import { packNewFromNpm } from "./pack-new-npm.js";
import type { LocationOptions } from "./paths.js";

interface PackNewOptions extends LocationOptions {
  name?: string;
  /** Wrap this installed npm library instead of writing the slugify example. */
  npm?: string;
}

const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** A package-name fragment from a folder name: lowercase, runs of other characters become "-". */
function slugPart(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+|[-.]+$/g, "");
}

/** `@scope/name` when the folder sits in an `@scope` folder (npm's layout), else the folder's own name. */
function defaultPackName(dir: string): string {
  const abs = path.resolve(dir);
  const base = slugPart(path.basename(abs)) || "my-pack";
  const parent = path.basename(path.dirname(abs));
  const scope = parent.startsWith("@") ? slugPart(parent.slice(1)) : "";
  return scope ? `@${scope}/${base}` : base;
}

export async function packNewCommand(dirArg: string, options: PackNewOptions): Promise<number> {
  const dir = path.resolve(dirArg);
  const fail = (message: string, code = 2) => {
    process.stderr.write(`capsule pack new: ${message}\n`);
    return code;
  };
  const stat = await fsp.stat(dir).catch(() => undefined);
  if (stat && !stat.isDirectory()) return fail(`${dirArg} exists and is not a folder`);
  if (stat && (await fsp.readdir(dir)).length > 0) return fail(`${dirArg} is not empty; choose a new or empty folder`);

  const name = options.name ?? defaultPackName(dir);
  if (name.length > 214 || !NPM_NAME.test(name)) {
    return fail(`"${name}" is not a valid npm package name (lowercase letters, digits, - . _ ~, optionally @scope/); pass --name`);
  }
  const shown = path.relative(process.cwd(), dir) || ".";
  // The root to pass to --packs: the folder holding the pack, or the one holding its @scope folder.
  const parent = path.dirname(dir);
  const root = path.relative(process.cwd(), path.basename(parent).startsWith("@") ? path.dirname(parent) : parent) || ".";
  if (options.npm !== undefined) {
    if (options.npm.length > 214 || !NPM_NAME.test(options.npm)) return fail(`--npm "${options.npm}" is not an npm package name (such as js-yaml or @scope/name)`);
    return packNewFromNpm({
      dir,
      name,
      library: options.npm,
      options,
      fail,
      print: (files, exports, notes) =>
        process.stdout.write(
          `created pack ${name} in ${shown}, wrapping ${options.npm}\n` +
            files.map((f) => `  ${f}\n`).join("") +
            `exports: ${exports.join(", ") || "(none)"}\n` +
            notes.map((n) => `note: ${n}\n`).join("") +
            `next:\n` +
            `  capsule pack check ${shellQuote(shown)}   # compile and probe it in the sandbox\n` +
            `  capsule run --packs ${shellQuote(root)} <program>   # import "${name}" from a guest\n`,
        ),
    });
  }
  const files = scaffold(name);
  const verdict = checkManifest(JSON.parse(files["package.json"]!));
  if (!verdict.ok) return fail(`"${name}" cannot be a pack name: ${verdict.diagnostics.map((d) => d.message).join("; ")}`);

  for (const [rel, text] of Object.entries(files)) {
    const target = path.join(dir, rel);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, text, { flag: "wx" });
  }
  process.stdout.write(
    `created pack ${name} in ${shown}\n` +
      Object.keys(files).map((f) => `  ${f}\n`).join("") +
      `next:\n` +
      `  node --test ${shellQuote(path.join(shown, "tests"))}/   # run its tests in Node\n` +
      `  capsule pack check ${shellQuote(shown)}   # compile and probe it in the sandbox\n` +
      `  capsule run --packs ${shellQuote(root)} <program>   # import "${name}" from a guest\n`,
  );
  return 0;
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

function testName(name: string): string {
  return name.split("/").pop()!;
}

/** The scaffold's files, by path relative to the pack folder. */
function scaffold(name: string): Record<string, string> {
  const short = testName(name);
  const pkg = {
    // Editors validate the `capsule` field against the published manifest schema.
    $schema: MANIFEST_SCHEMA_ID,
    name,
    version: "0.1.0",
    description: "Turn text into URL-safe slugs, for Capsule guests",
    type: "module",
    exports: { ".": { types: "./index.d.ts", default: "./src/index.js" } },
    files: ["src", "index.d.ts", "SKILL.md"],
    scripts: { test: `node --test tests/${short}.test.mjs` },
    keywords: ["capsule-pack"],
    capsule: {
      skill: "SKILL.md",
      types: "index.d.ts",
      modules: { ".": { kind: "guest", source: "src/index.js" } },
    },
  };
  return {
    "package.json": `${JSON.stringify(pkg, null, 2)}\n`,
    "src/index.js": INDEX_JS.replaceAll("__NAME__", name),
    "SKILL.md": SKILL_MD.replaceAll("__NAME__", name),
    "index.d.ts": INDEX_D_TS.replaceAll("__NAME__", name),
    [`tests/${short}.test.mjs`]: TEST_MJS.replaceAll("__NAME__", name),
    ".gitignore": "node_modules/\n",
  };
}

const INDEX_JS = `// __NAME__: turns text into URL-safe slugs. This module runs inside the Capsule sandbox, so it is plain
// JavaScript: no Node builtins, no process/fetch/timers, and it imports nothing but files of this pack.

const COMBINING_MARKS = /[\\u0300-\\u036f]/g;
const APOSTROPHES = /['\\u2019]/g;
const WORD = /[a-z0-9]+/g;

/**
 * Lowercases text, folds accents ("é" → "e"), drops apostrophes and joins the remaining runs of ASCII
 * letters and digits with \`separator\`. \`maxLength\` cuts at a word boundary (a single longer word is cut).
 *
 * @param {string} text
 * @param {{ separator?: string, maxLength?: number }} [options]
 * @returns {string}
 */
export function slugify(text, options = {}) {
  if (typeof text !== "string") throw new TypeError(\`slugify expects a string, got \${typeof text}\`);
  const separator = options.separator ?? "-";
  if (typeof separator !== "string" || /[a-z0-9]/i.test(separator)) {
    throw new TypeError("slugify: separator must be a string without letters or digits");
  }
  const maxLength = options.maxLength ?? Infinity;
  if (!(maxLength > 0)) throw new RangeError("slugify: maxLength must be a positive number");

  const words = text.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase().replace(APOSTROPHES, "").match(WORD) ?? [];
  let slug = "";
  for (const word of words) {
    const next = slug ? slug + separator + word : word;
    if (next.length > maxLength) return slug || word.slice(0, maxLength);
    slug = next;
  }
  return slug;
}

export default slugify;
`;

const INDEX_D_TS = `// Types for the __NAME__ guest module.
declare module "__NAME__" {
  export interface SlugifyOptions {
    /** Joins the words (default "-"); must not contain letters or digits. */
    separator?: string;
    /** Longest slug to return; cuts at a word boundary (default: no limit). */
    maxLength?: number;
  }
  /** Lowercase, accent-folded, URL-safe slug of \`text\`. */
  export function slugify(text: string, options?: SlugifyOptions): string;
  export default slugify;
}
`;

const SKILL_MD = `# __NAME__

Turn any text into a lowercase, URL-safe slug: accents folded, punctuation dropped, words joined by \`-\`.

## Exports

- \`slugify(text, options?)\`: returns the slug. \`slugify("Crème Brûlée: a recipe!")\` → \`"creme-brulee-a-recipe"\`.
  Options: \`separator\` (default \`"-"\`), \`maxLength\` (cuts at a word boundary).

\`\`\`js
import { slugify } from "__NAME__";
return [slugify("Hello, World!"), slugify("Hello, World!", { separator: "_" })]; // ["hello-world", "hello_world"]
\`\`\`

The default export is \`slugify\` too: \`import slugify from "__NAME__"\`.

## Gotchas

- Only ASCII letters and digits survive: text in other scripts (\`"東京"\`) gives \`""\`; check for an empty slug before using it as an id.
- Apostrophes are dropped, not turned into separators: \`"Don't stop"\` → \`"dont-stop"\`.
- \`maxLength\` never cuts a word in half, unless the first word alone is longer than \`maxLength\`.
- \`slugify\` throws a \`TypeError\` for anything but a string.
`;

const TEST_MJS = `// Tests for __NAME__, run in Node: \`npm test\` (or \`node --test tests/\`). \`capsule pack check .\` then
// proves the same module loads in the sandbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import slugifyDefault, { slugify } from "../src/index.js";

test("lowercases, folds accents and drops punctuation", () => {
  assert.equal(slugify("Crème Brûlée: a recipe!"), "creme-brulee-a-recipe");
  assert.equal(slugify("  Hello,   World!  "), "hello-world");
  assert.equal(slugify("Don't stop"), "dont-stop");
});

test("honours separator and maxLength", () => {
  assert.equal(slugify("Hello, World!", { separator: "_" }), "hello_world");
  assert.equal(slugify("one two three", { maxLength: 8 }), "one-two");
  assert.equal(slugify("extraordinary", { maxLength: 5 }), "extra");
});

test("returns an empty slug when nothing survives, and refuses non-strings", () => {
  assert.equal(slugify("東京"), "");
  assert.throws(() => slugify(42), TypeError);
  assert.throws(() => slugify("a", { separator: "x" }), TypeError);
});

test("the default export is slugify", () => {
  assert.equal(slugifyDefault, slugify);
});
`;
