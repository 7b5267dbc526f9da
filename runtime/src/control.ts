// Owns a run's control block: memory shared by the host and the worker running the run. The host writes why the run
// must stop, and bumps a wake word whenever it posted the worker something (a host-call answer) or asked it to stop;
// the worker writes that it took the run, its thread id, its thread's CPU clock at the start, and how much CPU the
// guest has been charged, so the host's watchdog can end a guest that never reaches its interrupt handler.
// Refuses nothing. In a page that is not cross-origin isolated the block is a copy, not shared: nothing crosses.

/** Why a run must stop (the state word). */
export const CONTROL = { RUNNING: 0, WALL_TIME: 1, CANCELLED: 2, CPU_TIME: 3 } as const;
export type StopValue = typeof CONTROL.WALL_TIME | typeof CONTROL.CANCELLED | typeof CONTROL.CPU_TIME;

export const CONTROL_BYTES = 56;
// Int32 words.
const STATE = 0;
const STARTED = 1;
const THREAD_ID = 2;
/** Bumped (and notified) by the host after each message it posts to the worker and on a stop request. */
const WAKE = 3;
// Float64 words (bytes 16, 24, 32, 40, 48).
const CHARGED_MS = 2;
const SLICE_SINCE = 3;
const CPU_AT_START_MS = 4;
/** The CPU budget in force (ms): the modules' load budget while they load, then what loading spent plus cpuMs. */
const BUDGET_MS = 5;
/** 1 while the run's modules are being evaluated, 0 after. */
const LOADING = 6;

export class RunControl {
  readonly words: Int32Array;
  private readonly clocks: Float64Array;

  constructor(readonly buffer: SharedArrayBuffer | ArrayBuffer) {
    this.words = new Int32Array(buffer, 0, 4);
    this.clocks = new Float64Array(buffer, 0, CONTROL_BYTES / 8);
    this.shared = typeof SharedArrayBuffer !== "undefined" && buffer instanceof SharedArrayBuffer;
  }

  static create(): RunControl {
    // A page that is not cross-origin isolated has no shared memory: its runner terminates workers to stop them.
    const shared = typeof SharedArrayBuffer === "function" && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
    return new RunControl(shared ? new SharedArrayBuffer(CONTROL_BYTES) : new ArrayBuffer(CONTROL_BYTES));
  }

  /** Whether the block is shared memory (then stops and wake-ups reach the worker without a message). */
  readonly shared: boolean;

  get state(): number {
    return Atomics.load(this.words, STATE);
  }

  /** Flips a running run's state to `value` and wakes its worker; false if the run was already stopping. */
  requestStop(value: StopValue): boolean {
    if (Atomics.compareExchange(this.words, STATE, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return false;
    Atomics.notify(this.words, STATE);
    this.wake();
    return true;
  }

  /** Wakes a worker blocked in waitForWake() (call after posting it a message). No-op when nothing waits. */
  wake(): void {
    if (!this.shared) return;
    Atomics.add(this.words, WAKE, 1);
    Atomics.notify(this.words, WAKE);
  }

  // ---- written by the worker

  /** A worker took the run: its thread id (0 when unknown) and its thread's CPU clock now (ms, NaN when unknown). */
  markStarted(threadId: number, cpuAtStartMs: number): void {
    this.clocks[CPU_AT_START_MS] = cpuAtStartMs;
    Atomics.store(this.words, THREAD_ID, threadId);
    Atomics.store(this.words, STARTED, 1);
  }

  /** The CPU budget now in force, and whether it is the budget for loading the run's modules. */
  publishBudget(budgetMs: number, loading: boolean): void {
    this.clocks[BUDGET_MS] = budgetMs;
    this.clocks[LOADING] = loading ? 1 : 0;
  }

  /** The guest entered a slice of work at `epochMs` (performance.timeOrigin + performance.now()), or left it (0). */
  publishSlice(chargedMs: number, sinceEpochMs: number): void {
    this.clocks[CHARGED_MS] = chargedMs;
    this.clocks[SLICE_SINCE] = sinceEpochMs;
  }

  /** The wake word now: read it before looking for messages, then pass it to waitForWake() (no wake-up is lost). */
  get wakeSeq(): number {
    return Atomics.load(this.words, WAKE);
  }

  /**
   * Blocks this thread until the host bumps the wake word past `seen` (a message was posted, or a stop asked). Only
   * in a worker, only over shared memory: a worker's host call has nothing else to do while it waits, and a blocked
   * thread wakes ~an event-loop turn sooner than one waiting on its message port.
   */
  waitForWake(seen: number): void {
    Atomics.wait(this.words, WAKE, seen);
  }

  // ---- read by the host

  get started(): boolean {
    return Atomics.load(this.words, STARTED) === 1;
  }

  get threadId(): number {
    return Atomics.load(this.words, THREAD_ID);
  }

  get cpuAtStartMs(): number {
    return this.clocks[CPU_AT_START_MS];
  }

  /** The CPU budget the worker last published (0 before it published one). */
  get budgetMs(): number {
    return this.clocks[BUDGET_MS];
  }

  /** True while the worker is evaluating the run's modules. */
  get loadingModules(): boolean {
    return this.clocks[LOADING] === 1;
  }

  /** The guest's CPU time as the worker last published it, plus the slice it is in: an upper bound of its real CPU time. */
  estimatedCpuMs(nowEpochMs: number): number {
    const since = this.clocks[SLICE_SINCE];
    return this.clocks[CHARGED_MS] + (since > 0 ? Math.max(0, nowEpochMs - since) : 0);
  }
}

/** Milliseconds since the epoch on a clock every thread of the process shares. */
export const epochNow = () => performance.timeOrigin + performance.now();
