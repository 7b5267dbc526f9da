// Owns the host-module calls a run's worker makes itself (task.workerModules, from the dispatcher's workerModules():
// the registry's WASM modules), so that they skip the two hops through the main thread. The module at the task's
// URL is loaded once per worker (prepareLocalCalls, before the run starts); each call's arguments are decoded here,
// made by it, and its answer encoded and size-checked as the main thread's host-calls.ts would, then delivered
// like any reply. The main thread sends such tasks only for runs with no policy, journal or trace (run-path.ts).
// A call is admitted when the guest makes it (its budgets counted then), and made by makeNow(), which the run's loop
// calls before it waits, outside the guest's slices: synchronously, when the entry can (admit/makeNow), so the
// answer is among the replies with no promise or event-loop turn in between; else, and for calls that cannot be
// made now (the entry's later()), as promises answered on this thread's event loop. A call makeNow() was not given
// the chance to make (the run's loop went elsewhere) goes on its way as a promise at the next microtask checkpoint.
// Refuses answers over limits.hostDataBytes (ending the run), and answers that arrive after the run ended.

import { decodeValue, encodeValue, encodedSize } from "./codec.js";
import { scrubHostDetails } from "./errors.js";
import { CONTROL, RunControl } from "./control.js";
import type { WorkerModules } from "./bridge.js";
import type { HostCallMessage, HostReplyMessage, WorkerTask } from "./protocol.js";

/** What the module at WorkerModules.url exports. */
interface WorkerModulesEntry {
  openWorkerModules(modules: Record<string, unknown>, stopped: () => boolean): WorkerModulesRun;
  /** Optional: starts what the calls need (an executor thread) in the background, once per worker. */
  prepareWorkerModules?(): void;
}
interface WorkerModulesRun {
  handles(id: string): boolean;
  /** `argsOwned` is true: the arguments were decoded for this call alone, so the entry may take their bytes away. */
  call(id: string, exportName: string, args: unknown[], argsOwned?: boolean): Promise<unknown>;
  end(): void;
  /** Optional, all three or none: a call checked and counted now (throws its refusal), ... */
  admit?(id: string, exportName: string, args: unknown[], argsOwned?: boolean): unknown;
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
  /** Makes the calls sent since the last time, now (blocking this thread): their answers join the run's replies. */
  makeNow(): void;
  end(): void;
  /** Calls made here whose answer has not been delivered yet (their answers settle on this thread's event loop). */
  pending(): number;
  /** Calls made here, by what they named ("@capsule/checksum.crc32"), when there were any. */
  targets(): Record<string, number> | undefined;
}

export function openLocalCalls(task: WorkerTask, receive: (reply: HostReplyMessage) => void): LocalCalls | undefined {
  const spec: WorkerModules | undefined = task.workerModules;
  const entry = spec && ready.get(spec.url);
  if (!spec || !entry) return undefined;
  const control = new RunControl(task.control);
  const run = entry.openWorkerModules(spec.modules, () => control.state !== CONTROL.RUNNING);
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
  return {
    send(message) {
      if (message.module === undefined || !run.handles(message.module)) return false;
      let byExport = made.get(message.module);
      if (!byExport) made.set(message.module, (byExport = new Map()));
      byExport.set(message.fn, (byExport.get(message.fn) ?? 0) + 1);
      inFlight++;
      if (!admits) {
        void make(run, message, task.limits.hostDataBytes).then(answer);
        return true;
      }
      try {
        queue.push({ message, admitted: admits.admit(message.module, message.fn, decodeValue(message.args) as unknown[], true) });
      } catch (error) {
        queue.push({ message, refused: { error } });
      }
      if (!drainQueued) {
        drainQueued = true;
        queueMicrotask(() => {
          drainQueued = false;
          drain(false);
        });
      }
      return true;
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
  const name = error instanceof Error && typeof error.name === "string" ? error.name : "Error";
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  const worded = typeof code === "string" && !text.startsWith(code) ? `${code}: ${text}` : text;
  return { t: "err", id, name: scrubHostDetails(name).slice(0, 100), message: scrubHostDetails(worded) };
}

/** A call's answer, encoded and size-checked the way host-calls.ts does it. */
function answeredReply({ id, ns, fn }: HostCallMessage, value: unknown, hostDataBytes: number): HostReplyMessage {
  // A finite number (most scalar exports' answer) encodes as JSON.stringify would write it, without the codec's walk.
  if (typeof value === "number" && Number.isFinite(value) && !Object.is(value, -0)) return { t: "ok", id, value: { json: `{"v":${value}}`, tagged: false, side: [] } };
  const encoded = encodeValue(value);
  if (!encoded.ok) return { t: "err", id, name: "TypeError", message: `${ns}.${fn} returned a value that cannot cross to the guest: ${encoded.message}` };
  const size = encodedSize(encoded.encoded);
  if (size > hostDataBytes) return { t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned ${size} bytes, over limits.hostDataBytes (${hostDataBytes})` };
  return { t: "ok", id, value: encoded.encoded };
}
