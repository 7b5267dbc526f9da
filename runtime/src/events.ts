// Owns a run's trace: a stable vocabulary of events, numbered in order and stamped with the run's id, delivered to
// the sandbox's and the run's listeners. Refuses nothing; a listener that throws is isolated from the run.
// Events are made on the main thread from what actually crossed (calls, console lines, limits), so a guest can
// neither forge an event nor hide a call from it.

export type CallKind = "host-function" | "host-module" | "wasm";

export type RunEventBody =
  | { type: "run.start"; filename: string; seed: number; now: number; limits: Record<string, number> }
  | {
      type: "call";
      kind: CallKind;
      /** "users.find", or the host id (e.g. "capsule.csv", "wasm:@capsule/checksum") and export. */
      target: string;
      export: string;
      durationMs: number;
      ok: boolean;
      /** Error code when the call failed or was denied (E_POLICY_DENIED, a host module's code, …). */
      code?: string;
      argsBytes: number;
      resultBytes: number;
      /** Present only with `traceData: true`. */
      args?: unknown[];
      result?: unknown;
    }
  | { type: "policy"; target: string; export: string; allowed: boolean; reason?: string; waitedMs: number }
  | { type: "console"; level: string; message: string }
  | { type: "limit"; code: string; message: string }
  | { type: "run.end"; ok: boolean; code?: string; stats: Record<string, unknown> };

export type RunEvent = RunEventBody & { runId: string; seq: number; atMs: number };

export type EventListener = (event: RunEvent) => void;

export class RunTrace {
  private seq = 0;
  private readonly started = performance.now();
  constructor(readonly runId: string, private readonly listeners: EventListener[]) {}

  get active(): boolean {
    return this.listeners.length > 0;
  }

  emit(body: RunEventBody): void {
    if (this.listeners.length === 0) return;
    const event = Object.freeze({ ...body, runId: this.runId, seq: ++this.seq, atMs: performance.now() - this.started }) as RunEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure must not change the run.
      }
    }
  }
}
