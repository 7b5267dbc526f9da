// `capsule packs install <spec>` / `uninstall <name>` / `audit`: third-party packs through the real npm client
// into the install root (<home>/packs), never running install scripts; validated and compiled right away, and
// recorded in the ledger. A pack that is refused (invalid manifest, a host id it is not pinned to, any refused
// module) leaves nothing behind: the install root is restored to what it was. Audit re-checks installed files
// against the ledger and the catalog's digests, and reports drift.

import { spawnSync } from "node:child_process";
import { existsSync, promises as fsp, readFileSync } from "node:fs";
import path from "node:path";
import { compileRoots } from "./catalog-file.js";
import { digestFiles, readLedger, writeLedger } from "./ledger.js";
import { resolveLocations, type LocationOptions } from "./paths.js";

const npmCommand = process.platform === "win32" ? "npm.cmd" : "npm";

function npm(args: string[], cwd: string): { ok: boolean; output: string } {
  const out = spawnSync(npmCommand, [...args, "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8" });
  return { ok: out.status === 0, output: `${out.stdout ?? ""}${out.stderr ?? ""}`.trim() };
}

function dependencies(packageDir: string): Record<string, string> {
  try {
    return (JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).dependencies ?? {}) as Record<string, string>;
  } catch {
    return {};
  }
}

async function ensurePackageDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const manifest = path.join(dir, "package.json");
  if (!existsSync(manifest)) await fsp.writeFile(manifest, `${JSON.stringify({ name: "capsule-installed-packs", private: true, dependencies: {} }, null, 2)}\n`);
}

/** A local directory or tarball spec becomes an absolute path, so npm resolves it wherever it runs. */
function normalizeSpec(spec: string): string {
  const local = spec.startsWith(".") || spec.startsWith("/") || spec.endsWith(".tgz") || spec.endsWith(".tar.gz");
  return local ? path.resolve(spec) : spec;
}

export async function packsInstallCommand(spec: string, options: LocationOptions & { json?: boolean }): Promise<number> {
  const locations = resolveLocations(options);
  const packageDir = path.dirname(locations.installRoot);
  await ensurePackageDir(packageDir);
  const backup = `${packageDir}.backup-${process.pid}`;
  await fsp.rm(backup, { recursive: true, force: true });
  await fsp.cp(packageDir, backup, { recursive: true, verbatimSymlinks: true });
  const restore = async () => {
    await fsp.rm(packageDir, { recursive: true, force: true });
    await fsp.rename(backup, packageDir);
  };
  const before = dependencies(packageDir);
  // The ledger records where npm got the pack: keep `resolved` in the lockfile whatever the user's npm config says.
  const installed = npm(["install", "--save", "--install-links", "--omit-lockfile-registry-resolved=false", normalizeSpec(spec)], packageDir);
  if (!installed.ok) {
    await restore();
    process.stderr.write(`capsule packs install: npm could not install ${spec}:\n${installed.output}\n`);
    return 1;
  }
  const after = dependencies(packageDir);
  const name = Object.keys(after).find((n) => before[n] !== after[n]) ?? Object.keys(after).find((n) => !(n in before));
  const packDir = name ? path.join(locations.installRoot, name) : undefined;
  const refuse = async (why: string) => {
    await restore();
    await compileRoots(locations);
    process.stderr.write(`capsule packs install: ${spec} was refused and nothing was installed: ${why}\n`);
    return 1;
  };
  if (!name || !packDir || !existsSync(path.join(packDir, "package.json"))) return refuse("npm did not add a package");
  const { catalog, diagnostics } = await compileRoots(locations);
  const admitted = catalog.modules.filter((m) => m.pack === name);
  const refused = catalog.refused.filter((r) => r.pack === name);
  if (refused.length) return refuse(refused.map((r) => `${r.specifier}: ${r.code} (${r.message})`).join("; "));
  if (admitted.length === 0) {
    const problem = diagnostics.find((d) => d.pack === name && d.severity === "error");
    return refuse(problem ? `${problem.code}: ${problem.message}` : "it declares no Capsule modules (no `capsule` field in its package.json)");
  }
  const lock = (() => {
    try {
      return JSON.parse(readFileSync(path.join(packageDir, "package-lock.json"), "utf8")).packages?.[`node_modules/${name}`] ?? {};
    } catch {
      return {};
    }
  })() as { version?: string; resolved?: string; integrity?: string };
  const ledger = await readLedger(locations.home);
  const version = (JSON.parse(readFileSync(path.join(packDir, "package.json"), "utf8")) as { version: string }).version;
  ledger.packs[name] = {
    name,
    version,
    source: spec,
    ...(lock.resolved ? { resolved: lock.resolved } : {}),
    ...(lock.integrity ? { integrity: lock.integrity } : {}),
    installedAt: new Date().toISOString(),
    filesDigest: await digestFiles(packDir),
    modules: Object.fromEntries(admitted.map((m) => [m.specifier, m.sha256])),
  };
  await writeLedger(locations.home, ledger);
  await fsp.rm(backup, { recursive: true, force: true });
  if (options.json) process.stdout.write(`${JSON.stringify(ledger.packs[name], null, 2)}\n`);
  else process.stdout.write(`installed ${name}@${version}: ${admitted.map((m) => m.specifier).join(", ")}\n`);
  return 0;
}

