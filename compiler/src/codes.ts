// Owns the compiler's error vocabulary: every code a diagnostic, a refusal or a CompilerError may carry, as one row
// each with its one-line meaning, the "how to fix it" hint a tool prints under it (a string, or a function of the
// diagnostic's details where the fix names the builtin, the global, the field) and whether such a refusal may be
// cached. Refuses any other code: `Code` is this table's keys. README.md ("Codes") lists every row.

import type { Diagnostic } from "./diagnostics.js";

/** What a hint may use: any diagnostic, or a catalog refusal (code + message only). */
export type HintSource = { code: string } & Partial<Pick<Diagnostic, "message" | "path" | "details" | "file">>;

export interface CodeRow {
  readonly meaning: string;
  readonly hint: string | ((d: HintSource) => string);
  /** The refusal is a pure function of the recorded inputs, so it is cached with them. */
  readonly cacheable?: true;
}

const detail = (d: HintSource, key: string): string | undefined => {
  const v = d.details?.[key];
  return typeof v === "string" && v ? v : undefined;
};

/** The first quoted name in a message, e.g. the package of an unresolved import. */
const quoted = (d: HintSource): string | undefined => /"([^"]+)"/.exec(d.message ?? "")?.[1];

export const COMPILER_CODES = {
  // ── options and roots
  "options-invalid": {
    meaning: "a compiler function was called with an option or argument outside its allowed range (compile()/discoverPacks() options, computeCacheKey parts)",
    hint: "an option is outside its allowed range; check the values you passed (--home, limits) against `capsule --help`",
  },
  "root-unreadable": {
    meaning: "a discovery root does not exist or is not a readable folder",
    hint: "create that folder, or drop it from --packs / CAPSULE_PACK_PATH",
  },
  // ── manifest (package.json `capsule` field)
  "manifest-unreadable": {
    meaning: "package.json is missing, not a regular file, too large or not valid JSON",
    hint: "make package.json a regular file of valid JSON under 256 KiB (check it with `node -e \"JSON.parse(require('fs').readFileSync('package.json','utf8'))\"`)",
  },
  "manifest-invalid": {
    meaning: "the manifest does not match capsule-manifest.schema.json (the path says where)",
    hint: (d) =>
      `edit ${d.path ? `\`${d.path}\`` : "that field"} in package.json; @capsule/compiler/schema.json lists every allowed field and value (the message says what is valid)`,
  },
  "manifest-reserved-name": {
    meaning: "a module subpath or pack name uses a reserved segment (_capsule*, __proto__, constructor, prototype, ..)",
    hint: "rename it: _capsule*, __proto__, constructor, prototype and .. are reserved (compared case-insensitively) in subpaths and pack names",
  },
  "manifest-duplicate-module": {
    meaning: "two module subpaths are the same after normalization (trailing slash, //, ./, letter case)",
    hint: "keep one of the two keys: subpaths that differ only by letter case, a trailing /, // or ./ are the same module",
  },
  "manifest-path-escape": {
    meaning: "a declared file path is absolute, has .., a backslash or NUL, points into node_modules, or is a symlink leaving the pack; or a file an npm module's bundle resolves lies outside the pack and its package's own folder",
    hint: (d) => {
      const file = detail(d, "file");
      if (file) {
        return `a dependency reaches ${file}, outside the pack and outside its own package folder (through its main, exports, an import or a symlink): fix or replace that dependency so every file it loads is its own`;
      }
      return `ship the file inside the pack and point ${d.path ? `\`${d.path}\`` : "the field"} at it with a plain relative path (no .., backslash, absolute path, node_modules, or symlink leaving the pack)`;
    },
  },
  "manifest-npm-not-dependency": {
    meaning: "a guest module's `npm` names a package that is not in the pack's dependencies",
    hint: (d) => {
      const dep = quoted(d);
      return `add ${dep ? `"${dep}"` : "the package"} to "dependencies" in package.json and install it, or fix the \`npm\` name`;
    },
  },
  // ── discovery
  "pack-file-missing": {
    meaning: "a file the manifest declares does not exist or is not a regular file",
    hint: (d) => `create the file, or fix the path in ${d.path ? `\`${d.path}\`` : "the manifest"} (paths are relative to the pack folder)`,
  },
  "pack-too-large": {
    meaning: "the files the manifest declares add up to more than PACK_DECLARED_MAX_BYTES",
    hint: "the files the manifest declares exceed 2 MiB: move data out of the pack, or split it into several packs",
  },
  "skill-too-large": {
    meaning: "SKILL.md is larger than SKILL_MAX_BYTES",
    hint: "shorten SKILL.md below 64 KiB: keep the summary, the exports with examples and the gotchas; link to longer docs",
  },
  "types-too-large": {
    meaning: "the .d.ts file is larger than TYPES_MAX_BYTES",
    hint: "trim the .d.ts below 128 KiB, or split the pack so each part declares fewer types",
  },
  "pack-shadowed": {
    meaning: "a pack of the same name in a later root replaced this one",
    hint: "if the override is intended there is nothing to do; otherwise remove one copy or reorder --packs / CAPSULE_PACK_PATH (later roots win)",
  },
  "standsfor-ignored": {
    meaning: "a module's standsFor claim (or its npm name) is ignored: the name is a module of the catalog itself, or a shipped pack claims it (warning)",
    hint: "nothing to do unless you rely on the hint: programs importing that name are pointed at the module that keeps the claim; map it yourself with imports to use this one",
  },
  "pack-shadow-refused": {
    meaning: "a pack is named like a pack of a protected root (the shipped packs) and would shadow it; it is refused and the protected pack kept",
    hint: (d) => {
      const pack = detail(d, "pack");
      return `${pack ?? "this pack"} is named like a shipped pack: rename it, or if you mean to replace the shipped pack, install it with \`capsule packs install --allow-shadow-shipped\` (recorded in the ledger)`;
    },
  },
  "pack-install-too-many-files": {
    meaning: "an install would add more files to the install root than PACK_INSTALL_MAX_FILES (the pack and the dependencies npm adds with it)",
    hint: "the pack (with its dependencies) has too many files: ask its author to publish only what it needs (package.json `files`), or raise the cap within its ceiling (`capsule packs install --max-files <n>`)",
  },
  "pack-install-too-large": {
    meaning: "an install would add more unpacked bytes to the install root than PACK_INSTALL_MAX_BYTES",
    hint: "the pack (with its dependencies) is too large unpacked: ask its author to drop data it does not need, or raise the cap within its ceiling (`capsule packs install --max-bytes <n>`)",
  },
  "pack-duplicate-name": {
    meaning: "two folders in the same root declare the same pack name; the first (by folder name) is kept",
    hint: "two folders of one root declare this name: remove or rename one of them (the first by folder name is kept)",
  },
  // ── bundle (every guest module, npm or authored, takes the same bundle → scan → probe road)
  "npm-module-builtin-import": {
    meaning: "the module (or a dependency of it) imports a Node builtin such as fs or node:path, at module load",
    hint: (d) => {
      const builtin = detail(d, "builtin");
      const importer = detail(d, "importer");
      const what = builtin ? `Node's "${builtin}"${importer && importer !== "<entry>" ? ` (imported by ${importer})` : ""}` : "a Node builtin";
      return `this library needs ${what}; pick a dependency without it, import a narrower subpath, or ask for a host module`;
    },
    cacheable: true,
  },
  "npm-module-builtin-optional": {
    meaning: "a dependency require()s a Node builtin only optionally (try/catch, typeof require test, inside a function, browser field `false`); it gets an empty stub (warning)",
    hint: "nothing to fix at load: the Node builtin is required only behind a guard, in a try or lazily, and is replaced by an empty stub; the code paths that need it will not work in the sandbox",
  },
  "npm-module-browser-build": {
    meaning: "the package's default (Node) build is refused, and its browser build (the `browser` export condition and package.json field) passes, so the browser build is bundled (warning)",
    hint: "nothing to fix: the browser build runs in the sandbox; check that it does what you need (it may expect DOM globals on paths the probe did not take)",
  },
  "npm-module-unresolved": {
    meaning: "an import could not be resolved from the pack's folder",
    hint: (d) => {
      const spec = detail(d, "import") ?? quoted(d);
      return `install ${spec ? `"${spec}"` : "the missing package"} where the pack folder resolves it (\`npm install\` in the pack) and list it in "dependencies"`;
    },
  },
  "npm-module-exports-blocked": {
    meaning: "the package is installed, but its package.json `exports` map does not export the imported subpath",
    hint: (d) => {
      const spec = detail(d, "import");
      const allowed = detail(d, "exported");
      return `${spec ? `"${spec}" is` : "the subpath is"} installed but not exported by its package's \`exports\` map; import one of the subpaths it does export${allowed ? ` (${allowed})` : ""}`;
    },
  },
  "npm-module-too-large": {
    meaning: "the bundled module is larger than MODULE_OUTPUT_MAX_BYTES",
    hint: "import a narrower subpath (e.g. `date-fns/format` rather than `date-fns`), drop heavy dependencies, or split the module",
    cacheable: true,
  },
  "npm-module-build-failed": {
    meaning: "esbuild could not bundle the module (syntax error, unknown file type, …)",
    hint: "fix the source at the location esbuild reports; the module must parse as an ES module (or CommonJS esbuild can bundle)",
  },
  "npm-module-bundle-warning": {
    meaning: "esbuild warned while bundling (for example a require() it could not bundle)",
    hint: "check that the noted code still works without what esbuild could not bundle (often an optional require())",
  },
  "guest-module-import-outside-pack": {
    meaning: "an authored module imports something that is not a file of its own pack",
    hint: (d) => {
      const spec = detail(d, "import");
      return `an authored module may import only files of its own pack${spec ? ` ("${spec}" is not one)` : ""}: copy the code in, or declare the package as an \`npm\` guest module of the pack and let guests import it`;
    },
    cacheable: true,
  },
  "guest-module-file-too-large": {
    meaning: "an authored source file is larger than AUTHORED_FILE_MAX_BYTES",
    hint: "split the file (256 KiB each at most), or ship the code as a dependency bundled through an `npm` guest module",
    cacheable: true,
  },
  // ── scan
  "npm-module-forbidden-global": {
    meaning: "the bundled code reads a forbidden global (process, Buffer, fetch, …) at load without a feature test, or generates code (eval, Function) with no feature test",
    hint: (d) => {
      const name = detail(d, "name");
      const via = detail(d, "via");
      const shown = name ? `\`${via ? `${via}.` : ""}${name}\`` : "this global";
      if (name === "Function" || name === "eval") {
        // The guest has `Function` (it throws EvalError when asked to compile a string) and a compile-time `eval`
        // binding that is undefined: a typeof guard changes nothing for Function, so it is not the advice.
        return `${shown} is used to generate code, which the sandbox refuses (EvalError): pick a library or an option that does not compile code at run time (precompiled validators or templates), or have the library feature-test code generation (\`try { new Function("") } catch { … }\`) and take a path without it; if it generates code only on a path the pack never takes (a fallback, an option), declare \`"codeGeneration": "refuse-at-run-time"\` on the module`;
      }
      const test = name && !via ? ` (\`typeof ${name} !== "undefined" && …\`)` : "";
      return `${shown} does not exist in the sandbox: guard it with a typeof feature test${test}, pick a dependency that does not need it, or ask for a host module`;
    },
    cacheable: true,
  },
  "npm-module-buffer-polyfill": {
    meaning: "the module needs Node's Buffer (the global at load, or `require(\"buffer\")`), which the sandbox does not have: the `buffer` package, the polyfill browser bundlers use, is bundled in for it (warning)",
    hint: "nothing to fix: Buffer works in the guest as the polyfill implements it (pure JavaScript over Uint8Array); a library that depends on Node-only Buffer behaviour may still differ",
  },
  "codegen-refused-at-run-time": {
    meaning: "the module can generate code (eval, Function) at this place, and declares `codeGeneration: \"refuse-at-run-time\"`: it is admitted, and a guest that reaches the place gets EvalError (warning)",
    hint: "make sure guests never take this path (a fallback for a missing built-in, an option that compiles code); where they might, pick another library",
  },
  "forbidden-global-guarded": {
    meaning: "the bundled code mentions a forbidden global only behind a typeof feature test, in a dead branch, or as a code-generation feature test (warning)",
    hint: "nothing to fix: in the sandbox the feature test fails and the fallback path runs; make sure that fallback is what you want",
  },
  "forbidden-global-deferred": {
    meaning: "the bundled code uses a forbidden global only inside a function the module does not call at load (or the scan could not prove that, and the module loaded in the probe all the same: reason probe-loaded; or it only passes eval/Function along: codegen-escape); calling it throws in the guest (warning)",
    hint: "nothing to fix at load: the global is used only inside a function that does not run when the module loads; calling that function in the sandbox will fail, so make sure guests never need that path",
  },
  "global-dynamic-access": {
    meaning: "the bundled code reads globalThis[<computed>], which the scan cannot name (warning)",
    hint: "make sure the code still works when the global it looks up is missing (the sandbox has no Node or browser globals)",
  },
  "npm-module-dynamic-import": {
    meaning: "the bundled code calls import() with a non-literal argument",
    hint: "replace import(<expression>) with literal imports (a map of literal import() calls works too)",
    cacheable: true,
  },
  // ── probe
  "npm-module-probe-failed": {
    meaning: "loading the module in a fresh guest failed (the message is the guest's)",
    hint: "the module threw while loading in a fresh guest (the message is the guest's): often a top-level use of an API the sandbox lacks; move it into a function or guard it, then `capsule pack check` again",
  },
  "npm-module-probe-cpu-exhausted": {
    meaning: "the module did not finish loading within its probe's CPU (or wall-clock) budget: PROBE_CPU_MS, or the module's budget.cpuMs",
    hint: (d) => {
      const budget = d.details?.budgetMs;
      const ceiling = d.details?.ceiling;
      const spent = typeof budget === "number" ? `${budget} ms` : "its budget";
      const max = typeof ceiling === "number" ? `${ceiling} ms` : "the PROBE_CPU_MS ceiling";
      return `loading took more than ${spent} of CPU: import a narrower subpath, or raise \`budget.cpuMs\` of this module in the manifest (at most ${max}); runs importing the module then need a cpuMs at least that large`;
    },
  },
  "pack-probe-budget-exhausted": {
    meaning: "the pack's modules had already spent PACK_PROBE_MS of probing in this compile, so this one was not probed (the refusal is not cached: the next compile probes it)",
    hint: (d) => {
      const spent = d.details?.spentMs;
      return `the pack's modules took ${typeof spent === "number" ? `${Math.round(spent)} ms` : "its whole budget"} to load in this compile: make them load faster (narrower subpaths, less work at load), split the pack, or raise PACK_PROBE_MS within its ceiling`;
    },
  },
  // ── cache
  "cache-entry-corrupt": {
    meaning: "a cache entry failed verification (hash mismatch or unparsable); it was evicted and rebuilt",
    hint: "nothing to fix: the entry was rebuilt; if it keeps happening, check the disk and any other tool writing to <home>/cache",
  },
  "cache-write-failed": {
    meaning: "the compiled module could not be written to the cache directory",
    hint: "make <home>/cache writable, or choose another home with --home or CAPSULE_HOME",
  },
  // ── wasm admission (compileWithSandbox, after the compile: wasm/admit.ts and admission/wasm.ts)
  "wasm-invalid-binary": {
    meaning: "the .wasm file cannot be read or is not a valid WebAssembly module",
    hint: "rebuild the binary with a standard toolchain and check it with wasm-validate, using only features this engine supports",
  },
  "wasm-too-large": {
    meaning: "the .wasm binary is larger than maxBinaryBytes",
    hint: "shrink the binary (strip custom sections, optimize with wasm-opt -Oz) or split the module",
  },
  "wasm-has-imports": {
    meaning: "the module imports a function, memory, table or global; wasm modules must be self-contained",
    hint: "define or link in everything the module imports and remove every import (no WASI, no host functions)",
  },
  "wasm-shared-memory": {
    meaning: "the module's memory is shared (threads)",
    hint: "build without threads/atomics and declare a non-shared memory",
  },
  "wasm-memory-unbounded": {
    meaning: "a memory declares no maximum",
    hint: "declare a memory maximum of at most maxMemoryPages (256 pages, 16 MiB, by default), e.g. -Wl,--max-memory=16777216",
  },
  "wasm-memory-too-large": {
    meaning: "a memory's declared maximum is above maxMemoryPages",
    hint: "lower the memory's maximum to at most maxMemoryPages (256 pages, 16 MiB, by default)",
  },
  "wasm-export-missing": {
    meaning: "a declared export is not exported by the module",
    hint: "export the function from the module, or fix its name in the manifest's `exports`",
  },
  "wasm-export-reserved": {
    meaning: "a declared export has a name a facade cannot offer (__proto__, constructor, prototype, then, default, toString, valueOf, hasOwnProperty)",
    hint: "export the function from the module under another name, and declare that name",
  },
  "wasm-export-not-function": {
    meaning: "a declared export is a memory, table or global, not a function",
    hint: "declare only function exports in the manifest's `exports`",
  },
  "wasm-signature-mismatch": {
    meaning: "a declared export's params or result do not match the function's core signature under the bytes convention",
    hint: "fix the declaration or the function: a bytes param is (i32 ptr, i32 len), a bytes result is one i64 (ptr << 32) | len",
  },
  "wasm-signature-unsupported": {
    meaning: "an export uses a type that cannot cross (v128, references, memory64), returns several values, or takes more than maxParams core params",
    hint: "use only i32, i64, f32 and f64, at most one result and at most maxParams (8) core params; pass data through the bytes convention",
  },
  "wasm-start-function": {
    meaning: "the module has a start function, which would run code at instantiation",
    hint: "remove the start section and do the initialization inside the exported functions",
  },
  "wasm-bytes-convention-missing": {
    meaning: "a declared export uses bytes, but the module lacks a memory exported as \"memory\" or an alloc(i32) -> i32 function",
    hint: "export the memory as \"memory\" and a function \"alloc(i32 size) -> i32 ptr\" (compiler/src/wasm/CONVENTION.md)",
  },
  "wasm-feature-refused": {
    meaning: "the binary uses a WebAssembly feature outside the admitted list (exception handling, tail calls, SIMD, threads, GC, …; the feature is named)",
    hint: (d) => {
      const feature = detail(d, "feature");
      return `rebuild the module without ${feature && feature !== "unknown" ? `the ${feature} feature` : "that instruction"}: only the MVP, mutable-globals, sign-extension, saturating-float-to-int, multi-value, bulk-memory and reference-types are admitted (compiler README, "Host and WASM admission")`;
    },
  },
  "wasm-limits-raised": {
    meaning: "the manifest's wasm `limits` raise one of the WASM pool's default budgets (a pack may only lower them)",
    hint: "lower or drop that entry of the manifest's `limits`: a pack may only tighten callsPerRun, inFlight, callTimeoutMs and totalTimeMs",
  },
  // ── checkProgram (a guest program checked before it runs: check/)
  "check-syntax": {
    meaning: "the program does not parse as JavaScript or TypeScript (reported at the user's line and column)",
    hint: "fix the syntax at that line and column; the program is the body of an async function, so top-level await and return are fine and import declarations may stand anywhere at the top level",
  },
  "check-dynamic-import": {
    meaning: "the program calls import(), which the sandbox refuses (E_DYNAMIC_IMPORT at run time)",
    hint: "import modules statically: an `import { … } from \"…\"` declaration at the top level of the program",
  },
  "check-import-unresolved": {
    meaning: "a static import names a module that no admitted catalog module (nor any module the check was given declarations for) provides",
    hint: (d) => {
      const suggestion = detail(d, "suggestion");
      return `${suggestion ? `did you mean "${suggestion}"? ` : ""}install the pack that provides it (\`capsule packs list\` shows what is installed), or import a module the run has`;
    },
  },
  "check-import-not-allowed": {
    meaning: "a static import names an installed module this run is not allowed to import",
    hint: "drop the import, or add the specifier to the run's allow list (`--allow`)",
  },
  "check-export-missing": {
    meaning: "a named import asks a module for an export the catalog says it does not have",
    hint: (d) => {
      const exports = detail(d, "exports");
      return exports ? `import one of the module's exports: ${exports}` : "the module has no exports to import by name; import it for its effects, or pick another module";
    },
  },
  "check-global-missing": {
    meaning: "the program uses a global the sandbox does not have (process, require, timers, fetch, Buffer, eval, WeakRef, …)",
    hint: "the sandbox has the ECMAScript library, console, TextEncoder/TextDecoder, atob/btoa, Intl and the run's host functions; import packs instead of require(), await host functions instead of timers, and take inputs from host functions instead of process",
  },
  "check-type": {
    meaning: "TypeScript found a type error, checking against the allowed modules' declarations, the host-function signatures and the guest's globals",
    hint: "fix the expression at that line and column; `capsule packs docs --format dts` prints the module declarations it was checked against",
  },
  "check-declarations-invalid": {
    meaning: "declarations given to the check (a pack's .d.ts, a host-function signature, an extra declarations text) do not parse",
    hint: "fix the declarations at the file, line and column given (a pack's index.d.ts, the `signature` of describeHostFunction(), or the declarations text passed to checkProgram)",
  },
} as const satisfies Record<string, CodeRow>;

/** Every code the compiler can emit. */
export type Code = keyof typeof COMPILER_CODES;

export const ALL_CODES = Object.keys(COMPILER_CODES) as Code[];

/** Codes whose refusal is deterministic given the recorded inputs, so it may be cached (rows with `cacheable`). */
export const CACHEABLE_REFUSALS: ReadonlySet<Code> = new Set(
  ALL_CODES.filter((code) => (COMPILER_CODES[code] as CodeRow).cacheable === true),
);
