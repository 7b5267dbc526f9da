// `capsule pack new <dir> --npm <library>`: scaffolds a pack wrapping an installed npm library as one guest module —
// package.json (the library as its dependency and `npm` module), SKILL.md from the library's own description
// (package.json description, README's first paragraph) and probed exports, and index.d.ts from the library's own
// types (its types/typings, else an installed @types/<name>), else declared from the probed exports. Writes no
// example source or tests. Refuses (exit 2) a library not installed where the folder or the working directory can
// see it (`library-not-installed`), a types file it cannot inline (then the declaration is derived, with a note), and
// (exit 1, the files left for `capsule pack check` to explain) a library the compiler refuses.

import { existsSync, promises as fsp } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkManifest, MANIFEST_SCHEMA_ID, type CompileResult } from "@capsule/compiler";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";

export interface InstalledLibrary {
  name: string;
  version: string;
  description: string;
  /** The folder holding its package.json (as found, links not followed). */
  dir: string;
  pkg: Record<string, unknown>;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The library's folder in the nearest node_modules above `from` (Node's lookup), or undefined. */
function findUp(from: string, library: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", ...library.split("/"));
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Finds `library` as Node would from the pack folder, else from the working directory (`linked`: not visible from the folder). */
export async function findLibrary(packDir: string, library: string): Promise<{ library: InstalledLibrary; linked: boolean } | undefined> {
  const own = findUp(path.dirname(packDir), library);
  const dir = own ?? findUp(process.cwd(), library);
  if (!dir) return undefined;
  const pkg = JSON.parse(await fsp.readFile(path.join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return { library: { name: library, version: text(pkg.version) || "*", description: text(pkg.description), dir, pkg }, linked: !own };
}

/** Text fit for a Markdown file: no control characters, whitespace runs collapsed, at most `max` characters. */
function plainText(text: string, max: number): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : clean;
}

/** The README's first paragraph of prose: headings, badges, images, HTML, rules and code are skipped. */
export async function readmeParagraph(dir: string): Promise<string> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const readme = names.find((n) => /^readme(\.(md|markdown|txt))?$/i.test(n));
  if (!readme) return "";
  const lines = (await fsp.readFile(path.join(dir, readme), "utf8")).split(/\r?\n/);
  let inCode = false;
  const paragraph: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (/^(```|~~~)/.test(t)) {
      inCode = !inCode;
      if (paragraph.length) break;
      continue;
    }
    if (inCode) continue;
    const skip = t === "" || /^(#|!\[|\[!\[|<|>|[-=*_]{3,}$|\||\[[^\]]*\]:)/.test(t);
    if (skip) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(t);
  }
  // Markdown links keep their text; emphasis and code marks go.
  return plainText(paragraph.join(" ").replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]+/g, ""), 600);
}

/** `@types/<name>`'s folder for `library` (`@scope/x` → `@types/scope__x`), found as the library was. */
function typesPackageName(library: string): string {
  return `@types/${library.startsWith("@") ? library.slice(1).replace("/", "__") : library}`;
}

/** The declaration file the library ships (types/typings) or an installed @types package's, if any. */
export async function libraryTypes(packDir: string, library: InstalledLibrary): Promise<{ file: string; from: string } | undefined> {
  const field = (pkg: Record<string, unknown>) => (typeof pkg.types === "string" ? pkg.types : typeof pkg.typings === "string" ? pkg.typings : undefined);
  const own = field(library.pkg);
  if (own && existsSync(path.join(library.dir, own))) return { file: path.join(library.dir, own), from: `${library.name}'s own types (${own})` };
  const typesName = typesPackageName(library.name);
  const typesDir = findUp(path.dirname(packDir), typesName) ?? findUp(process.cwd(), typesName) ?? findUp(path.dirname(library.dir), typesName);
  if (!typesDir) return undefined;
  const pkg = JSON.parse(await fsp.readFile(path.join(typesDir, "package.json"), "utf8")) as Record<string, unknown>;
  const entry = field(pkg) ?? "index.d.ts";
  return existsSync(path.join(typesDir, entry)) ? { file: path.join(typesDir, entry), from: `${typesName}${typeof pkg.version === "string" ? `@${pkg.version}` : ""} (${entry})` } : undefined;
}

/**
 * A library's declaration file as the body of `declare module "<pack>"`: `declare` modifiers dropped (the block is
 * already ambient), triple-slash directives dropped. Undefined when it cannot stand alone: it imports relative files,
 * or augments the global scope.
 */
export function inlineDeclarations(text: string): string | undefined {
  if (/\bfrom\s+["']\.{1,2}\//.test(text) || /\bimport\s*\(\s*["']\.{1,2}\//.test(text) || /\bdeclare\s+global\b/.test(text) || /^\s*declare\s+module\b/m.test(text)) return undefined;
  return text
    .replace(/^\s*\/\/\/\s*<reference[^>]*>\s*$/gm, "")
    .replace(/^(\s*)(export\s+)?declare\s+/gm, "$1$2")
    .replace(/^\s*export\s*\{\s*\}\s*;?\s*$/gm, "")
    .trim()
    .split("\n")
    .map((line) => (line ? `  ${line}` : line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd();
}

/** A declaration from the probed export names: each an `any`, to be replaced with real types. */
export function derivedDeclarations(exports: readonly string[]): string {
  const named = exports.filter((e) => e !== "default" && IDENTIFIER.test(e));
  const lines = named.map((e) => `  export const ${e}: any;`);
  if (exports.includes("default")) lines.push("  const defaultExport: any;", "  export default defaultExport;");
  return lines.join("\n");
}

/** Compiles and probes the pack in `dir` alone (as `capsule pack check` does), for its exports or its refusal. */
export async function probePack(dir: string, options: LocationOptions): Promise<CompileResult> {
  const root = await fsp.mkdtemp(path.join(tmpdir(), "capsule-new-"));
  try {
    await fsp.symlink(await fsp.realpath(dir), path.join(root, "pack"), process.platform === "win32" ? "junction" : "dir");
    return await compileRoots(resolveLocations(options), { roots: [root], save: false });
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
}

/** SKILL.md from the library's description and README, and the exports the probe found. */
export function skillText(name: string, library: InstalledLibrary, paragraph: string, exports: readonly string[]): string {
  const named = exports.filter((e) => e !== "default" && IDENTIFIER.test(e));
  const summary = plainText(library.description, 300) || `The npm library ${library.name}, for Capsule guests.`;
  const example = named.length
    ? `import { ${named.slice(0, 3).join(", ")} } from "${name}";`
    : exports.includes("default") ? `import ${IDENTIFIER.test(library.name) ? library.name : "library"} from "${name}";` : `import "${name}";`;
  return [
    `# ${name}`,
    "",
    summary,
    "",
    ...(paragraph && paragraph !== summary ? [paragraph, ""] : []),
    `Wraps [${library.name}](https://www.npmjs.com/package/${library.name}) ${library.version}, bundled and run inside the sandbox.`,
    "",
    "## Exports",
    "",
    ...(named.length ? named.map((e) => `- \`${e}\``) : ["- (no named exports)"]),
    ...(exports.includes("default") ? ["- `default`"] : []),
    "",
    "```js",
    example,
    "```",
    "",
    "## Gotchas",
    "",
    "- The library runs inside QuickJS: no Node builtins, file system, network or timers; a function that needs them throws.",
    "- Values a guest returns cross to the host as copies: return data, not functions or class instances.",
    `- Generated by \`capsule pack new --npm ${library.name}\` from the library's package.json and README: add what guests should know.`,
    "",
  ].join("\n");
}

export interface NpmScaffold {
  dir: string;
  name: string;
  library: string;
  options: LocationOptions;
  fail(message: string, code?: number): number;
  print(files: string[], exports: readonly string[], notes: string[]): void;
}

/** Writes the pack, probes it, then writes SKILL.md and index.d.ts from what the probe and the library say. */
export async function packNewFromNpm(s: NpmScaffold): Promise<number> {
  const found = await findLibrary(s.dir, s.library);
  if (!found) {
    return s.fail(`library-not-installed: "${s.library}" is not installed in a node_modules above ${s.dir} or the working directory; install it first (npm install ${s.library}) and run this again`);
  }
  const { library, linked } = found;
  const pkg = {
    $schema: MANIFEST_SCHEMA_ID,
    name: s.name,
    version: "0.1.0",
    description: plainText(library.description, 200) || `${library.name} for Capsule guests`,
    type: "module",
    files: ["SKILL.md", "index.d.ts"],
    keywords: ["capsule-pack"],
    // The version whose types and exports the scaffold was made from.
    dependencies: { [library.name]: library.version },
    capsule: { skill: "SKILL.md", types: "index.d.ts", modules: { ".": { kind: "guest", npm: library.name } } },
  };
  const verdict = checkManifest(pkg);
  if (!verdict.ok) return s.fail(`"${s.name}" cannot be a pack name: ${verdict.diagnostics.map((d) => d.message).join("; ")}`);

  await fsp.mkdir(s.dir, { recursive: true });
  const write = (rel: string, text: string, flag = "wx") => fsp.writeFile(path.join(s.dir, rel), text, { flag });
  await write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
  await write(".gitignore", "node_modules/\n");
  // Placeholders while the probe runs (the manifest names both); rewritten below.
  await write("SKILL.md", `# ${s.name}\n\n${pkg.description}\n`);
  await write("index.d.ts", `declare module ${JSON.stringify(s.name)} {}\n`);
  const files = ["package.json", ".gitignore", "SKILL.md", "index.d.ts"];
  if (linked) {
    // Bundling resolves the library from the pack's folder: link the installed copy where it will be found.
    const link = path.join(s.dir, "node_modules", ...library.name.split("/"));
    await fsp.mkdir(path.dirname(link), { recursive: true });
    await fsp.symlink(await fsp.realpath(library.dir), link, process.platform === "win32" ? "junction" : "dir");
    files.push(`node_modules/${library.name} → ${library.dir}`);
  }

  const result = await probePack(s.dir, s.options);
  const module = result.catalog.modules.find((m) => m.specifier === s.name);
  if (!module) {
    const refused = result.catalog.refused.find((m) => m.specifier === s.name);
    return s.fail(`the compiler refused ${library.name}${refused ? ` (${refused.code}: ${refused.message})` : ""}; the files are in ${s.dir}: \`capsule pack check\` explains each problem`, 1);
  }
  const notes: string[] = [];
  const types = await libraryTypes(s.dir, library);
  const inlined = types ? inlineDeclarations(await fsp.readFile(types.file, "utf8")) : undefined;
  if (types && inlined === undefined) notes.push(`${types.from} import other files or augment globals, so index.d.ts was derived from the probed exports: replace its anys`);
  const header = inlined !== undefined
    ? `// Types for the ${s.name} guest module: ${types!.from}, inside the pack's module.`
    : `// Types for the ${s.name} guest module, derived from the exports the probe found (${library.name} ships no types): replace each any.`;
  const body = inlined ?? derivedDeclarations(module.exports);
  await write("index.d.ts", `${header}\ndeclare module ${JSON.stringify(s.name)} {\n${body}${body ? "\n" : ""}}\n`, "w");
  await write("SKILL.md", skillText(s.name, library, await readmeParagraph(library.dir), module.exports), "w");
  s.print(files, module.exports, notes);
  return 0;
}
