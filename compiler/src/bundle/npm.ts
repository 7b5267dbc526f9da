// Owns bundling a guest module declared as `npm`: a generated entry
// (`export * from "<dep>"; export { default } from "<dep>"`) resolved from the pack's folder, so a CommonJS
// dependency comes out as ESM with a default export (module.exports) plus the named exports Node would give it
// (cjs-exports.ts), and an ESM dependency keeps its named exports. An ESM dependency without a default export (found by a second build) gets its namespace
// as the default, so `import lib from "@capsule/lib"` works for every guest module.
// Node builtins (builtinPlugin): an ESM `import` of one, or a `require()`/`import()` that runs unguarded
// while the module loads, is refused (npm-module-builtin-import), naming the builtin and its importer. A
// builtin the dependency only reaches for optionally — its require()/import() sits inside a function the
// file does not call at load, in a try whose catch swallows the error, behind a `typeof require` test, or
// in a file that is itself only loaded that way; or its package's browser field maps it to false — is
// bundled as an empty stub (builtins.ts) with the warning npm-module-builtin-optional. Files a package's
// browser field maps to false are bundled as empty modules (browser-false.ts). Every resolved file stays inside
// the pack or its package's own real folder (confine.ts: manifest-path-escape otherwise). A require() of a package
// resolves with the require conditions (require-conditions.ts), an import with the import ones; the
// `Function("return this")()` idiom of a dependency file becomes `globalThis` (return-this.ts).

import path from "node:path";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import { relPosix } from "../fsutil.js";
import { BrowserFalseMap } from "./browser-false.js";
import { BUILTIN_FILTER, BUILTIN_STUB_NAMESPACE, builtinStubSource, EMPTY_MODULE_SOURCE } from "./builtins.js";
import type { Metafile, Plugin } from "./bundler.js";
import { importSites, type SiteClass } from "./import-sites.js";
import { commonJsExportNames } from "./cjs-exports.js";
import { packageBoundaryPlugin } from "./confine.js";
import { BROWSER_BUILD_OPTIONS } from "./options.js";
import { requireConditionsPlugin } from "./require-conditions.js";
import { returnThisPlugin } from "./return-this.js";
import { BUFFER_GLOBAL, bufferPolyfillPlugin } from "./buffer-polyfill.js";
import { isMissingDefaultExport, runBuild, VIRTUAL_ENTRY, VIRTUAL_NAMESPACE, type BundleOutcome, type RunContext } from "./run.js";

function entrySource(spec: string, withDefault: boolean, commonJsNames: readonly string[] = []): string {
  const s = JSON.stringify(spec);
  // A CommonJS dependency: esbuild cannot see its names statically, so they are listed (found as Node finds them).
  if (commonJsNames.length > 0) return `export { default, ${commonJsNames.join(", ")} } from ${s};\n`;
  return withDefault
    ? `export * from ${s};\nexport { default } from ${s};\n`
    : `import * as namespace from ${s};\nexport * from ${s};\nexport default namespace;\n`;
}

/** Why a builtin import is only optional (the `reason` detail of npm-module-builtin-optional). */
type OptionalReason = Exclude<SiteClass, "load"> | "optional-importer" | "browser-false";

const REASON_TEXT: Record<OptionalReason, string> = {
  dead: "only in a branch that never runs in the sandbox",
  deferred: "only inside a function that does not run at module load",
  try: "inside try/catch",
  "typeof-require": "behind a typeof require test",
  "optional-importer": "from a file that is itself only loaded optionally (inside try/catch, a typeof require test or a function)",
  "browser-false": "and its package's browser field maps it to false",
};

interface BuiltinEdge {
  /** Metafile key of the importer (pack-relative, "/"), or "<entry>". */
  importer: string;
  builtin: string;
  kind: string;
  browserFalse: boolean;
}

const LOADING_KINDS = new Set(["import-statement", "require-call", "dynamic-import"]);

function refusalOf(builtin: string, importer: string): Diagnostic {
  return error(
    "npm-module-builtin-import",
    `"${builtin}" is a Node builtin, imported by ${importer}; the sandbox has no Node builtins (use a host module, or a dependency that does not need it)`,
    { file: importer, details: { builtin, importer } },
  );
}

function optionalOf(builtin: string, importer: string, reason: OptionalReason): Diagnostic {
  return warning(
    "npm-module-builtin-optional",
    `"${builtin}" is a Node builtin, required by ${importer} ${REASON_TEXT[reason]}; it is bundled as an empty stub (reads give undefined), so the code that needs it fails or takes its fallback in the sandbox`,
    { file: importer, details: { builtin, importer, reason } },
  );
}

