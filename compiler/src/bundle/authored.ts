// Owns bundling a guest module declared as `source` (a file authored in the pack). Every import must
// resolve to a file of the same pack: bare specifiers, Node builtins, absolute paths, URLs, ".." escapes,
// files under node_modules and symlinks whose real path leaves the pack are refused before esbuild reads
// them (guest-module-import-outside-pack); every file read is capped (guest-module-file-too-large).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { error, formatBytes, type Diagnostic } from "../diagnostics.js";
import { isInside, relPosix } from "../fsutil.js";
import { isNodeBuiltin } from "./builtins.js";
import type { Plugin } from "./bundler.js";
import { runBuild, type BundleOutcome, type RunContext } from "./run.js";

const INNER = "capsuleInnerResolve";

function isRelative(spec: string): boolean {
  return spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../");
}

function confinementPlugin(packRoot: string, maxFileBytes: number, refusals: Diagnostic[]): Plugin {
  const refuse = (spec: string, importer: string, why: string) => {
    const from = relPosix(packRoot, importer);
    refusals.push(
      error("guest-module-import-outside-pack", `"${spec}" imported by ${from} ${why}; an authored module may import only files of its own pack`, {
        file: from,
        details: { import: spec, importer: from, why },
      }),
    );
    return { path: spec, external: true };
  };
  return {
    name: "capsule-confine",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || (args.pluginData as Record<string, unknown> | undefined)?.[INNER]) return undefined;
        const spec = args.path;
        if (isNodeBuiltin(spec)) return refuse(spec, args.importer, "is a Node builtin");
        if (!isRelative(spec)) {
          return refuse(spec, args.importer, path.isAbsolute(spec) ? "is an absolute path" : "is a package or URL, not a file of the pack");
        }
        const lexical = path.resolve(args.resolveDir, spec);
        if (!isInside(packRoot, lexical)) return refuse(spec, args.importer, "leaves the pack folder");
        const r = await build.resolve(spec, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          namespace: args.namespace,
          pluginData: { [INNER]: true },
        });
        if (r.errors.length) return { errors: r.errors };
        let real = r.path;
        try {
          real = await fsp.realpath(r.path);
        } catch {
          // esbuild resolved it; keep its path
        }
        if (!isInside(packRoot, real)) return refuse(spec, args.importer, "is a symlink whose target leaves the pack folder");
        if (relPosix(packRoot, real).split("/").includes("node_modules")) {
          return refuse(spec, args.importer, "points into node_modules (declare an `npm` module instead)");
        }
        return { path: real, namespace: "file", sideEffects: r.sideEffects };
      });
      build.onLoad({ filter: /.*/, namespace: "file" }, async (args) => {
        const st = await fsp.stat(args.path);
        if (st.size <= maxFileBytes) return undefined;
        const file = relPosix(packRoot, args.path);
        refusals.push(
          error(
            "guest-module-file-too-large",
            `${file} is ${formatBytes(st.size)}, over the ${formatBytes(maxFileBytes)} cap for authored files; split it or declare it as an npm dependency`,
            { file, details: { size: st.size, limit: maxFileBytes } },
          ),
        );
        return { contents: "", loader: "js" };
      });
    },
  };
}

/** Bundles the pack file `absSource` (already confined to the pack by discovery). */
export async function bundleAuthoredModule(ctx: RunContext, absSource: string, maxFileBytes: number): Promise<BundleOutcome> {
  const refusals: Diagnostic[] = [];
  return runBuild(
    ctx,
    { entryPoints: [absSource], plugins: [confinementPlugin(ctx.packRoot, maxFileBytes, refusals)] },
    refusals,
  );
}
