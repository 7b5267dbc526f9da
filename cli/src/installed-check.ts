// Owns "what runs is what was installed": every compile of a home checks the packs of its install root against the
// ledger. Before the compile (the compiler's refusePack), a pack whose files no longer hash to the ledger's
// filesDigest is refused with `pack-drifted`, and one the ledger does not know with `pack-not-installed` — neither is
// bundled or probed. After it, an admitted module of an installed pack whose digest differs from the one recorded at
// install (a dependency outside the pack's folder changed, or the toolchain now builds other bytes) leaves the catalog
// as `pack-drifted` too. Refuses nothing outside the install root; packs of other roots are not the ledger's.

import { promises as fsp } from "node:fs";
import path from "node:path";
import type { CompileResult, PackVerdict, PackVerdictInput } from "@capsule/compiler";
import type { CliCode } from "./codes.js";
import { digestFiles, type Ledger } from "./ledger.js";
import { shown } from "./terminal-text.js";
import { readUntrusted } from "./untrusted-files.js";

export interface InstalledView {
  /** The install root as a discovery root (<home>/packs/node_modules, or a staging generation's). */
  installRoot: string;
  ledger: Ledger;
  /** Packs an install in progress is adding (not in the ledger yet). */
  expectNew?: ReadonlySet<string>;
}

const inside = (root: string, p: string) => p.startsWith(`${root}${path.sep}`);
const code = (c: CliCode) => c;

export function reinstallHint(entry: { source: string; via?: string } | undefined): string {
  if (!entry) return "install it with `capsule packs install <spec>`, or remove the folder; `capsule packs audit` lists what is on disk";
  return entry.via
    ? `reinstall ${entry.via} (\`capsule packs install\`), which brought it, or see what changed with \`capsule packs audit\``
    : `reinstall it (\`capsule packs install ${entry.source}\`), or see what changed with \`capsule packs audit\``;
}

/** The compiler's refusePack for a home: drifted and unrecorded packs of the install root are refused before compiling. */
export function refuseUninstalled(view: InstalledView): (pack: PackVerdictInput) => Promise<PackVerdict | undefined> {
  const root = path.resolve(view.installRoot);
  return async (pack) => {
    if (!inside(root, path.resolve(pack.location))) return undefined;
    const entry = Object.prototype.hasOwnProperty.call(view.ledger.packs, pack.name) ? view.ledger.packs[pack.name] : undefined;
    if (!entry) {
      if (view.expectNew?.has(pack.name)) return undefined;
      return {
        code: code("pack-not-installed"),
        message: `${shown(pack.name)} is in the install root (${pack.location}) but not in the ledger: it was not installed by \`capsule packs install\`, or its install did not finish; it is not compiled. Hint: ${reinstallHint(undefined)}`,
        details: { pack: pack.name },
      };
    }
    const now = await digestFiles(pack.root);
    if (now === entry.filesDigest) return undefined;
    return {
      code: code("pack-drifted"),
      message: `the files of ${shown(pack.name)}@${shown(entry.version)} changed since it was installed (${entry.installedAt}); it is not compiled. Hint: ${reinstallHint(entry)}`,
      details: { pack: pack.name, source: entry.source, installed: entry.filesDigest, now },
    };
  };
}

/** Locations (under the install root) of packs a later root shadowed or a protected root kept out. */
function notWinners(result: CompileResult, root: string): Set<string> {
  const out = new Set<string>();
  for (const d of result.diagnostics) {
    const loser = d.code === "pack-shadowed" ? d.details?.shadowed : (d.code as string) === "pack-shadow-refused" ? d.details?.refused : undefined;
    if (typeof loser === "string" && inside(root, path.resolve(loser)) && d.pack) out.add(d.pack);
  }
  return out;
}

/** After the compile: admitted modules of installed packs whose digest is not the one installed leave the catalog. */
export function refuseDriftedModules(result: CompileResult, view: InstalledView): CompileResult {
  const root = path.resolve(view.installRoot);
  const losers = notWinners(result, root);
  const drifted = result.catalog.modules.filter((m) => {
    const entry = Object.prototype.hasOwnProperty.call(view.ledger.packs, m.pack) ? view.ledger.packs[m.pack] : undefined;
    const recorded = entry?.modules[m.specifier];
    return entry !== undefined && !losers.has(m.pack) && recorded !== undefined && recorded !== m.sha256;
  });
  if (!drifted.length) return result;
  const out = new Set(drifted);
  const refused = drifted.map((m) => {
    const entry = view.ledger.packs[m.pack]!;
    return {
      specifier: m.specifier,
      pack: m.pack,
      // The CLI's own code (codes.ts), carried in the catalog like the compiler's.
      code: code("pack-drifted") as never,
      message: `${shown(m.specifier)} now compiles to ${m.sha256.slice(0, 12)}, not the ${entry.modules[m.specifier]!.slice(0, 12)} installed (a dependency outside the pack's folder, or the toolchain, changed); it is not served. Hint: ${reinstallHint(entry)}`,
    };
  });
  return { ...result, catalog: { ...result.catalog, modules: result.catalog.modules.filter((m) => !out.has(m)), refused: [...result.catalog.refused, ...refused].sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0)) } };
}

/** Top-level folders of a node_modules (and @scope/child) whose package.json has a `capsule` field: name → folder. */
export async function packFolders(nodeModules: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const read = async (dir: string) => {
    try {
      const read = readUntrusted(path.join(dir, "package.json"));
      if (!read.ok) return;
      const pkg = JSON.parse(read.text) as { name?: unknown; capsule?: unknown };
      if (typeof pkg.name === "string" && pkg.capsule !== undefined) out.set(pkg.name, dir);
    } catch {
      // not a package, or not readable: not a pack
    }
  };
  for (const name of await fsp.readdir(nodeModules).catch(() => [] as string[])) {
    if (name.startsWith(".")) continue;
    const full = path.join(nodeModules, name);
    if (name.startsWith("@")) for (const child of await fsp.readdir(full).catch(() => [] as string[])) await read(path.join(full, child));
    else await read(full);
  }
  return out;
}