/**
 * Decides, once the build has its metafile, which builtin imports are refusals and which are optional.
 * An edge importer → target is eager when it is an ESM import, or a require()/import() with a call site
 * that runs unguarded at load; a file is eagerly loaded when an all-eager path leads to it from the entry.
 */
async function judgeBuiltins(packRoot: string, metafile: Metafile, edges: BuiltinEdge[]): Promise<{ refusals: Diagnostic[]; warnings: Diagnostic[] }> {
  const refusals: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const inputs = metafile.inputs;
  const entry = Object.keys(inputs).find((k) => k.startsWith(`${VIRTUAL_NAMESPACE}:`));
  const stub = (p: string) => p.startsWith(`${BUILTIN_STUB_NAMESPACE}:`);

  // files from which a stub can be reached (only their edges need classifying)
  const importersOf = new Map<string, string[]>();
  for (const [key, input] of Object.entries(inputs)) {
    for (const imp of input.imports) {
      if (imp.external || !LOADING_KINDS.has(imp.kind)) continue;
      const list = importersOf.get(imp.path);
      if (list) list.push(key);
      else importersOf.set(imp.path, [key]);
    }
  }
  const reachesStub = new Set<string>();
  const work = Object.keys(inputs).filter(stub);
  while (work.length) {
    const n = work.pop()!;
    for (const from of importersOf.get(n) ?? []) {
      if (!reachesStub.has(from)) {
        reachesStub.add(from);
        work.push(from);
      }
    }
  }

  const siteCache = new Map<string, Promise<SiteClass[] | undefined>>();
  const sitesOf = (importer: string, kind: string, original: string) => {
    const k = `${importer}\0${kind}\0${original}`;
    let p = siteCache.get(k);
    if (!p) {
      p = /^[a-z][a-z0-9-]*:/.test(importer) && !path.isAbsolute(importer) // a virtual module (entry, stub)
        ? Promise.resolve(undefined)
        : importSites(path.resolve(packRoot, importer), kind as "require-call" | "dynamic-import", original);
      siteCache.set(k, p);
    }
    return p;
  };
  const edgeEager = async (importer: string, kind: string, original: string | undefined): Promise<boolean> => {
    if (kind === "import-statement" || original === undefined) return true;
    const sites = await sitesOf(importer, kind, original);
    return !sites || sites.includes("load");
  };

  // eagerly loaded files
  const eager = new Set<string>();
  if (entry) {
    eager.add(entry);
    const queue = [entry];
    while (queue.length) {
      const from = queue.pop()!;
      for (const imp of inputs[from]?.imports ?? []) {
        if (imp.external || !LOADING_KINDS.has(imp.kind) || stub(imp.path) || eager.has(imp.path) || !reachesStub.has(imp.path)) continue;
        if (await edgeEager(from, imp.kind, imp.original)) {
          eager.add(imp.path);
          queue.push(imp.path);
        }
      }
    }
  }

  // one verdict per (builtin, importer): a refusal when any of its imports is one
  const verdicts = new Map<string, { builtin: string; importer: string; refused: boolean; reason?: OptionalReason }>();
  for (const [key, input] of Object.entries(inputs)) {
    const importer = display(packRoot, key);
    for (const imp of input.imports) {
      const isStub = stub(imp.path);
      if (!isStub && !(imp.external && edges.some((e) => e.importer === importer && e.builtin === imp.path))) continue;
      const builtin = isStub ? imp.path.slice(BUILTIN_STUB_NAMESPACE.length + 1) : imp.path;
      const id = `${builtin}\0${importer}`;
      const v = verdicts.get(id) ?? { builtin, importer, refused: false };
      verdicts.set(id, v);
      if (!isStub) {
        v.refused = true;
        continue;
      }
      const browserFalse = edges.some((e) => e.importer === importer && e.builtin === builtin && e.browserFalse);
      const sites = imp.original !== undefined && imp.kind !== "import-statement" ? await sitesOf(key, imp.kind, imp.original) : undefined;
      const siteEager = !sites || sites.includes("load");
      const reason: OptionalReason | undefined = !siteEager
        ? (sites!.find((c) => c !== "load") as OptionalReason)
        : !eager.has(key)
          ? "optional-importer"
          : browserFalse
            ? "browser-false"
            : undefined;
      if (reason === undefined) v.refused = true;
      else v.reason ??= reason;
    }
  }
  for (const v of verdicts.values()) {
    if (v.refused) refusals.push(refusalOf(v.builtin, v.importer));
    else warnings.push(optionalOf(v.builtin, v.importer, v.reason!));
  }
  return { refusals, warnings };
}

function display(packRoot: string, key: string): string {
  if (key.startsWith(`${VIRTUAL_NAMESPACE}:`)) return "<entry>";
  return path.isAbsolute(key) ? relPosix(packRoot, key) : key.split(path.sep).join("/");
}

