// Owns the package boundary of an `npm` guest module's bundle: every file esbuild resolves — through a
// package's `main`/`module`, its `exports` map, a relative or absolute import, or any symlink on the way —
// must, by its real path, lie inside the pack's real root or inside the real folder of the package it belongs
// to: for a bare import, the folder Node's node_modules lookup finds for that name from the importer; for a
// relative import, the importer's own package. A dependency folder that is itself a symlink must land in a
// `node_modules/<name>` folder (the layout of pnpm's store), not anywhere on the disk.
// Refuses everything else with `manifest-path-escape`, naming the importer, the import and the file it would
// have read; the file is never read (the import resolves to an empty virtual module).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import { isInside, relPosix } from "../fsutil.js";
import { npmPackageName } from "../manifest/validate.js";
import type { Plugin } from "./bundler.js";
import { VIRTUAL_NAMESPACE } from "./run.js";

const INNER = "capsuleConfineResolve";
const ESCAPED_NAMESPACE = "capsule-escaped";

const isBare = (spec: string) => !spec.startsWith(".") && !spec.startsWith("/") && !spec.startsWith("#") && !path.isAbsolute(spec);

async function realpathOr(p: string): Promise<string> {
  try {
    return await fsp.realpath(p);
  } catch {
    return p;
  }
}

async function lexists(p: string): Promise<boolean> {
  try {
    await fsp.lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** The folder Node's lookup finds for package `name` from `dir` upwards (node_modules/node_modules skipped). */
export async function lookupPackage(dir: string, name: string): Promise<string | undefined> {
  for (let cur = dir; ; cur = path.dirname(cur)) {
    if (path.basename(cur) !== "node_modules") {
      const candidate = path.join(cur, "node_modules", name);
      if (await lexists(candidate)) return candidate;
    }
    if (path.dirname(cur) === cur) return undefined;
  }
}

/** True when `real` ends in node_modules/<name> (a package folder of a store, as pnpm links them). */
function isStorePackageFolder(real: string, name: string): boolean {
  const tail = ["node_modules", ...name.split("/")];
  const segs = real.split(path.sep).filter(Boolean);
  return segs.length >= tail.length && tail.every((s, i) => segs[segs.length - tail.length + i] === s);
}

interface Boundary {
  root?: string;
  why?: string;
}

export function packageBoundaryPlugin(packRoot: string, refusals: Diagnostic[]): Plugin {
  /** Real path of an accepted file → the real folder of the package it belongs to. */
  const packageOf = new Map<string, string>();
  const shown = (abs: string) => relPosix(packRoot, abs) || ".";
  const importerPackage = (importer: string, namespace: string): string => {
    if (namespace === VIRTUAL_NAMESPACE || !path.isAbsolute(importer)) return packRoot;
    return packageOf.get(importer) ?? packRoot;
  };

  /** Where a bare import may land: the real folder of the package Node's lookup finds, if it is not a stray link. */
  const bareBoundary = async (spec: string, resolveDir: string): Promise<Boundary> => {
    const name = npmPackageName(spec);
    const found = await lookupPackage(resolveDir, name);
    if (!found) return {};
    const real = await realpathOr(found);
    const unlinked = path.join(await realpathOr(path.dirname(found)), path.basename(found));
    if (real !== unlinked && !isStorePackageFolder(real, name)) {
      return { why: `its package folder ${shown(found)} is a symlink to ${real}, which is not a node_modules package folder` };
    }
    return { root: real };
  };

  return {
    name: "capsule-package-boundary",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || (args.pluginData as Record<string, unknown> | undefined)?.[INNER]) return undefined;
        if (args.namespace !== "file" && args.namespace !== VIRTUAL_NAMESPACE) return undefined;
        const r = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          namespace: args.namespace,
          pluginData: { [INNER]: true },
          with: args.with,
        });
        // Failures, externals and virtual modules are left to the normal road (it reports them as before).
        if (r.errors.length || r.external || r.namespace !== "file" || !path.isAbsolute(r.path)) return undefined;
        const real = await realpathOr(r.path);
        const own = importerPackage(args.importer, args.namespace);
        const bare = isBare(args.path) ? await bareBoundary(args.path, args.resolveDir) : {};
        const boundary = bare.root ?? own;
        const allowed = bare.why === undefined && (isInside(boundary, real) || isInside(own, real) || isInside(packRoot, real));
        if (allowed) {
          const pkg = isInside(boundary, real) ? boundary : isInside(own, real) ? own : packRoot;
          for (const p of [real, r.path]) if (!packageOf.has(p)) packageOf.set(p, pkg);
          return undefined;
        }
        const importer = args.namespace === VIRTUAL_NAMESPACE ? "<entry>" : shown(args.importer);
        const file = shown(real);
        const why = bare.why ?? `outside ${shown(boundary)}, the folder of the package it belongs to`;
        refusals.push(
          error(
            "manifest-path-escape",
            `"${args.path}" imported by ${importer} resolves to ${file}, ${why}; a bundle may read only the pack's own files and each dependency's own folder`,
            { file, details: { import: args.path, importer, file, why } },
          ),
        );
        return { path: args.path, namespace: ESCAPED_NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: ESCAPED_NAMESPACE }, () => ({ contents: "", loader: "js" }));
    },
  };
}
