// Owns the registry of host modules: the pins (shipped, plus any an application registers), deciding whether a
// pack may declare a host id (at discovery, and again at dispatch), generating facades, and dispatching calls.
// Refuses an unknown id, an id pinned to another package or to another copy of the package (a pin binds the
// package's real folder where it has one: the shipped pins bind the copy Capsule ships), a look-alike of a pinned
// id or package, an export
// outside the pin (so constructor, __proto__ and friends), and arguments that do not fit the pinned shapes —
// all before any implementation loads. Tells a module that takes a call context which run made the call, and aborts
// that run's signal when the runtime says the run ended (endRun), so its queued and running work is cancelled.

import { realpathSync } from "node:fs";
import path from "node:path";
import type { HostModuleCall } from "@capsule/runtime/bridge";
import { HostCallError, type AdmitCode } from "./codes.js";
import { checkArguments } from "./shapes.js";
import { facadeSource } from "./facade.js";
import { isLookalike } from "./lookalike.js";
import { SHIPPED_PINS, shippedPackRoot, type HostPin } from "./pins.js";

export type AdmitResult = { ok: true; pin: HostPin; facade: string } | { ok: false; code: AdmitCode; message: string };

/** Who declares a host id: the package name, and (from a compile) the real folder of that pack. */
export type Declarer = string | { name: string; root?: string };

export interface Registry {
  pins(): readonly HostPin[];
  /** Adds an application's own host module, pinned to its own package. Refuses an id or look-alike already pinned. */
  register(pin: HostPin): void;
  /**
   * Whether `declarer` may declare `hostId`. With a `root`, the pack must also be the pin's copy: the pin's `root`,
   * or for a shipped pin the copy Capsule ships; without one (a dispatch, an older caller) the name is checked.
   */
  admit(declarer: Declarer, hostId: string): AdmitResult;
  /**
   * Checks and makes a call. `signal` (the caller's, e.g. createCapsuleDispatcher's per run) cancels the call's work
   * when it aborts; without one, the registry's own per-run signal does (see endRun).
   */
  dispatch(call: HostModuleCall, options?: DispatchOptions): Promise<unknown>;
  /**
   * The run ended: its calls queued or running in host modules (those dispatched without a signal of their own) are
   * cancelled. Nothing is remembered of the run: run ids repeat across sandboxes (each counts its runs), so a later
   * call with the same id belongs to another run. A caller that must also cancel calls still on their way in passes
   * its own signal (createCapsuleDispatcher does).
   */
  endRun?(runId: string): void;
}

export interface DispatchOptions {
  signal?: AbortSignal;
}

