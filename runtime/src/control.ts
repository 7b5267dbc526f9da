// Owns a run's control block: memory shared by the host and the worker running the run. The host writes why the run
// must stop; the worker writes that it took the run, its thread id, its thread's CPU clock at the start, and how much
// CPU the guest has been charged, so the host's watchdog can end a guest that never reaches its interrupt handler.
// Refuses nothing. In a page that is not cross-origin isolated the block is a copy, not shared: nothing crosses.

/** Why a run must stop (the state word). */
export const CONTROL = { RUNNING: 0, WALL_TIME: 1, CANCELLED: 2, CPU_TIME: 3 } as const;
export type StopValue = typeof CONTROL.WALL_TIME | typeof CONTROL.CANCELLED | typeof CONTROL.CPU_TIME;

export const CONTROL_BYTES = 40;
// Int32 words.
const STATE = 0;
const STARTED = 1;
const THREAD_ID = 2;
// Float64 words (bytes 16, 24, 32).
const CHARGED_MS = 2;
const SLICE_SINCE = 3;
const CPU_AT_START_MS = 4;

export class RunControl {
  readonly words: Int32Array;
  private readonly clocks: Float64Array;

  constructor(readonly buffer: SharedArrayBuffer | ArrayBuffer) {
    this.words = new Int32Array(buffer, 0, 4);
    this.clocks = new Float64Array(buffer, 0, CONTROL_BYTES / 8);
  }

  static create(): RunControl {
    // A page that is not cross-origin isolated has no shared memory: its runner terminates workers to stop them.
    const shared = typeof SharedArrayBuffer === "function" && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
    return new RunControl(shared ? new SharedArrayBuffer(CONTROL_BYTES) : new ArrayBuffer(CONTROL_BYTES));
  }

  get shared(): boolean {
    return typeof SharedArrayBuffer !== "undefined" && this.buffer instanceof SharedArrayBuffer;
  }

  get state(): number {
    return Atomics.load(this.words, STATE);
  }

  /** Flips a running run's state to `value` and wakes its worker; false if the run was already stopping. */
  requestStop(value: StopValue): boolean {
    if (Atomics.compareExchange(this.words, STATE, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return false;
    Atomics.notify(this.words, STATE);
    return true;
  }

  // ---- written by the worker

  /** A worker took the run: its thread id (0 when unknown) and its thread's CPU clock now (ms, NaN when unknown). */
  markStarted(threadId: number, cpuAtStartMs: number): void {
    this.clocks[CPU_AT_START_MS] = cpuAtStartMs;
    Atomics.store(this.words, THREAD_ID, threadId);
    Atomics.store(this.words, STARTED, 1);
  }

  /** The guest entered a slice of work at `epochMs` (performance.timeOrigin + performance.now()), or left it (0). */
  publishSlice(chargedMs: number, sinceEpochMs: number): void {
    this.clocks[CHARGED_MS] = chargedMs;
    this.clocks[SLICE_SINCE] = sinceEpochMs;
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

  /** The guest's CPU time as the worker last published it, plus the slice it is in: an upper bound of its real CPU time. */
  estimatedCpuMs(nowEpochMs: number): number {
    const since = this.clocks[SLICE_SINCE];
    return this.clocks[CHARGED_MS] + (since > 0 ? Math.max(0, nowEpochMs - since) : 0);
  }
}

/** Milliseconds since the epoch on a clock every thread of the process shares. */
export const epochNow = () => performance.timeOrigin + performance.now();
