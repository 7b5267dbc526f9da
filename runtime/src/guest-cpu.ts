// Owns charging a run's guest CPU time inside its worker. Each slice of guest work is timed with performance.now()
// (cheap: read per slice and per interrupt), which also counts time the thread waited for a core; so before a run is
// stopped for its budget, the thread's own CPU clock (an engine power: /proc/thread-self/schedstat in Node) is read
// and the difference credited back. Each slice is published to the run's control block for the host's watchdog.
// The budget has two phases: while the run's modules are evaluated (preloaded into a template, or at run time) it is
// the modules' load budget (limits.ts moduleLoadCpuMs); once they have loaded, what loading spent plus the run's cpuMs,
// so importing never eats into the program's own CPU time.
// Refuses nothing itself: it says when the budget is spent.

import { epochNow, type RunControl } from "./control.js";
import { enginePowers } from "./engine-powers.js";
import type { WorkerTask } from "./protocol.js";

export class CpuMeter {
  private charged = 0;
  private sliceStart = 0;
  private inSlice = false;
  private readonly startCpuMs: number | undefined;
  private loading = true;

  constructor(private budgetMs: number, private readonly control: RunControl, private readonly threadCpu?: { cpuMs(): number }) {
    this.startCpuMs = threadCpu?.cpuMs();
    control.publishBudget(budgetMs, true);
  }

  /** True until modulesLoaded(): the budget in force is the modules' load budget. */
  get loadingModules(): boolean {
    return this.loading;
  }

  /** The budget in force (ms). */
  get budget(): number {
    return this.budgetMs;
  }

  /** The run's modules have loaded: from now on the guest gets `cpuMs` more than it has used. */
  modulesLoaded(cpuMs: number): void {
    if (!this.loading) return;
    this.loading = false;
    this.budgetMs = this.used() + cpuMs;
    this.control.publishBudget(this.budgetMs, false);
  }

  /** The thread's CPU clock when the run started (NaN without one), for the host's watchdog. */
  get cpuAtStartMs(): number {
    return this.startCpuMs ?? Number.NaN;
  }

  /** Runs guest work, charging its time to the run. Nested slices are charged once. */
  slice<T>(work: () => T): T {
    if (this.inSlice) return work();
    this.inSlice = true;
    this.sliceStart = performance.now();
    this.control.publishSlice(this.charged, epochNow());
    try {
      return work();
    } finally {
      this.charged += performance.now() - this.sliceStart;
      this.inSlice = false;
      this.control.publishSlice(this.charged, 0);
    }
  }

  /**
   * Runs work that blocks inside a slice without being the guest's (a WASM call made synchronously, whose time its own
   * budget counts): its time is not charged, and the host's watchdog sees the slice paused meanwhile.
   */
  unmetered<T>(work: () => T): T {
    if (!this.inSlice) return work();
    this.charged += performance.now() - this.sliceStart;
    this.control.publishSlice(this.charged, 0);
    try {
      return work();
    } finally {
      this.sliceStart = performance.now();
      this.control.publishSlice(this.charged, epochNow());
    }
  }

  /** CPU charged so far, the current slice included. */
  used(): number {
    return this.charged + (this.inSlice ? performance.now() - this.sliceStart : 0);
  }

  /** Charged for completed slices. */
  get chargedMs(): number {
    return this.charged;
  }

  /**
   * True when the run has spent its budget. Wall-clock slices are an upper bound of CPU time: only when they exceed the
   * budget is the thread's clock read, and what the thread spent waiting for a core is credited back. The next read
   * then comes only once the slices have caught up with the budget again, so the clock is read rarely.
   */
  spent(): boolean {
    const used = this.used();
    if (used <= this.budgetMs) return false;
    if (!this.threadCpu || this.startCpuMs === undefined) return true;
    const real = this.threadCpu.cpuMs() - this.startCpuMs;
    if (real > this.budgetMs) return true;
    this.charged -= used - real;
    return false;
  }
}

/**
 * The run's meter, started now: budgeted for loading its modules (task.loadCpuMs), with the run marked started in its
 * control block (from here the host's watchdog watches it, and a stop finds it running, not queued).
 */
export function startCpuMeter(task: Pick<WorkerTask, "loadCpuMs" | "limits">, control: RunControl): CpuMeter {
  const { threadCpu } = enginePowers();
  const meter = new CpuMeter(Math.max(task.loadCpuMs ?? 0, task.limits.cpuMs), control, threadCpu);
  control.markStarted(threadCpu?.threadId ?? 0, meter.cpuAtStartMs);
  return meter;
}