export function createRegistry(options: { pins?: readonly HostPin[]; shipped?: boolean } = {}): Registry {
  const pins = new Map<string, HostPin>();
  const loaded = new Map<string, Promise<Record<string, unknown>>>();
  const add = (pin: HostPin) => {
    const clash = [...pins.values()].find((p) => p.id === pin.id || isLookalike(pin.id, p.id));
    if (clash) throw new TypeError(`host id "${pin.id}" is already pinned (or looks like "${clash.id}", pinned to ${clash.package})`);
    pins.set(pin.id, Object.freeze({ ...pin, exports: Object.freeze({ ...pin.exports }) }));
  };
  const shippedIds = new Set<string>();
  for (const pin of options.shipped === false ? [] : SHIPPED_PINS) {
    add(pin);
    shippedIds.add(pin.id);
  }
  for (const pin of options.pins ?? []) add(pin);
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  /** The real folder the pin binds, if it binds one. */
  const boundRoot = (pin: HostPin): string | undefined => (pin.root !== undefined ? real(pin.root) : shippedIds.has(pin.id) ? shippedPackRoot(pin.package) : undefined);

  // One abort controller per run with calls in flight (dropped when its last call settles), so memory stays
  // bounded even for a caller that never calls endRun.
  const runs = new Map<string, { controller: AbortController; calls: number }>();
  const enter = (runId: string) => {
    let run = runs.get(runId);
    if (!run) {
      run = { controller: new AbortController(), calls: 0 };
      runs.set(runId, run);
    }
    run.calls++;
    return run;
  };
  const leave = (runId: string, run: { calls: number }) => {
    if (--run.calls === 0 && runs.get(runId) === run) runs.delete(runId);
  };

  const admit = (declarer: Declarer, hostId: string): AdmitResult => {
    const { name: packageName, root } = typeof declarer === "string" ? { name: declarer, root: undefined } : declarer;
    const pin = pins.get(hostId);
    if (pin) {
      if (pin.package === packageName) {
        const bound = root === undefined ? undefined : boundRoot(pin);
        if (bound !== undefined && real(root!) !== bound) {
          return {
            ok: false,
            code: "host-id-pinned-elsewhere",
            message: `host id "${hostId}" is pinned to ${pin.package} at ${bound}${shippedIds.has(pin.id) ? " (the copy Capsule ships)" : ""}; the ${packageName} at ${root} is another package of that name and may not declare it`,
          };
        }
        return { ok: true, pin, facade: facadeSource(pin) };
      }
      return { ok: false, code: "host-id-not-pinned", message: `host id "${hostId}" is pinned to ${pin.package}; ${packageName} may not declare it (only the pinned package can ship a host module)` };
    }
    const alike = [...pins.values()].find((p) => isLookalike(hostId, p.id));
    if (alike) {
      return { ok: false, code: "host-id-lookalike", message: `host id "${hostId}" looks like the pinned "${alike.id}" (case, confusable letters or separators differ); it is refused` };
    }
    return { ok: false, code: "host-id-unknown", message: `host id "${hostId}" is not pinned in this registry; host modules exist only by pin (an application registers its own with registry.register())` };
  };

  return {
    pins: () => [...pins.values()],
    register: add,
    admit,
    async dispatch(call: HostModuleCall, options: DispatchOptions = {}): Promise<unknown> {
      const declaredBy = call.declared.get(call.id);
      if (declaredBy === undefined) throw new HostCallError("host-module-not-declared", `this run did not import host module "${call.id}"`);
      const admitted = admit(declaredBy, call.id);
      if (!admitted.ok) throw new HostCallError(admitted.code, admitted.message);
      const { pin } = admitted;
      if (!Object.prototype.hasOwnProperty.call(pin.exports, call.exportName)) {
        throw new HostCallError("host-export-unknown", `"${call.exportName}" is not an export of ${pin.id} (exports: ${Object.keys(pin.exports).join(", ")})`);
      }
      const problem = checkArguments(`${pin.id}.${call.exportName}`, pin.exports[call.exportName].params, call.args);
      if (problem) throw new HostCallError("host-arguments-invalid", problem);
      let implementation = loaded.get(pin.id);
      if (!implementation) {
        implementation = pin.load();
        loaded.set(pin.id, implementation);
        implementation.catch(() => loaded.delete(pin.id));
      }
      const fn = (await implementation)[call.exportName];
      if (typeof fn !== "function") throw new HostCallError("host-module-failed", `${pin.id} has no implementation of "${call.exportName}"`);
      if (!pin.callContext) return fn(...call.args);
      // The context goes after every declared parameter (omitted optional ones as undefined), where a guest's
      // argument can never be: extra arguments were refused above.
      const params = pin.exports[call.exportName].params.length;
      const args = [...call.args, ...new Array(Math.max(0, params - call.args.length)).fill(undefined)];
      const runId = call.runId;
      const table = typeof call.table === "function" ? { table: call.table } : {};
      if (options.signal) return fn(...args, { runId, signal: options.signal, ...table });
      const run = enter(runId);
      try {
        return await fn(...args, { runId, signal: run.controller.signal, ...table });
      } finally {
        leave(runId, run);
      }
    },
    endRun(runId: string) {
      runs.get(runId)?.controller.abort();
    },
  };
}

let shipped: Registry | undefined;
/** The registry with Capsule's shipped pins only. */
export function defaultRegistry(): Registry {
  shipped ??= createRegistry();
  return shipped;
}