export async function packsUninstallCommand(name: string, options: LocationOptions): Promise<number> {
  const locations = resolveLocations(options);
  const packageDir = path.dirname(locations.installRoot);
  const ledger = await readLedger(locations.home);
  if (!ledger.packs[name] && !(name in dependencies(packageDir))) {
    process.stderr.write(`capsule packs uninstall: ${name} is not installed (see \`capsule packs list\`)\n`);
    return 2;
  }
  const removed = npm(["uninstall", name], packageDir);
  if (!removed.ok) {
    process.stderr.write(`capsule packs uninstall: npm could not uninstall ${name}:\n${removed.output}\n`);
    return 1;
  }
  delete ledger.packs[name];
  await writeLedger(locations.home, ledger);
  await compileRoots(locations);
  process.stdout.write(`uninstalled ${name}\n`);
  return 0;
}

export async function packsAuditCommand(options: LocationOptions & { json?: boolean }): Promise<number> {
  const locations = resolveLocations(options);
  const ledger = await readLedger(locations.home);
  const { catalog } = await compileRoots(locations);
  const findings: Array<{ pack: string; problem: string }> = [];
  for (const entry of Object.values(ledger.packs)) {
    const dir = path.join(locations.installRoot, entry.name);
    if (!existsSync(dir)) {
      findings.push({ pack: entry.name, problem: "missing from the install root" });
      continue;
    }
    if ((await digestFiles(dir)) !== entry.filesDigest) findings.push({ pack: entry.name, problem: "installed files changed since install" });
    for (const [specifier, sha256] of Object.entries(entry.modules)) {
      const now = catalog.modules.find((m) => m.specifier === specifier);
      if (!now) findings.push({ pack: entry.name, problem: `${specifier} is no longer admitted` });
      else if (now.sha256 !== sha256) findings.push({ pack: entry.name, problem: `${specifier} digest drifted (${sha256.slice(0, 12)} → ${now.sha256.slice(0, 12)})` });
    }
  }
  if (options.json) process.stdout.write(`${JSON.stringify({ packs: Object.keys(ledger.packs).length, findings }, null, 2)}\n`);
  else if (findings.length === 0) process.stdout.write(`audit: ${Object.keys(ledger.packs).length} installed packs match the ledger and the catalog\n`);
  else for (const f of findings) process.stdout.write(`drift  ${f.pack}: ${f.problem}\n`);
  return findings.length ? 1 : 0;
}
