// Owns a run's calls out of the guest: host-function calls and host-module (bridge) calls become promises in the
// guest, cross to the host as one encoded copy each, and settle when the host's reply is delivered between turns,
// once the guest's job queue is empty. That holds for a call the worker makes itself at once (local-calls.ts
// callNow) too: its answer waits among the replies, so a call's promise settles at the same point in the guest's
// microtasks however it was answered (on a cold worker or a warm one, through the main thread or not).
// The promise is the guest's own (prelude.js awaitReply): a call answers the guest with its id, and a reply is one
// call of the prelude's settle or fail with that id — no promise capability made and settled through the FFI.
// At most limits.hostCallsInFlight calls are with the host at once; later ones wait in the run's queue, in order, and
// are sent as answers come back, so Promise.all over hundreds of calls works.
// Refuses calls the run was not given, and calls past limits.hostCalls, hostCallsQueued, hostCallsQueuedBytes or hostDataBytes (those end
// the run: the guest cannot catch its way past them).

import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { decodeValue, encodedSize } from "./codec.js";
import { callWithEncoded, newGuestError, readEncoded, type Fatal } from "./crossing.js";
import { readBinary, readsBinary } from "./binary-reader.js";
import type { GuestReturn } from "./template.js";
import { TOOL_HOST_PREFIX, type HostCallMessage, type HostReplyMessage, type WorkerTask } from "./protocol.js";
import { SENT, type LocalCalls } from "./local-calls.js";
import type { FastCalls } from "./fast-calls.js";

export interface CallPowers {
  ctx: QuickJSContext;
  /** The prelude's settle(id, json, tagged, side) and fail(id, error), and its codec's decode (the template's). */
  settle: QuickJSHandle;
  /** The prelude's join(value, key, ...parts): a table's parts joined into its place in an answer. */
  join: QuickJSHandle;
  fail: QuickJSHandle;
  decode: QuickJSHandle;
  /** Runs guest work, charging its CPU time to the run. */
  slice<T>(work: () => T): T;
  /** Ends the run with `fatal` (the first one wins). */
  fatal(fatal: Fatal): void;
  /** Runs host work that blocks inside a slice without charging its time to the guest (guest-cpu.ts). */
  unmetered<T>(work: () => T): T;
  /** The run's hot calls into the engine (fast-calls.ts). */
  fast: FastCalls;
}

type ToolInputCheck = typeof import("./tool-input.js").toolInputProblem;
let toolInputCheck: ToolInputCheck | undefined;

/** Loads the tool-input checker before a run that imports tools (kept out of every worker's start: tool-input.ts). */
export async function prepareToolInputs(task: Pick<WorkerTask, "toolInputs">): Promise<void> {
  if (task.toolInputs && !toolInputCheck) toolInputCheck = (await import("./tool-input.js")).toolInputProblem;
}

/**
 * The worker's verdict on a tool call's input, or undefined to leave the check to the host (no checker loaded).
 * A check that throws is a verdict too: handing it to the host would run the whole check again there, patterns
 * and all, on the thread every run shares.
 */
