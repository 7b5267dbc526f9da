// Owns what one install adds to the install root and the caps on it (the compiler's INSTALL_LIMITS rows): the package
// folders npm added or changed in the staging generation — the pack itself and every dependency whose lockfile entry
// is new or different — walked for their files (symlinks count as files) and unpacked bytes. Checked in staging,
// before anything lands in the install root. Refuses an install above PACK_INSTALL_MAX_FILES
// (pack-install-too-many-files) or PACK_INSTALL_MAX_BYTES (pack-install-too-large), naming the heaviest folders.

import { promises as fsp, readFileSync } from "node:fs";
import path from "node:path";
import type { InstallLimits } from "@capsule/compiler";

type LockPackages = Record<string, { version?: string; resolved?: string; integrity?: string }>;

export function lockPackages(dir: string): LockPackages {
  try {
    return (JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages ?? {}) as LockPackages;
  } catch {
    return {};
  }
}

/** Lockfile keys (node_modules/…) that are new or changed from `before` to `after`. */
export function changedPackages(before: LockPackages, after: LockPackages): string[] {
  const same = (a: LockPackages[string] | undefined, b: LockPackages[string]) =>
    a !== undefined && a.version === b.version && a.resolved === b.resolved && a.integrity === b.integrity;
  return Object.keys(after).filter((key) => key.startsWith("node_modules/") && !same(before[key], after[key])).sort();
}

interface Measured {
  files: number;
  bytes: number;
}

/** Files and bytes of one package folder, nested node_modules excluded (those are packages of their own). */
async function measure(dir: string): Promise<Measured> {
  const total: Measured = { files: 0, bytes: 0 };
  const walk = async (d: string, top: boolean) => {
    let entries;
    try {
      entries = await fsp.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (top && e.name === "node_modules") continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full, false);
      else {
        total.files++;
        if (e.isFile()) total.bytes += (await fsp.lstat(full)).size;
      }
    }
  };
  await walk(dir, true);
  return total;
}

export type CapVerdict = { ok: true; files: number; bytes: number } | { ok: false; code: "pack-install-too-many-files" | "pack-install-too-large"; message: string };

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** Measures what the install adds (`keys`, plus the pack's own folder) in `staging` against the caps. */
export async function checkInstallCaps(staging: string, keys: readonly string[], packKey: string, limits: InstallLimits): Promise<CapVerdict> {
  const all = [...new Set([packKey, ...keys])];
  const sizes = await Promise.all(all.map(async (key) => ({ key, ...(await measure(path.join(staging, key))) })));
  const files = sizes.reduce((n, s) => n + s.files, 0);
  const bytes = sizes.reduce((n, s) => n + s.bytes, 0);
  const heaviest = (by: "files" | "bytes") =>
    [...sizes].sort((a, b) => b[by] - a[by]).slice(0, 3).map((s) => `${s.key.replace(/^node_modules\//, "")} ${by === "files" ? `${s.files} files` : mib(s.bytes)}`).join(", ");
  if (files > limits.PACK_INSTALL_MAX_FILES) {
    return { ok: false, code: "pack-install-too-many-files", message: `the install would add ${files} files, over the ${limits.PACK_INSTALL_MAX_FILES}-file cap (PACK_INSTALL_MAX_FILES; most in ${heaviest("files")})` };
  }
  if (bytes > limits.PACK_INSTALL_MAX_BYTES) {
    return { ok: false, code: "pack-install-too-large", message: `the install would add ${mib(bytes)} unpacked, over the ${mib(limits.PACK_INSTALL_MAX_BYTES)} cap (PACK_INSTALL_MAX_BYTES; most in ${heaviest("bytes")})` };
  }
  return { ok: true, files, bytes };
}
