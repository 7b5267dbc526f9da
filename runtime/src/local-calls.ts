// Owns the host-module calls a run's worker makes itself (task.workerModules, from the dispatcher's workerModules():
// the registry's WASM modules), so that they skip the two hops through the main thread. The module at the task's
// URL is loaded once per worker (prepareLocalCalls, before the run starts); each call's arguments are decoded here,
// made by it, and its answer encoded and size-checked as the main thread's host-calls.ts would, then delivered
// like any reply. The main thread sends such tasks only for runs with no policy, journal or trace (run-path.ts).
// A call is admitted when the guest makes it (its budgets counted then) and, when the entry can (admit/makeNow) and
// no call before it is still to be made, made at once while the guest calls (callNow): its answer joins the replies
// at once, delivered between turns as any reply is (guest-calls.ts; the blocked time is not the guest's CPU).
// Else it is sent: made by makeNow(), which the run's loop calls before it waits, synchronously when it can; calls
// that cannot be made now (the entry's later()) go as promises answered on this thread's event loop. A call makeNow()
// was not given the chance to make (the run's loop went elsewhere) goes on its way at the next microtask checkpoint.
// Refuses answers over limits.hostDataBytes (ending the run), and answers that arrive after the run ended.

import { decodeValue, encodeValue, encodedSize } from "./codec.js";
import { thrownText } from "./errors.js";
import { thrownInfo, thrownReply, uncrossableReply } from "./host-errors.js";
import { CONTROL, RunControl } from "./control.js";
import { enginePowers } from "./engine-powers.js";
import type { WorkerModules } from "./bridge.js";
import type { HostCallMessage, HostReplyMessage, WorkerTask } from "./protocol.js";

/** What the module at WorkerModules.url exports. */
interface WorkerModulesEntry {
  /** `load`: runs in flight in the run's pool, this one included (undefined where the pool does not count them). */
  openWorkerModules(modules: Record<string, unknown>, stopped: () => boolean, load?: () => number): WorkerModulesRun;
  /** Optional: starts what the calls need (an executor thread) in the background, once per worker. */
  prepareWorkerModules?(): void;
}
interface WorkerModulesRun {
  handles(id: string): boolean;
  /** `argsOwned` is true: the arguments were decoded for this call alone, so the entry may take their bytes away. */
  call(id: string, exportName: string, args: unknown[], argsOwned?: boolean): Promise<unknown>;
  end(): void;
  /** Optional, all three or none: a call checked and counted now (throws its refusal), with `alongside` calls of
   * its module counted as in flight besides those not answered yet, ... */
  admit?(id: string, exportName: string, args: unknown[], argsOwned?: boolean, alongside?: number): unknown;
  /** ... made now, blocking (throws its refusal), or undefined when it cannot be made now ... */
  makeNow?(admitted: unknown): { value: unknown } | undefined;
  /** ... then made as a promise, after the calls before it. */
  later?(admitted: unknown): Promise<unknown>;
}

const loaded = new Map<string, Promise<WorkerModulesEntry>>();
const ready = new Map<string, WorkerModulesEntry>();

/** Loads the task's worker-modules entry (once per worker and URL); awaited before the run starts. */
export async function prepareLocalCalls(task: WorkerTask): Promise<void> {
  const url = task.workerModules?.url;
  if (!url || ready.has(url)) return;
  let loading = loaded.get(url);
  if (!loading) {
    loading = (import(/* @vite-ignore */ url) as Promise<WorkerModulesEntry>).then((entry) => {
      entry.prepareWorkerModules?.();
      return entry;
    });
    loaded.set(url, loading);
  }
  ready.set(url, await loading);
}

/** One run's local calls: `send` takes a call when it is one of them (its reply goes to `receive`), else false. */
export interface LocalCalls {
  send(message: HostCallMessage): boolean;
  /**
   * Takes a call and makes it at once, blocking this thread, when it is one of these and no call sent before it is
   * still to be made: its reply, for the caller to give the guest. SENT when it was taken but must be made later (as
   * by send: its reply goes to `receive`); false when it is not one of these. `alongside`: calls to its module
   * answered at once whose answers are not delivered yet, which count as in flight as they would through the main
   * thread.
   */
  callNow(message: HostCallMessage, alongside?: number): HostReplyMessage | typeof SENT | false;
  /** Makes the calls sent since the last time, now (blocking this thread): their answers join the run's replies. */
  makeNow(): void;
  end(): void;
  /** Calls made here whose answer has not been delivered yet (their answers settle on this thread's event loop). */
  pending(): number;
  /** Calls made here, by what they named ("@capsule/checksum.crc32"), when there were any. */
  targets(): Record<string, number> | undefined;
}

/** callNow()'s answer for a call taken to be made later. */
export const SENT = "sent";

