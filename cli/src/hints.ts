// Owns the "how to fix it" line the CLI prints under a compiler diagnostic: one hint per compiler code,
// specialised with the diagnostic's own details (the builtin, the global, the field path) where it has them.
// A code without a hint (one added to the compiler later) falls back to the compiler's one-line meaning.

import { CODE_MEANINGS, type Code, type Diagnostic, type HostAdmitCode } from "@capsule/compiler";

/** Every code a compile can report: the compiler's own, and the registry's verdicts on host declarations. */
export type AnyCode = Code | HostAdmitCode;

/** What a hint may use: any diagnostic, or a catalog refusal (code + message only). */
export type HintSource = { code: AnyCode | (string & {}) } & Partial<Pick<Diagnostic, "message" | "path" | "details" | "file">>;

const detail = (d: HintSource, key: string): string | undefined => {
  const v = d.details?.[key];
  return typeof v === "string" && v ? v : undefined;
};

/** The first quoted name in a message, e.g. the package of an unresolved import. */
const quoted = (d: HintSource): string | undefined => /"([^"]+)"/.exec(d.message ?? "")?.[1];

const HINTS: { [K in AnyCode]?: (d: HintSource) => string } = {
  "options-invalid": () => "an option is outside its allowed range; check the values you passed (--home, limits) against `capsule --help`",
  "root-unreadable": () => "create that folder, or drop it from --packs / CAPSULE_PACK_PATH",
  "manifest-unreadable": () => "make package.json a regular file of valid JSON under 256 KiB (check it with `node -e \"JSON.parse(require('fs').readFileSync('package.json','utf8'))\"`)",
  "manifest-invalid": (d) =>
    `edit ${d.path ? `\`${d.path}\`` : "that field"} in package.json; @capsule/compiler/schema.json lists every allowed field and value (the message says what is valid)`,
  "manifest-reserved-name": () => "rename it: _capsule*, __proto__, constructor, prototype and .. are reserved (compared case-insensitively) in subpaths and pack names",
  "manifest-duplicate-module": () => "keep one of the two keys: subpaths that differ only by letter case, a trailing /, // or ./ are the same module",
  "manifest-path-escape": (d) =>
    `ship the file inside the pack and point ${d.path ? `\`${d.path}\`` : "the field"} at it with a plain relative path (no .., backslash, absolute path, node_modules, or symlink leaving the pack)`,
  "manifest-npm-not-dependency": (d) => {
    const dep = quoted(d);
    return `add ${dep ? `"${dep}"` : "the package"} to "dependencies" in package.json and install it, or fix the \`npm\` name`;
  },
  "pack-file-missing": (d) => `create the file, or fix the path in ${d.path ? `\`${d.path}\`` : "the manifest"} (paths are relative to the pack folder)`,
  "pack-too-large": () => "the files the manifest declares exceed 2 MiB: move data out of the pack, or split it into several packs",
  "skill-too-large": () => "shorten SKILL.md below 64 KiB: keep the summary, the exports with examples and the gotchas; link to longer docs",
  "types-too-large": () => "trim the .d.ts below 128 KiB, or split the pack so each part declares fewer types",
  "pack-shadowed": () => "if the override is intended there is nothing to do; otherwise remove one copy or reorder --packs / CAPSULE_PACK_PATH (later roots win)",
  "pack-duplicate-name": () => "two folders of one root declare this name: remove or rename one of them (the first by folder name is kept)",
  "npm-module-builtin-import": (d) => {
    const builtin = detail(d, "builtin");
    const importer = detail(d, "importer");
    const what = builtin ? `Node's "${builtin}"${importer && importer !== "<entry>" ? ` (imported by ${importer})` : ""}` : "a Node builtin";
    return `this library needs ${what}; pick a dependency without it, import a narrower subpath, or ask for a host module`;
  },
  "npm-module-unresolved": (d) => {
    const spec = detail(d, "import") ?? quoted(d);
    return `install ${spec ? `"${spec}"` : "the missing package"} where the pack folder resolves it (\`npm install\` in the pack) and list it in "dependencies"`;
  },
  "npm-module-too-large": () => "import a narrower subpath (e.g. `date-fns/format` rather than `date-fns`), drop heavy dependencies, or split the module",
  "npm-module-build-failed": () => "fix the source at the location esbuild reports; the module must parse as an ES module (or CommonJS esbuild can bundle)",
  "npm-module-bundle-warning": () => "check that the noted code still works without what esbuild could not bundle (often an optional require())",
  "guest-module-import-outside-pack": (d) => {
    const spec = detail(d, "import");
    return `an authored module may import only files of its own pack${spec ? ` ("${spec}" is not one)` : ""}: copy the code in, or declare the package as an \`npm\` guest module of the pack and let guests import it`;
  },
  "guest-module-file-too-large": () => "split the file (256 KiB each at most), or ship the code as a dependency bundled through an `npm` guest module",
  "npm-module-forbidden-global": (d) => {
    const name = detail(d, "name");
    const via = detail(d, "via");
    const shown = name ? `\`${via ? `${via}.` : ""}${name}\`` : "this global";
    const test = name && !via ? ` (\`typeof ${name} !== "undefined" && …\`)` : "";
    return `${shown} does not exist in the sandbox: guard it with a typeof feature test${test}, pick a dependency that does not need it, or ask for a host module`;
  },
  "forbidden-global-guarded": () => "nothing to fix: in the sandbox the feature test fails and the fallback path runs; make sure that fallback is what you want",
  "forbidden-global-deferred": () =>
    "nothing to fix at load: the global is used only inside a function that does not run when the module loads; calling that function in the sandbox will fail, so make sure guests never need that path",
  "npm-module-builtin-optional": () =>
    "nothing to fix at load: the Node builtin is required only behind a guard, in a try or lazily, and is replaced by an empty stub; the code paths that need it will not work in the sandbox",
  "global-dynamic-access": () => "make sure the code still works when the global it looks up is missing (the sandbox has no Node or browser globals)",
  "npm-module-dynamic-import": () => "replace import(<expression>) with literal imports (a map of literal import() calls works too)",
  "npm-module-probe-failed": () =>
    "the module threw while loading in a fresh guest (the message is the guest's): often a top-level use of an API the sandbox lacks; move it into a function or guard it, then `capsule pack check` again",
  "cache-entry-corrupt": () => "nothing to fix: the entry was rebuilt; if it keeps happening, check the disk and any other tool writing to <home>/cache",
  "cache-write-failed": () => "make <home>/cache writable, or choose another home with --home or CAPSULE_HOME",
  // ── host declarations, judged by the registry's pins
  "host-id-unknown": () =>
    "no pin exists for this host id: host modules exist only by pin, so use a guest module instead, or ask the application embedding Capsule to register the host module",
  "host-id-not-pinned": () => "this host id is pinned to another package; only that package may declare it: remove the declaration and depend on (or import) the pinned pack instead",
  "host-id-lookalike": () => "the id imitates a pinned one (case, confusable letters or separators): declare the exact pinned id only if this is the pinned package, otherwise remove it",
};

/** How to fix the diagnostic, in one line. */
export function hintFor(d: HintSource): string {
  const hint = (HINTS as Record<string, ((d: HintSource) => string) | undefined>)[d.code];
  if (hint) return hint(d);
  return (CODE_MEANINGS as Record<string, string>)[d.code] ?? "see the compiler's README for this code";
}

/** Whether a code has its own hint (tests use it to prove every compiler code is covered). */
export function hasHint(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(HINTS, code);
}
