// Owns calling the injected probe power safely: a timeout (PROBE_TIMEOUT_MS), a thrown error or a
// malformed answer all become { ok: false } with a short message; export names come back sorted and
// de-duplicated. The probe itself is a power passed in (sandbox-probe.ts has the real one: a fresh QuickJS guest).

import type { Probe, ProbeOptions, ProbeResult } from "../types.js";

const MESSAGE_MAX = 500;

function clip(s: string): string {
  return s.length > MESSAGE_MAX ? `${s.slice(0, MESSAGE_MAX - 1)}…` : s;
}

/** Export names a program can import by name, as the catalog and the reference write them. */
const EXPORT_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/;
/** The most exports one module may list (eight modules of huge lists made a 66 MB catalog read by every run). */
export const MAX_EXPORTS = 4_096;

/** Why a probe's export list cannot go into the catalog, if it cannot. */
function exportsProblem(exports: readonly string[]): string | undefined {
  if (exports.length > MAX_EXPORTS) return `the module has ${exports.length} exports; a module may have at most ${MAX_EXPORTS}`;
  const odd = exports.find((name) => !EXPORT_NAME.test(name));
  if (odd !== undefined) return `the module exports ${JSON.stringify(odd.slice(0, 60))}, which is not a name a program can import (an identifier of at most 128 characters)`;
  return undefined;
}

export async function runProbe(probe: Probe, source: string, specifier: string, timeoutMs: number, options?: ProbeOptions): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, message: `probe timed out after ${timeoutMs} ms` }), timeoutMs);
  });
  let answer: unknown;
  try {
    answer = await Promise.race([
      Promise.resolve()
        .then(() => (options ? probe(source, specifier, options) : probe(source, specifier)))
        .catch((e: unknown) => ({ ok: false, message: e instanceof Error ? e.message : String(e) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
  const a = answer as Partial<{ ok: boolean; exports: unknown; message: unknown; cacheable: unknown; spentMs: unknown }> | undefined;
  const spent = typeof a?.spentMs === "number" && Number.isFinite(a.spentMs) && a.spentMs >= 0 ? { spentMs: a.spentMs } : {};
  if (a?.ok === true && Array.isArray(a.exports) && a.exports.every((e) => typeof e === "string")) {
    const problem = exportsProblem(a.exports as string[]);
    if (problem) return { ok: false, message: problem, cacheable: true, ...spent };
    return { ok: true, exports: [...new Set(a.exports as string[])].sort(), ...spent };
  }
  if (a?.ok === false) {
    const f = a as Partial<{ exhausted: unknown; budgetMs: unknown }>;
    const exhausted = f.exhausted === "cpu" || f.exhausted === "wall" ? f.exhausted : undefined;
    const budgetMs = typeof f.budgetMs === "number" && Number.isFinite(f.budgetMs) ? f.budgetMs : undefined;
    return {
      ok: false,
      message: clip(typeof a.message === "string" ? a.message : "probe failed"),
      ...(exhausted ? { exhausted } : {}),
      ...(exhausted && budgetMs !== undefined ? { budgetMs } : {}),
      ...(a.cacheable === true ? { cacheable: true } : {}),
      ...spent,
    };
  }
  return { ok: false, message: "probe returned a malformed answer" };
}