function checkToolInput(label: string, schema: string, args: HostCallMessage["args"]): { problem?: string } | undefined {
  if (!toolInputCheck) return undefined;
  try {
    return { problem: toolInputCheck(label, schema, decodeValue(args) as unknown[]) };
  } catch (error) {
    return { problem: `${label}: the input could not be checked against its schema (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** What a call says when its engine reads binary answers. */
const BINARY = { b: 1 } as const;

export class GuestCalls {
  made = 0;
  private nextId = 1;
  /** Ids of the calls made and not yet answered, with their arguments' encoded size. */
  private readonly pending = new Map<number, number>();
  /** Encoded bytes of the arguments of the pending calls: copies held outside the guest's memory. */
  private pendingBytes = 0;
  private readonly replies: HostReplyMessage[] = [];
  /** Calls waiting for one of the hostCallsInFlight places, oldest first. */
  private readonly queued: HostCallMessage[] = [];
  private sent = 0;
  private wake: (() => void) | undefined;
  /** The run's local calls, when its worker makes some itself (set by the run). */
  local: LocalCalls | undefined;
  /** Calls answered at once whose replies are not delivered yet, per module (answerNow). */
  private readonly answeredAtOnce = new Map<string, number>();

  /** Whether this run's engine reads binary answers (binary-reader.ts): its calls then say so (`b`). */
  private readonly binary: boolean;
  /** Parts of tables read ahead of their call's answer, per call id, in order. */
  private readonly parts = new Map<number, Array<{ value: QuickJSHandle } | { error: QuickJSHandle }>>();
  /** Whether the last deliver() only read parts (it settled no call: the guest did not run). */
  onlyParts = false;

  constructor(private readonly powers: CallPowers, private readonly task: WorkerTask) {
    this.binary = readsBinary(powers.ctx);
    this.targets = Object.entries(task.namespaces).flatMap(([ns, fns]) => fns.map((fn) => [ns, fn] as const));
  }

  /** Receives one reply from the host channel (it is delivered between turns). */
  readonly receive = (message: HostReplyMessage) => {
    this.replies.push(message);
    this.wake?.();
  };

  /** Calls made and not yet answered (sent or queued). */
  get waiting(): number {
    return this.pending.size;
  }

  get hasReplies(): boolean {
    return this.replies.length > 0;
  }

  /** Calls `onWake` once when the next reply arrives. */
  onNextReply(onWake: () => void): void {
    this.wake = () => {
      this.wake = undefined;
      onWake();
    };
  }

  /** The run's host functions as [namespace, name] pairs: the guest names one by its index here (prelude.js install). */
  readonly targets: ReadonlyArray<readonly [string, string]>;

  hostFunction(indexH: QuickJSHandle, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): GuestReturn {
    const { ctx } = this.powers;
    const index = ctx.typeof(indexH) === "number" ? ctx.getNumber(indexH) : -1;
    const target = this.targets[index];
    if (!target) return this.throwInGuest("TypeError", `host function #${index} is not a host function of this run`);
    return this.call({ ns: target[0], fn: target[1] }, jsonH, taggedH, sideH);
  }

  hostModule(idH: QuickJSHandle, fnH: QuickJSHandle, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): GuestReturn {
    const { ctx } = this.powers;
    const module = ctx.getString(idH);
    const fn = ctx.getString(fnH);
    if (!this.task.hostModules.includes(module)) return this.throwInGuest("TypeError", `host module "${module}" is not imported by this run`);
    return this.call({ ns: module, fn, module }, jsonH, taggedH, sideH);
  }

  /** Settles the guest promises of every reply that arrived, in arrival order. */
  deliver(): void {
    const { ctx, slice } = this.powers;
    this.answeredAtOnce.clear();
    let parts = 0;
    let settled = 0;
    while (this.replies.length > 0) {
      const reply = this.replies.shift()!;
      const size = this.pending.get(reply.id);
      if (size === undefined) continue;
      if (reply.t === "part") {
        parts++;
        this.readPart(reply.id, reply.bytes);
        continue;
      }
      settled++;
      this.pending.delete(reply.id);
      // Parts sent ahead of an answer that came another way (the JSON path took it, or the call failed) are dropped.
      if (reply.t !== "bin") this.dropParts(reply.id);
      this.pendingBytes -= size;
      this.sent--;
      this.sendQueued();
      if (reply.t === "fatal") {
        this.powers.fatal({ code: reply.code, message: reply.message });
        continue;
      }
      try {
        const settled = slice(() => {
          const id = ctx.newNumber(reply.id);
          try {
            if (reply.t === "ok") return callWithEncoded(ctx, this.powers.settle, [id], reply.value, this.powers.fast);
            if (reply.t === "bin") return this.settleBinary(id, reply);
            return newGuestError(ctx, this.powers.decode, reply).consume((error) => ctx.callFunction(this.powers.fail, ctx.undefined, id, error));
          } finally {
            id.dispose();
          }
        });
        if (settled.error) settled.error.dispose();
        else settled.value.dispose();
      } catch {
        // Settling ran guest code that was interrupted (a limit fired); the run's stop reason reports it.
      }
    }
    this.onlyParts = parts > 0 && settled === 0;
  }

  private call(target: { ns: string; fn: string; module?: string }, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): GuestReturn {
    const { ctx } = this.powers;
    const { port, limits } = this.task;
    const { ns, fn } = target;
    const args = readEncoded(ctx, jsonH, taggedH, sideH);
    if (!port) return this.throwInGuest("TypeError", `${ns}.${fn} cannot be called: this run has no host channel`);
    if ("code" in args) return this.throwFatal(args);
    if (this.made >= limits.hostCalls) {
      return this.throwFatal({ code: "E_HOST_CALL_LIMIT", message: `the guest made more than ${limits.hostCalls} host calls (limits.hostCalls)` });
    }
    if (this.queued.length >= limits.hostCallsQueued && this.sent >= limits.hostCallsInFlight) {
      return this.throwFatal({ code: "E_HOST_CALLS_IN_FLIGHT", message: `the guest had ${limits.hostCallsInFlight} host calls awaiting answers and ${limits.hostCallsQueued} more queued (limits.hostCallsInFlight, limits.hostCallsQueued); await them in smaller batches` });
    }
    const size = encodedSize(args);
    if (size > limits.hostDataBytes) {
      return this.throwFatal({ code: "E_HOST_DATA_TOO_LARGE", message: `arguments to ${ns}.${fn} encode to more than ${limits.hostDataBytes} bytes (limits.hostDataBytes)` });
    }
    if (this.pending.size > 0 && this.pendingBytes + size > limits.hostCallsQueuedBytes) {
      return this.throwFatal({ code: "E_HOST_CALLS_IN_FLIGHT", message: `the guest's host calls awaiting answers would hold ${this.pendingBytes + size} bytes of arguments, more than limits.hostCallsQueuedBytes (${limits.hostCallsQueuedBytes}); await them in smaller batches, or pass less data per call` });
    }
    this.made++;
    const id = this.nextId++;
    if (this.local && this.queued.length === 0 && target.module !== undefined) {
      // A call the worker makes itself is made at once when it can (local-calls.ts callNow), blocking this thread for
      // its answer outside the guest's metered time: no event-loop turn, no wait at the turn's end.
      const message: HostCallMessage = { t: "call", id, ns, fn, module: target.module, args };
      const alongside = this.answeredAtOnce.get(target.module) ?? 0;
      const now = this.powers.unmetered(() => this.local!.callNow(message, alongside));
      if (now === SENT) {
        this.sent++;
        this.track(id, size);
        return ctx.newNumber(id);
      }
      if (now) return this.answerNow(now, size, target.module);
    }
    this.track(id, size);
    const schema = target.module !== undefined ? this.task.toolInputs?.[target.module]?.[fn] : undefined;
    // A tool's input is checked here, on the guest's own thread and CPU, not on the host's (tool-input.ts).
    // Without the checker (never loaded: a host whose worker cannot import it) the host checks the input itself.
    const input = schema === undefined ? undefined : checkToolInput(`${ns.slice(TOOL_HOST_PREFIX.length)} ${fn}`, schema, args);
    this.queued.push({ t: "call", id, ns, fn, module: target.module, args, ...(input ? { input } : {}), ...(this.binary ? BINARY : {}) });
    this.sendQueued();
    return ctx.newNumber(id);
  }

  /** Settles call `id` with a binary answer the engine reads (binary-reader.ts), or rejects it with why it could not. */
  private settleBinary(id: QuickJSHandle, reply: Extract<HostReplyMessage, { t: "bin" }>) {
    const { ctx, fail } = this.powers;
    const parts = this.parts.get(reply.id) ?? [];
    this.parts.delete(reply.id);
    const failWith = (error: QuickJSHandle) => error.consume((e) => ctx.callFunction(fail, ctx.undefined, id, e));
    try {
      const broken = parts.find((part): part is { error: QuickJSHandle } => "error" in part);
      if (broken) return failWith(broken.error.dup());
      if (reply.parts && reply.parts.count !== parts.length) {
        return failWith(ctx.newError({ name: "TypeError", message: `the answer's table came in ${parts.length} parts of ${reply.parts.count}` }));
      }
      const read = readBinary(ctx, reply.bytes);
      if ("error" in read) return failWith(read.error);
      return read.value.consume((value) => {
        const { parts: place } = reply;
        if (!place) return this.settleMade(id, value);
        // The parts joined into the table's place (prelude.js join), with no guest code in reach.
        const key = place.key === undefined ? ctx.undefined : ctx.newString(place.key);
        const joined = ctx.callFunction(this.powers.join, ctx.undefined, value, key, ...parts.map((part) => (part as { value: QuickJSHandle }).value));
        if (place.key !== undefined) key.dispose();
        if (joined.error) return failWith(joined.error);
        return joined.value.consume((whole) => this.settleMade(id, whole));
      });
    } finally {
      for (const part of parts) ("error" in part ? part.error : part.value).dispose();
    }
  }

  /** Settles call `id` with a value the engine already built (the prelude's settle, tagged 2). */
  private settleMade(id: QuickJSHandle, value: QuickJSHandle) {
    const { ctx, settle } = this.powers;
    return ctx.newNumber(2).consume((two) => ctx.callFunction(settle, ctx.undefined, id, value, two));
  }

  /** Reads a part of a table sent ahead of call `id`'s answer (answer-table.ts), charged to the run like its answer. */
  private readPart(id: number, bytes: Uint8Array): void {
    let held = this.parts.get(id);
    if (!held) this.parts.set(id, (held = []));
    try {
      held.push(this.powers.slice(() => readBinary(this.powers.ctx, bytes)));
    } catch {
      // The read was interrupted (a limit fired): the run's stop reason reports it.
    }
  }

  /** Disposes the parts read for call `id`, or (no id: the run ended) for every call. */
  dropParts(id?: number): void {
    for (const [call, held] of this.parts) {
      if (id !== undefined && call !== id) continue;
      for (const part of held) ("error" in part ? part.error : part.value).dispose();
      this.parts.delete(call);
    }
  }

  private track(id: number, size: number): void {
    this.pending.set(id, size);
    this.pendingBytes += size;
  }

  /**
   * A reply made while the guest was calling: delivered between turns like any reply. Until then the call counts as
   * in flight for its module's budget (`alongside` of the calls after it), as a call on its way would: so
   * Promise.all over more calls than a module's inFlight is refused, while calls awaited one by one never are.
   */
  private answerNow(reply: HostReplyMessage, size: number, module: string): GuestReturn {
    if (reply.t === "fatal") return this.throwFatal({ code: reply.code, message: reply.message });
    this.sent++;
    this.track(reply.id, size);
    this.replies.push(reply);
    this.answeredAtOnce.set(module, (this.answeredAtOnce.get(module) ?? 0) + 1);
    return this.powers.ctx.newNumber(reply.id);
  }

  /** Sends queued calls while there are places among the hostCallsInFlight. */
  private sendQueued(): void {
    while (this.queued.length > 0 && this.sent < this.task.limits.hostCallsInFlight) {
      this.sent++;
      const message = this.queued.shift()!;
      // Calls the worker makes itself (local-calls.ts) skip the main thread; their replies come back through receive.
      if (!this.local?.send(message)) this.task.port!.postMessage(message);
    }
  }

  private throwInGuest(name: string, message: string): GuestReturn {
    return { error: this.powers.ctx.newError({ name, message }) };
  }

  private throwFatal(fatal: Fatal): GuestReturn {
    this.powers.fatal(fatal);
    return this.throwInGuest("CapsuleLimitError", fatal.message);
  }
}
