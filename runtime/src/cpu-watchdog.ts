// Owns the host's CPU watchdog over one run: a guest that never reaches its interrupt handler (one long native
// operation) or cannot be stopped by it (async functions and promise jobs that absorb the interrupt, a recursion that
// catches its stack overflow) is still stopped at its CPU budget, not at its wall clock. The worker publishes the
// guest's charged time (control.ts); past CPU_WATCHDOG_FACTOR × cpuMs the thread's own CPU clock is read where the
// host can (Linux) to confirm, and the run is stopped (its worker terminated after the grace period). The budget is
// the one the worker publishes as in force (its modules' load budget while they load, then what loading spent plus
// cpuMs), never taken past cpuMs + loadCpuMs: the host's own figures bound what the worker may claim.
// Refuses nothing itself. Without shared memory (a page that is not cross-origin isolated) it does nothing.

import { epochNow, type RunControl } from "./control.js";
import { CPU_WATCHDOG_FACTOR } from "./limits.js";

/** Reads the CPU time in ms of a thread of this process by its id (undefined when it cannot). */
export type ThreadCpuReader = (threadId: number) => number | undefined;

/**
 * Watches a run whose program may spend `cpuMs` and whose modules may spend `loadCpuMs` loading (limits.ts
 * moduleLoadCpuMs); `expire` is told whether the run was still loading its modules, and the CPU time the run had
 * spent (its thread's own clock where it was read, else the estimate from its published slices).
 */
export function cpuWatchdog(control: RunControl, cpuMs: number, loadCpuMs: number, readThreadCpu: ThreadCpuReader | undefined, expire: (loading: boolean, spentMs: number) => void): { stop(): void } {
  if (!control.shared) return { stop() {} };
  const most = Math.max(cpuMs, loadCpuMs) + cpuMs;
  const period = Math.max(5, Math.min(50, cpuMs / 4));
  const check = () => {
    const limit = Math.min(most, Math.max(cpuMs, control.budgetMs)) * CPU_WATCHDOG_FACTOR;
    const estimate = control.started ? control.estimatedCpuMs(epochNow()) : 0;
    if (estimate > limit) {
      const start = control.cpuAtStartMs;
      const now = Number.isFinite(start) ? readThreadCpu?.(control.threadId) : undefined;
      // The estimate counts time the thread waited for a core; its own clock does not.
      if (now === undefined || now - start > limit) return expire(control.loadingModules, now === undefined ? estimate : now - start);
    }
    timer = setTimeout(check, period);
  };
  // Nothing can have spent the budget before it has elapsed in wall-clock time.
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(check, cpuMs * CPU_WATCHDOG_FACTOR);
  return { stop: () => clearTimeout(timer) };
}
