// Owns the warnings about the pack roots a user names (--packs, $CAPSULE_PACK_PATH), given by every command that reads
// the roots before it does anything: a root that does not exist or cannot be read (packs-root-missing), one that holds
// no pack (packs-root-empty), and one that is itself a pack folder (packs-root-is-a-pack, with its parent as the hint).
// The compiler reports an unreadable root only to `packs compile`; a mistyped --packs on `run` or `mcp` was silent.
// Refuses nothing: each is a warning on stderr (stdout stays the command's, the protocol channel for `mcp`), the
// command goes on. The shipped root and the install root are the CLI's own and are not checked.

import { readdirSync } from "node:fs";
import path from "node:path";
import { CLI_CODES, type CliCode } from "./codes.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { shownMessage } from "./terminal-text.js";
import { readUntrusted } from "./untrusted-files.js";

/** Whether `dir` holds a package.json with a `capsule` field (what discovery reads as a pack). */
function isPack(dir: string): boolean {
  try {
    const read = readUntrusted(path.join(dir, "package.json"));
    if (!read.ok) return false;
    const manifest = JSON.parse(read.text) as { capsule?: unknown };
    return manifest !== null && typeof manifest === "object" && manifest.capsule !== undefined;
  } catch {
    return false;
  }
}

const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name);

export interface RootWarning {
  code: CliCode;
  root: string;
  message: string;
}

/** What is wrong with one user-named root, or undefined when it holds at least one pack. */
export function checkRoot(root: string): RootWarning | undefined {
  let children: string[];
  try {
    children = folders(root);
  } catch (error) {
    return { code: "packs-root-missing", root, message: `pack root ${root} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): no packs are read from it` };
  }
  const holdsPack = children.some((name) => {
    if (!name.startsWith("@")) return isPack(path.join(root, name));
    try {
      return folders(path.join(root, name)).some((child) => isPack(path.join(root, name, child)));
    } catch {
      return false;
    }
  });
  if (holdsPack) return undefined;
  if (isPack(root)) {
    return { code: "packs-root-is-a-pack", root, message: `pack root ${root} is a pack folder, not a folder of packs: its pack is not read; pass its parent, --packs ${path.dirname(root)}` };
  }
  return { code: "packs-root-empty", root, message: `pack root ${root} holds no pack (no child folder has a package.json with a \`capsule\` field)` };
}

/** The user-named roots of `options` (environment, then --packs) with what is wrong with each. */
export function packRootWarnings(options: LocationOptions, env: NodeJS.ProcessEnv = process.env): RootWarning[] {
  const { roots, shippedRoot, installRoot } = resolveLocations(options, env);
  const named = [...new Set(roots.filter((r) => r !== shippedRoot && r !== installRoot))];
  return named.flatMap((root) => checkRoot(root) ?? []);
}

/** Writes each warning, with its code and the code's hint, as `capsule <command>: warning …` on stderr. */
export function warnPackRoots(options: LocationOptions, command: string): void {
  for (const w of packRootWarnings(options)) {
    process.stderr.write(`capsule ${command}: warning ${w.code}: ${shownMessage(w.message)}\n  hint: ${CLI_CODES[w.code].hint}\n`);
  }
}