export function openLocalCalls(task: WorkerTask, receive: (reply: HostReplyMessage) => void): LocalCalls | undefined {
  const spec: WorkerModules | undefined = task.workerModules;
  const entry = spec && ready.get(spec.url);
  if (!spec || !entry) return undefined;
  const control = new RunControl(task.control);
  const run = entry.openWorkerModules(spec.modules, () => control.state !== CONTROL.RUNNING, enginePowers().poolLoad);
  let open = true;
  /** Calls made, per module and export (named only when asked: a name built per call cost more than the count). */
  const made = new Map<string, Map<string, number>>();
  let inFlight = 0;
  let drainQueued = false;
  const answer = (reply: HostReplyMessage) => {
    inFlight--;
    if (open) receive(reply);
  };
  const { admit, makeNow, later } = run;
  const admits = admit && makeNow && later ? { admit: admit.bind(run), makeNow: makeNow.bind(run), later: later.bind(run) } : undefined;
  /** Calls sent and not made yet, in order: admitted (or refused) by the entry. */
  const queue: Array<{ message: HostCallMessage; admitted?: unknown; refused?: { error: unknown } }> = [];
  const drain = (now: boolean) => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { message } = item;
      if (item.refused) {
        answer(refusedReply(message, item.refused.error));
        continue;
      }
      if (now) {
        let value: { value: unknown } | undefined;
        try {
          value = admits!.makeNow(item.admitted);
        } catch (error) {
          answer(refusedReply(message, error));
          continue;
        }
        if (value) {
          answer(answeredReply(message, value.value, task.limits.hostDataBytes));
          continue;
        }
      }
      void admits!.later(item.admitted).then((value) => answeredReply(message, value, task.limits.hostDataBytes), (error) => refusedReply(message, error)).then(answer);
    }
  };
  /** Counts a call when it is one of these (false when it is not). */
  const count = (message: HostCallMessage): message is HostCallMessage & { module: string } => {
    if (message.module === undefined || !run.handles(message.module)) return false;
    let byExport = made.get(message.module);
    if (!byExport) made.set(message.module, (byExport = new Map()));
    byExport.set(message.fn, (byExport.get(message.fn) ?? 0) + 1);
    inFlight++;
    return true;
  };
  /** Counts a call of these and admits it (or records its refusal); false when it is not one of these. */
  const take = (message: HostCallMessage, alongside = 0): (typeof queue)[number] | false => {
    if (!count(message)) return false;
    try {
      return { message, admitted: admits!.admit(message.module, message.fn, decodeValue(message.args) as unknown[], true, alongside) };
    } catch (error) {
      return { message, refused: { error } };
    }
  };
  const send = (message: HostCallMessage): boolean => {
    if (!admits) {
      if (!count(message)) return false;
      void make(run, message, task.limits.hostDataBytes).then(answer);
      return true;
    }
    const item = take(message);
    if (!item) return false;
    queue.push(item);
    if (!drainQueued) {
      drainQueued = true;
      queueMicrotask(() => {
        drainQueued = false;
        drain(false);
      });
    }
    return true;
  };
  return {
    send,
    callNow(message, alongside) {
      if (!admits || queue.length > 0) return send(message) && SENT;
      const item = take(message, alongside);
      if (!item) return false;
      let value: { value: unknown } | undefined;
      try {
        if (item.refused) throw item.refused.error;
        value = admits.makeNow(item.admitted);
      } catch (error) {
        inFlight--;
        return refusedReply(message, error);
      }
      if (!value) {
        queue.push(item);
        drain(false);
        return SENT;
      }
      inFlight--;
      return answeredReply(message, value.value, task.limits.hostDataBytes);
    },
    makeNow: () => drain(true),
    end() {
      open = false;
      run.end();
    },
    pending: () => inFlight,
    targets() {
      if (made.size === 0) return undefined;
      // Named as host-calls.ts names module calls: the specifier without its "wasm:" prefix, then the export.
      const named: Record<string, number> = {};
      for (const [module, byExport] of made) for (const [fn, count] of byExport) named[`${module.replace(/^wasm:/, "")}.${fn}`] = count;
      return named;
    },
  };
}

/** Makes one call as a promise and says what the guest is told (an entry without admit/makeNow/later). */
async function make(run: WorkerModulesRun, message: HostCallMessage, hostDataBytes: number): Promise<HostReplyMessage> {
  try {
    return answeredReply(message, await run.call(message.module!, message.fn, decodeValue(message.args) as unknown[], true), hostDataBytes);
  } catch (error) {
    return refusedReply(message, error);
  }
}

/** A call's refusal, worded the way host-calls.ts words it. */
function refusedReply({ id }: HostCallMessage, error: unknown): HostReplyMessage {
  return thrownReply(id, thrownInfo(error));
}

/** A call's answer, encoded and size-checked the way host-calls.ts does it. */
function answeredReply({ id, ns, fn }: HostCallMessage, value: unknown, hostDataBytes: number): HostReplyMessage {
  // A finite number (most scalar exports' answer) encodes as JSON.stringify would write it, without the codec's walk.
  if (typeof value === "number" && Number.isFinite(value) && !Object.is(value, -0)) return { t: "ok", id, value: { json: `{"v":${value}}`, tagged: false, side: [] } };
  let encoded: ReturnType<typeof encodeValue>;
  try {
    encoded = encodeValue(value, hostDataBytes);
  } catch (error) {
    return uncrossableReply(id, ns, fn, thrownText(error));
  }
  if (!encoded.ok && encoded.tooLarge) return { t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned more than ${hostDataBytes} bytes, over limits.hostDataBytes (${hostDataBytes})` };
  if (!encoded.ok) return uncrossableReply(id, ns, fn, encoded.message);
  const size = encodedSize(encoded.encoded);
  if (size > hostDataBytes) return { t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned ${size} bytes, over limits.hostDataBytes (${hostDataBytes})` };
  return { t: "ok", id, value: encoded.encoded };
}
