// Owns sharing one sandbox fairly among the sessions of a Capsule MCP server: each session (one McpServer, one
// transport) runs through its own lane; at most `slots` runs are handed to the sandbox at once (its workers), and when
// one ends the next comes from the lane after the last one served (round robin), so a session that sends a hundred
// execute_code calls waits behind itself, not in front of every other session. Before this, every call went straight
// into the pool's one FIFO queue, whose waiting counts against a run's wallMs: a flood from one session made every other
// session's runs time out in the queue.
// Refuses a call when its session already has RUNS_QUEUED_PER_SESSION waiting (E_SESSION_BUSY): the sources of an
// unbounded flood were held in memory. A call whose signal aborts while it waits leaves its lane and is handed to the
// sandbox at once, which answers it E_CANCELLED without a worker.

import { availableParallelism } from "node:os";
import type { RunRequest, RunResult } from "@capsule/runtime";

/** What the lanes need of a sandbox: the runtime's Sandbox fits. */
export interface RunsPrograms {
  run(request: RunRequest): Promise<RunResult>;
}

/** Calls one session may have waiting for a place (beyond those running). */
export const RUNS_QUEUED_PER_SESSION = 32;

/** A call taken (its result to come), or refused because its session has too many waiting. */
export type Enqueued = { ok: true; result: Promise<RunResult> } | { ok: false; code: "E_SESSION_BUSY"; message: string };

/** One session's way into the shared sandbox. */
export interface SessionRuns {
  enqueue(request: RunRequest): Enqueued;
}

interface Waiting {
  request: RunRequest;
  settle(result: Promise<RunResult>): void;
  unlisten(): void;
}

class Lane implements SessionRuns {
  readonly waiting: Waiting[] = [];
  constructor(private readonly owner: FairRuns) {}
  enqueue(request: RunRequest): Enqueued {
    return this.owner.enqueue(this, request);
  }
}

export class FairRuns {
  private running = 0;
  /** Lanes with calls waiting, the next to be served first. */
  private readonly turn: Lane[] = [];

  constructor(
    private readonly sandbox: RunsPrograms,
    /** Runs handed to the sandbox at once: its worker count (the runtime's default is availableParallelism()). */
    private readonly slots: number = availableParallelism(),
    private readonly queuedPerSession: number = RUNS_QUEUED_PER_SESSION,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new TypeError(`concurrent runs must be a positive integer, not ${slots}`);
  }

  /** A new session's lane. */
  lane(): SessionRuns {
    return new Lane(this);
  }

  enqueue(lane: Lane, request: RunRequest): Enqueued {
    if (this.running < this.slots && this.turn.length === 0) return { ok: true, result: this.start(request) };
    if (lane.waiting.length >= this.queuedPerSession) {
      return {
        ok: false,
        code: "E_SESSION_BUSY",
        message: `this session already has ${this.queuedPerSession} execute_code calls waiting for a place beside ${this.running} running; await their answers before sending more (or cancel some)`,
      };
    }
    let settle!: (result: Promise<RunResult>) => void;
    const result = new Promise<RunResult>((resolve) => (settle = resolve));
    const signal = request.signal;
    const onAbort = () => {
      const at = lane.waiting.indexOf(entry);
      if (at < 0) return;
      lane.waiting.splice(at, 1);
      if (lane.waiting.length === 0) this.leaveTurn(lane);
      settle(this.sandbox.run(request)); // aborted: the sandbox answers E_CANCELLED without taking a worker
    };
    const entry: Waiting = { request, settle, unlisten: () => signal?.removeEventListener("abort", onAbort) };
    signal?.addEventListener("abort", onAbort, { once: true });
    if (lane.waiting.push(entry) === 1) this.turn.push(lane);
    return { ok: true, result };
  }

  private start(request: RunRequest): Promise<RunResult> {
    this.running++;
    const ran = this.sandbox.run(request);
    const next = () => {
      this.running--;
      this.serveNext();
    };
    ran.then(next, next);
    return ran;
  }

  /** Hands the sandbox the first call of the lane whose turn it is; that lane, if it has more, goes to the back. */
  private serveNext(): void {
    while (this.running < this.slots && this.turn.length > 0) {
      const lane = this.turn.shift()!;
      const entry = lane.waiting.shift()!;
      if (lane.waiting.length > 0) this.turn.push(lane);
      entry.unlisten();
      entry.settle(this.start(entry.request));
    }
  }

  private leaveTurn(lane: Lane): void {
    const at = this.turn.indexOf(lane);
    if (at >= 0) this.turn.splice(at, 1);
  }
}
