// Owns the real probe: evaluates a bundled guest module in a fresh Capsule sandbox (the same guest surface and
// limits every run gets) and records its export names. Refuses nothing itself: a throw, a timeout or an import
// it cannot satisfy comes back as { ok: false, message } with the guest's own message; a guest stopped by its
// budget is marked `exhausted` ("cpu" | "wall") so the compiler reports the budget, not a missing API.

import { createSandbox, type Sandbox } from "@capsule/runtime";
import type { Probe } from "./types.js";
import { defaultRegistry } from "@capsule/registry";
import { compile, type CompileOptions, type CompileResult } from "./compile/compile.js";
import { admitHostModules, type HostAdmitter } from "./admission/host.js";
import { admitWasmModules } from "./admission/wasm.js";
import { PROBE_BUDGETS } from "./limits.js";

/** How long the untimed warm-up run may wait for the probe sandbox's worker to start. */
const PROBE_WARM_UP_WALL_MS = 120_000;

/**
 * Run errors that are a pure function of the module's source under the probe's fixed budgets (PROBE_BUDGETS): the
 * refusal is cached (ProbeResult.cacheable). Everything else — E_WALL_TIME and E_STUCK (a loaded machine), a crashed
 * or closed worker, an internal error — says more about the machine than the module, and is probed again next compile.
 */
const DETERMINISTIC_FAILURES: ReadonlySet<string> = new Set([
  "E_GUEST_ERROR", "E_SYNTAX", "E_IMPORT_UNRESOLVED", "E_IMPORT_REFUSED", "E_IMPORT_NOT_ALLOWED", "E_DYNAMIC_IMPORT",
  "E_HOST_MODULE_UNAVAILABLE", "E_CPU_TIME", "E_MEMORY", "E_STACK_OVERFLOW", "E_NEVER_SETTLES", "E_RESULT_TOO_LARGE",
  "E_RESULT_UNSERIALIZABLE",
]);

export interface SandboxProbe {
  probe: Probe;
  close(): Promise<void>;
}

/** A probe over `sandbox`, or over a one-worker sandbox created on the first probe (warm compiles never start one). */
export function createSandboxProbe(sandbox?: Sandbox): SandboxProbe {
  let own: Sandbox | undefined;
  const target = () => sandbox ?? (own ??= createSandbox({ maxWorkers: 1 }));
  // A probe's wall clock must measure the module, not the machine. On our own one-worker sandbox, its worker is
  // started by an untimed first run (a thread start on a loaded machine takes seconds) and probes take the worker one
  // at a time, so none spends its wall clock waiting in the queue behind a module that spins to its CPU budget (a
  // refusal that would not be cached, but wrong). A sandbox given to us is the caller's to size.
  let ready: Promise<unknown> | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  const probe: Probe = (source, specifier, options) => {
    if (sandbox) return probeOne(source, specifier, options);
    ready ??= target().run({ source: "return 0", filename: "probe-warm-up.js", limits: { wallMs: PROBE_WARM_UP_WALL_MS } });
    const turn = previous.then(() => ready).then(() => probeOne(source, specifier, options));
    previous = turn.catch(() => undefined);
    return turn;
  };
  const probeOne: Probe = async (source, specifier, options) => {
    const cpuMs = options?.cpuMs ?? PROBE_BUDGETS.PROBE_CPU_MS.default;
    // The wall limit follows the CPU budget: a module allowed 10 s of CPU must not be stopped by the clock first.
    const wallMs = cpuMs + PROBE_BUDGETS.PROBE_WALL_MS.default;
    const result = await target().run<string[]>({
      // Object.keys is taken before the module loads (imports evaluate in order): a module that replaced it made the
      // catalog list whatever exports it liked, and those names went into the reference a model reads.
      source: `import { keys } from ${JSON.stringify(KEYS_SPECIFIER)};\nimport * as probed from ${JSON.stringify(specifier)};\nreturn keys(probed);`,
      filename: "probe.js",
      seed: 0,
      now: 0,
      limits: { cpuMs, wallMs },
      resolver: {
        resolve: (requested) => (requested === specifier ? { specifier, source } : requested === KEYS_SPECIFIER && specifier !== KEYS_SPECIFIER ? { specifier: KEYS_SPECIFIER, source: KEYS_SOURCE } : undefined),
      },
    });
    const spentMs = result.stats.wallMs;
    if (result.ok) return { ok: true, exports: result.value, spentMs };
    const { code, name, message } = result.error;
    const text = `${code}: ${name === "CapsuleError" ? "" : `${name}: `}${message}`;
    const exhausted = exhaustedBy(code, name, message);
    const cacheable = DETERMINISTIC_FAILURES.has(code) && exhausted !== "wall";
    if (exhausted) return { ok: false, message: text, exhausted, budgetMs: exhausted === "cpu" ? cpuMs : wallMs, cacheable, spentMs };
    return { ok: false, message: text, cacheable, spentMs };
  };
  return { probe, close: async () => { await own?.close(); } };
}

/** The probe's own module, loaded before the probed one: the engine's Object.keys, as it was. */
const KEYS_SPECIFIER = "@capsule-probe/intrinsic-keys";
const KEYS_SOURCE = "export const keys = Object.keys;";

/**
 * Whether a failed run was stopped by a budget. The runtime reports a limit that fires while the main module's
 * imports are still evaluating as the guest's own `RangeError: interrupted` (E_GUEST_ERROR): QuickJS's interrupt
 * surfaces as an exception of the module being loaded. A module cannot raise that exception itself in a way this
 * mistakes for its own error — a `RangeError("interrupted")` it throws would read the same, and is reported as a
 * budget, the side that tells the author to look at load cost.
 */
function exhaustedBy(code: string, name: string | undefined, message: string): "cpu" | "wall" | undefined {
  if (code === "E_CPU_TIME") return "cpu";
  if (code === "E_WALL_TIME") return "wall";
  if (code === "E_GUEST_ERROR" && name === "RangeError" && message === "interrupted") return "cpu";
  return undefined;
}

/**
 * compile() with the real probe (a sandbox made for the compile and closed after it), then host declarations
 * admitted against the registry's pins (Capsule's shipped pins unless `registry` is given), and wasm declarations
 * admitted by their binary's rules.
 */
export async function compileWithSandbox(options: Omit<CompileOptions, "probe"> & { registry?: HostAdmitter }): Promise<CompileResult> {
  const { probe, close } = createSandboxProbe();
  try {
    const result = await compile({ ...options, probe });
    const withHosts = await admitHostModules(result, options.registry ?? defaultRegistry(), options.cacheDir);
    return await admitWasmModules(withHosts, options.cacheDir);
  } finally {
    await close();
  }
}
