// Owns bundling a guest module declared as `npm`: a generated entry
// (`export * from "<dep>"; export { default } from "<dep>"`) resolved from the pack's folder, so a CommonJS
// dependency comes out as ESM with a default export (module.exports) and an ESM dependency keeps its
// named exports. An ESM dependency without a default export (found by a second build) gets its namespace
// as the default, so `import lib from "@capsule/lib"` works for every guest module.
// Refuses every Node builtin import, naming the builtin and its importer (npm-module-builtin-import).

import { error, type Diagnostic } from "../diagnostics.js";
import { relPosix } from "../fsutil.js";
import { BUILTIN_FILTER } from "./builtins.js";
import type { Plugin } from "./bundler.js";
import { isMissingDefaultExport, runBuild, VIRTUAL_ENTRY, VIRTUAL_NAMESPACE, type BundleOutcome, type RunContext } from "./run.js";

export function entrySource(spec: string, withDefault: boolean): string {
  const s = JSON.stringify(spec);
  return withDefault
    ? `export * from ${s};\nexport { default } from ${s};\n`
    : `import * as namespace from ${s};\nexport * from ${s};\nexport default namespace;\n`;
}

/** Plugin that turns every builtin import into a recorded refusal (kept external so all are found). */
export function builtinRefusalPlugin(packRoot: string, refusals: Diagnostic[]): Plugin {
  return {
    name: "capsule-builtins",
    setup(build) {
      build.onResolve({ filter: BUILTIN_FILTER }, (args) => {
        if (args.kind === "entry-point") return undefined;
        const importer = args.namespace === VIRTUAL_NAMESPACE ? "<entry>" : relPosix(packRoot, args.importer);
        refusals.push(
          error(
            "npm-module-builtin-import",
            `"${args.path}" is a Node builtin, imported by ${importer}; the sandbox has no Node builtins (use a host module, or a dependency that does not need it)`,
            { file: importer, details: { builtin: args.path, importer } },
          ),
        );
        return { path: args.path, external: true };
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

/** Bundles dependency `spec` (e.g. "js-yaml", "date-fns/format") of the pack at ctx.packRoot. */
export async function bundleNpmModule(ctx: RunContext, spec: string): Promise<BundleOutcome> {
  const attempt = (withDefault: boolean) => {
    const refusals: Diagnostic[] = [];
    return runBuild(
      ctx,
      {
        entryPoints: [VIRTUAL_ENTRY],
        plugins: [entryPlugin(ctx.packRoot, entrySource(spec, withDefault)), builtinRefusalPlugin(ctx.packRoot, refusals)],
      },
      refusals,
    );
  };
  const first = await attempt(true);
  if (first.kind === "failed" && isMissingDefaultExport(first.esbuildErrors)) return attempt(false);
  return first;
}
