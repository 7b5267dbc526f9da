// Owns calling the injected probe power safely: a timeout (PROBE_TIMEOUT_MS), a thrown error or a
// malformed answer all become { ok: false } with a short message; export names come back sorted and
// de-duplicated. The probe itself is a power passed in (sandbox-probe.ts has the real one: a fresh QuickJS guest).

import type { Probe, ProbeOptions, ProbeResult } from "../types.js";

const MESSAGE_MAX = 500;

function clip(s: string): string {
  return s.length > MESSAGE_MAX ? `${s.slice(0, MESSAGE_MAX - 1)}…` : s;
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
  const a = answer as Partial<{ ok: boolean; exports: unknown; message: unknown; cacheable: unknown }> | undefined;
  if (a?.ok === true && Array.isArray(a.exports) && a.exports.every((e) => typeof e === "string")) {
    return { ok: true, exports: [...new Set(a.exports as string[])].sort() };
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
    };
  }
  return { ok: false, message: "probe returned a malformed answer" };
}
