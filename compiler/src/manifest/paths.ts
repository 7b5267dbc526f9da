// Owns the confinement of every path a manifest declares (skill, types, guest `source`, wasm `file`):
// lexically it refuses absolute paths, drive letters, URL schemes, "..", backslashes, NUL and paths into
// node_modules; on disk it refuses missing or non-regular files and symlinks whose real path leaves the
// pack's real root.

import { promises as fsp } from "node:fs";
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import { isInside } from "../fsutil.js";

/** Lexical problem with a declared path, or undefined when it is a plain relative path. */
export function lexicalPathProblem(p: string): string | undefined {
  if (p.includes("\0")) return "contains a NUL byte";
  if (p.includes("\\")) return "contains a backslash (use / separators)";
  if (p.startsWith("/")) return "is absolute (declare a path relative to the pack folder)";
  if (/^[A-Za-z]:/.test(p)) return "starts with a drive letter or URL scheme";
  if (p.startsWith("~")) return "starts with ~ (declare a path relative to the pack folder)";
  const segs = p.split("/");
  if (segs.includes("..")) return 'contains ".." (it must stay inside the pack folder)';
  if (segs.some((s) => s.toLowerCase() === "node_modules")) return "points into node_modules (declare a dependency with `npm` instead)";
  return undefined;
}

type ResolvedDeclaredPath =
  | { ok: true; absolute: string; bytes: number }
  | { ok: false; diagnostic: Diagnostic };

/** Resolves a declared path against the pack's real root and checks it on disk. */
export async function resolveDeclaredPath(root: string, declared: string, fieldPath: string): Promise<ResolvedDeclaredPath> {
  const problem = lexicalPathProblem(declared);
  if (problem) {
    return { ok: false, diagnostic: error("manifest-path-escape", `${fieldPath} "${declared}" ${problem}`, { path: fieldPath }) };
  }
  const lexical = path.resolve(root, declared);
  let real: string;
  try {
    real = await fsp.realpath(lexical);
  } catch {
    return {
      ok: false,
      diagnostic: error("pack-file-missing", `${fieldPath} "${declared}" does not exist in the pack`, { path: fieldPath }),
    };
  }
  if (!isInside(root, real)) {
    return {
      ok: false,
      diagnostic: error(
        "manifest-path-escape",
        `${fieldPath} "${declared}" is a symlink whose target leaves the pack folder; ship the file itself`,
        { path: fieldPath },
      ),
    };
  }
  const st = await fsp.stat(real);
  if (!st.isFile()) {
    return {
      ok: false,
      diagnostic: error("pack-file-missing", `${fieldPath} "${declared}" is not a regular file`, { path: fieldPath }),
    };
  }
  return { ok: true, absolute: real, bytes: st.size };
}
