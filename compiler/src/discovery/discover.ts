// Owns pack discovery: walks each root's child folders (and @scope/child folders), reads only
// package.json, SKILL.md and the .d.ts size, validates the manifest and declared files, and applies
// shadowing (a later root replaces an earlier pack of the same name). It never executes pack code and
// never throws for a bad pack: an invalid pack becomes a RefusedPack with every problem listed.
// Refuses a pack that would shadow one of a protected root (the shipped packs) unless its name is allowed
// (pack-shadow-refused: the protected pack is kept), and any pack the caller's own verdict refuses (refusePack).

import { promises as fsp } from "node:fs";
import path from "node:path";
import type { Code } from "../codes.js";
import { error, formatBytes, warning, type Diagnostic } from "../diagnostics.js";
import { isInside, readCapped } from "../fsutil.js";
import { resolveLimits, type CompilerLimits } from "../limits.js";
import { resolveDeclaredPath } from "../manifest/paths.js";
import { formatFieldPath } from "../manifest/schema.js";
import { checkManifest } from "../manifest/validate.js";
import type { DeclaredFile, DiscoveredPack, DiscoveryResult, PackModule, RefusedPack } from "../types.js";
import { extractSummary } from "./skill.js";

export interface DiscoverOptions {
  /** Folders whose child folders (and @scope/child folders) are packs; later roots shadow earlier ones. */
  roots: readonly string[];
  /** Overrides of LIMITS (within their ceilings). */
  limits?: Partial<CompilerLimits>;
  /**
   * Roots whose packs a later root may not shadow (an application's shipped packs): a later pack of the same name
   * is refused with pack-shadow-refused, naming both folders, and the protected pack stays — unless its name is
   * in `allowShadow` (an explicit operator decision), when it shadows as usual (pack-shadowed).
   */
  protectedRoots?: readonly string[];
  allowShadow?: readonly string[];
  /**
   * The caller's own verdict on a valid pack, asked before anything of it is bundled or probed (the CLI refuses an
   * installed pack whose files drifted from its ledger). A verdict refuses the whole pack with the caller's code.
   */
  refusePack?: (pack: PackVerdictInput) => PackVerdict | undefined | Promise<PackVerdict | undefined>;
}

export interface PackVerdictInput {
  name: string;
  version: string;
  /** Real path of the pack's folder. */
  root: string;
  location: string;
  rootIndex: number;
}