/**
 * Plugin for every builtin import of an npm module: ESM imports stay external (recorded, refused later);
 * require()/import() calls and browser-`false` builtins resolve to a stub; which of those are refusals is
 * decided when the build ends (judgeBuiltins). Also empties files mapped to false by their browser field.
 */
function builtinPlugin(packRoot: string, refusals: Diagnostic[], warnings: Diagnostic[]): Plugin {
  const browser = new BrowserFalseMap();
  const edges: BuiltinEdge[] = [];
  return {
    name: "capsule-builtins",
    setup(build) {
      build.onResolve({ filter: BUILTIN_FILTER }, async (args) => {
        if (args.kind === "entry-point") return undefined;
        const importer = args.namespace === VIRTUAL_NAMESPACE ? "<entry>" : relPosix(packRoot, args.importer);
        const browserFalse = args.namespace === "file" && (await browser.moduleIsFalse(args.importer, args.path));
        edges.push({ importer, builtin: args.path, kind: args.kind, browserFalse });
        if (browserFalse || (importer !== "<entry>" && (args.kind === "require-call" || args.kind === "dynamic-import"))) {
          return { path: args.path, namespace: BUILTIN_STUB_NAMESPACE };
        }
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: BUILTIN_STUB_NAMESPACE }, (args) => ({ contents: builtinStubSource(args.path), loader: "js" }));
      build.onLoad({ filter: /.*/, namespace: "file" }, async (args) =>
        (await browser.fileIsFalse(args.path)) ? { contents: EMPTY_MODULE_SOURCE, loader: "js" } : undefined,
      );
      build.onEnd(async (result) => {
        if (result.metafile) {
          const judged = await judgeBuiltins(packRoot, result.metafile, edges);
          refusals.push(...judged.refusals);
          warnings.push(...judged.warnings);
          return;
        }
        // the build failed: report what is certain (ESM imports of builtins), as before
        const seen = new Set<string>();
        for (const e of edges) {
          const id = `${e.builtin}\0${e.importer}`;
          if (e.browserFalse || e.kind === "require-call" || e.kind === "dynamic-import" || seen.has(id)) continue;
          seen.add(id);
          refusals.push(refusalOf(e.builtin, e.importer));
        }
      });
    },
  };
}

function entryPlugin(packRoot: string, contents: string): Plugin {
  return {
    name: "capsule-entry",
    setup(build) {
      build.onResolve({ filter: /^<entry>$/ }, (args) =>
        args.kind === "entry-point" ? { path: VIRTUAL_ENTRY, namespace: VIRTUAL_NAMESPACE } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: VIRTUAL_NAMESPACE }, () => ({ contents, loader: "js", resolveDir: packRoot }));
    },
  };
}

/**
 * Bundles dependency `spec` (e.g. "js-yaml", "date-fns/format") of the pack at ctx.packRoot. `browser`: its browser
 * build (the `browser` condition first, the `browser` field before `module`/`main`), tried when the default is refused.
 */
export async function bundleNpmModule(ctx: RunContext, spec: string, options: { browser?: boolean; buffer?: boolean } = {}): Promise<BundleOutcome> {
  const browser = options.browser === true;
  const buffer = options.buffer === true;
  const attempt = (withDefault: boolean, commonJsNames: readonly string[] = []) => {
    const refusals: Diagnostic[] = [];
    const warnings: Diagnostic[] = [];
    return runBuild(
      ctx,
      {
        ...(browser ? BROWSER_BUILD_OPTIONS : {}),
        ...(buffer ? { inject: [BUFFER_GLOBAL] } : {}),
        entryPoints: [VIRTUAL_ENTRY],
        plugins: [
          entryPlugin(ctx.packRoot, entrySource(spec, withDefault, commonJsNames)),
          ...(buffer ? [bufferPolyfillPlugin()] : []),
          builtinPlugin(ctx.packRoot, refusals, warnings),
          // the boundary resolves through the require-conditions plugin after it, so it checks the file require() gets
          packageBoundaryPlugin(ctx.packRoot, refusals),
          requireConditionsPlugin({ browser }),
          returnThisPlugin(),
        ],
      },
      refusals,
      warnings,
    );
  };
  const first = await attempt(true);
  if (first.kind === "failed" && isMissingDefaultExport(first.esbuildErrors)) return attempt(false);
  if (first.kind !== "bundled") return first;
  // One more build (cold only) gives a CommonJS dependency its named exports.
  const names = await commonJsExportNames(ctx.packRoot, first.metafile);
  return names.length > 0 ? attempt(true, names) : first;
}