/** A refusal decided by the caller: `code` is a row of the caller's own code table (e.g. the CLI's CLI_CODES). */
export interface PackVerdict {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

type Inspected = { kind: "none" } | { kind: "pack"; pack: DiscoveredPack } | { kind: "refused"; pack: RefusedPack };

async function childFolders(root: string): Promise<string[]> {
  const out: string[] = [];
  const entries = (await fsp.readdir(root, { withFileTypes: true })).map((e) => e.name).sort();
  for (const name of entries) {
    if (name.startsWith(".")) continue;
    const full = path.join(root, name);
    if (name.startsWith("@")) {
      let scoped: string[];
      try {
        scoped = (await fsp.readdir(full)).sort();
      } catch {
        continue;
      }
      for (const child of scoped) if (!child.startsWith(".")) out.push(path.join(full, child));
    } else {
      out.push(full);
    }
  }
  const dirs: string[] = [];
  for (const p of out) {
    try {
      if ((await fsp.stat(p)).isDirectory()) dirs.push(p);
    } catch {
      // dangling symlink: not a pack
    }
  }
  return dirs;
}

function refusedPack(
  location: string,
  rootIndex: number,
  diagnostics: Diagnostic[],
  extra: { name?: string; version?: string; declaredSubpaths?: string[] } = {},
): RefusedPack {
  const tagged = diagnostics.map((d) => ({ ...d, location, ...(extra.name ? { pack: extra.name } : {}) }));
  const first = tagged.find((d) => d.severity === "error") ?? tagged[0]!;
  return {
    ok: false,
    name: extra.name,
    version: extra.version,
    location,
    rootIndex,
    code: first.code,
    message: first.message,
    declaredSubpaths: extra.declaredSubpaths ?? [],
    diagnostics: tagged,
  };
}

async function inspect(location: string, rootIndex: number, limits: CompilerLimits): Promise<Inspected> {
  let root: string;
  try {
    root = await fsp.realpath(location);
  } catch {
    return { kind: "none" };
  }
  const pjPath = path.join(root, "package.json");
  const unreadable = (msg: string, code: Code = "manifest-unreadable") =>
    ({ kind: "refused", pack: refusedPack(location, rootIndex, [error(code, msg, { file: "package.json" })]) }) as const;
  // Where it leads is checked before it is read: a package.json linked out of the pack is not opened at all.
  const pjReal = await fsp.realpath(pjPath).catch(() => undefined);
  if (pjReal === undefined) return { kind: "none" };
  if (!isInside(root, pjReal)) return unreadable("package.json is a symlink leaving the pack folder", "manifest-path-escape");
  const read = await readCapped(pjReal, limits.PACKAGE_JSON_MAX_BYTES);
  if (!read.ok && read.reason === "missing") return { kind: "none" };
  if (!read.ok) {
    return read.reason === "too-large"
      ? unreadable(`package.json is ${formatBytes(read.size ?? 0)}, over the ${formatBytes(limits.PACKAGE_JSON_MAX_BYTES)} cap`)
      : unreadable(`package.json is ${read.message}`);
  }
  let pkg: unknown;
  try {
    pkg = JSON.parse(read.bytes.toString("utf8"));
  } catch (err) {
    return unreadable(`package.json is not valid JSON: ${(err as Error).message}`);
  }
  if (pkg === null || typeof pkg !== "object" || Array.isArray(pkg) || !Object.prototype.hasOwnProperty.call(pkg, "capsule")) {
    return { kind: "none" }; // an ordinary npm package, not a pack
  }

  const checked = checkManifest(pkg);
  if (!checked.ok) {
    return { kind: "refused", pack: refusedPack(location, rootIndex, checked.diagnostics, checked) };
  }
  const { manifest, modules } = checked;
  const ident = { name: manifest.name, version: manifest.version, declaredSubpaths: modules.map((m) => m.key) };
  const problems: Diagnostic[] = [];
  const files = new Map<string, number>();

  const declared = async (p: string, field: string[]): Promise<DeclaredFile | undefined> => {
    const r = await resolveDeclaredPath(root, p, formatFieldPath(field));
    if (!r.ok) {
      problems.push(r.diagnostic);
      return undefined;
    }
    files.set(r.absolute, r.bytes);
    return { path: p, absolute: r.absolute, bytes: r.bytes };
  };

  const skill = manifest.capsule.skill !== undefined ? await declared(manifest.capsule.skill, ["capsule", "skill"]) : undefined;
  const types = manifest.capsule.types !== undefined ? await declared(manifest.capsule.types, ["capsule", "types"]) : undefined;
  for (const m of modules) {
    const d = m.declaration;
    if (d.kind === "guest" && "source" in d) await declared(d.source, ["capsule", "modules", m.key, "source"]);
    if (d.kind === "wasm") await declared(d.file, ["capsule", "modules", m.key, "file"]);
  }

  if (skill && skill.bytes > limits.SKILL_MAX_BYTES) {
    problems.push(
      error("skill-too-large", `${skill.path} is ${formatBytes(skill.bytes)}, over the ${formatBytes(limits.SKILL_MAX_BYTES)} cap; shorten it`, {
        file: skill.path,
        details: { size: skill.bytes, limit: limits.SKILL_MAX_BYTES },
      }),
    );
  }
  if (types && types.bytes > limits.TYPES_MAX_BYTES) {
    problems.push(
      error("types-too-large", `${types.path} is ${formatBytes(types.bytes)}, over the ${formatBytes(limits.TYPES_MAX_BYTES)} cap`, {
        file: types.path,
        details: { size: types.bytes, limit: limits.TYPES_MAX_BYTES },
      }),
    );
  }
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  if (total > limits.PACK_DECLARED_MAX_BYTES) {
    problems.push(
      error(
        "pack-too-large",
        `the files the manifest declares add up to ${formatBytes(total)}, over the ${formatBytes(limits.PACK_DECLARED_MAX_BYTES)} cap`,
        { details: { size: total, limit: limits.PACK_DECLARED_MAX_BYTES } },
      ),
    );
  }
  if (problems.length) return { kind: "refused", pack: refusedPack(location, rootIndex, problems, ident) };

  let skillText = "";
  if (skill) {
    const r = await readCapped(skill.absolute, limits.SKILL_MAX_BYTES);
    if (r.ok) skillText = r.bytes.toString("utf8");
  }
  const packModules: PackModule[] = modules.map((m) => ({
    specifier: m.specifier,
    subpath: m.subpath,
    declaration: m.declaration,
    summary: skillText ? extractSummary(skillText, m.specifier, m.subpath) : "",
  }));
  return {
    kind: "pack",
    pack: {
      ok: true,
      name: manifest.name,
      version: manifest.version,
      location,
      root,
      rootIndex,
      manifest,
      modules: packModules,
      ...(skill ? { skill } : {}),
      ...(types ? { types } : {}),
      diagnostics: [],
    },
  };
}

/** Discovers every pack under `roots`. Never throws for bad packs or missing roots. */
export async function discoverPacks(options: DiscoverOptions): Promise<DiscoveryResult> {
  const lim = resolveLimits(options.limits);
  if (!lim.ok) {
    return {
      packs: [],
      refused: [],
      diagnostics: lim.problems.map((p) => error("options-invalid", p)),
    };
  }
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, DiscoveredPack | RefusedPack>();
  const anonymous: RefusedPack[] = [];
  const dropped: RefusedPack[] = [];
  const protectedRoots = new Set((options.protectedRoots ?? []).map((r) => path.resolve(r)));
  const isProtected = (index: number) => protectedRoots.has(path.resolve(options.roots[index]!));
  const allowShadow = new Set(options.allowShadow ?? []);

  for (let i = 0; i < options.roots.length; i++) {
    const rootDir = path.resolve(options.roots[i]!);
    let folders: string[];
    try {
      folders = await childFolders(rootDir);
    } catch (err) {
      diagnostics.push(
        warning("root-unreadable", `root ${rootDir} cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"}); skipped`, {
          location: rootDir,
        }),
      );
      continue;
    }
    for (const folder of folders) {
      const found = await inspect(folder, i, lim.limits);
      if (found.kind === "none") continue;
      let entry = found.pack;
      if (entry.ok && options.refusePack) {
        const verdict = await options.refusePack({ name: entry.name, version: entry.version, root: entry.root, location: folder, rootIndex: i });
        if (verdict) {
          // The caller's code (its own table), carried like a compiler code: Diagnostic.code does not name it.
          const d = error(verdict.code as Code, verdict.message, verdict.details ? { details: verdict.details } : {});
          entry = refusedPack(folder, i, [d], { name: entry.name, version: entry.version, declaredSubpaths: entry.modules.map((m) => m.subpath) });
        }
      }
      if (!entry.name) {
        anonymous.push(entry as RefusedPack);
        continue;
      }
      const prior = byName.get(entry.name);
      if (prior && prior.rootIndex === i) {
        dropped.push(
          refusedPack(
            folder,
            i,
            [
              error(
                "pack-duplicate-name",
                `${folder} declares "${entry.name}", already declared by ${prior.location} in the same root; the first is kept`,
                { details: { kept: prior.location, dropped: folder } },
              ),
            ],
            { name: entry.name, version: entry.version },
          ),
        );
        continue;
      }
      if (prior && isProtected(prior.rootIndex) && !isProtected(i) && !allowShadow.has(entry.name)) {
        dropped.push(
          refusedPack(
            folder,
            i,
            [
              error(
                "pack-shadow-refused",
                `${entry.name} at ${folder} (root ${i}) is named like the protected pack ${prior.name} at ${prior.location} (root ${prior.rootIndex}); it is refused and the protected one kept`,
                { details: { pack: entry.name, refused: folder, kept: prior.location } },
              ),
            ],
            { name: entry.name, version: entry.version },
          ),
        );
        continue;
      }
      if (prior) {
        diagnostics.push(
          warning("pack-shadowed", `${entry.name} at ${folder} (root ${i}) shadows the one at ${prior.location} (root ${prior.rootIndex})`, {
            pack: entry.name,
            location: folder,
            details: { winner: folder, shadowed: prior.location, winnerRoot: i, shadowedRoot: prior.rootIndex },
          }),
        );
      }
      byName.set(entry.name, entry);
    }
  }

  const entries = [...byName.values()].sort((a, b) => (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0));
  const packs = entries.filter((e): e is DiscoveredPack => e.ok);
  const refused = [...entries.filter((e): e is RefusedPack => !e.ok), ...anonymous, ...dropped];
  for (const p of packs) diagnostics.push(...p.diagnostics);
  for (const r of refused) diagnostics.push(...r.diagnostics);
  return { packs, refused, diagnostics };
}
