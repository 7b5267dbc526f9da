// Owns the host-module calls a run's worker makes itself (task.workerModules, from the dispatcher's workerModules():
// the registry's WASM modules), so that they skip the two hops through the main thread. The module at the task's
// URL is loaded once per worker (prepareLocalCalls, before the run starts); each call's arguments are decoded here,
// made by it, and its answer encoded and size-checked as the main thread's host-calls.ts would, then delivered
// like any reply. The main thread sends such tasks only for runs with no policy, journal or trace (run-path.ts).
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
  let made: Record<string, number> | undefined;
  let inFlight = 0;
  const answer = (reply: HostReplyMessage) => {
    inFlight--;
    if (open) receive(reply);
  };
  return {
    send(message) {
      if (message.module === undefined || !run.handles(message.module)) return false;
      // Named as host-calls.ts names module calls: the specifier without its "wasm:" prefix, then the export.
      const named = `${message.module.replace(/^wasm:/, "")}.${message.fn}`;
      (made ??= {})[named] = (made[named] ?? 0) + 1;
      inFlight++;
      void make(run, message, task.limits.hostDataBytes).then(answer);
      return true;
    },
    end() {
      open = false;
      run.end();
    },
    pending: () => inFlight,
    targets: () => made,
  };
}

/** Makes one call and says what the guest is told, the way host-calls.ts words it. */
async function make(run: WorkerModulesRun, message: HostCallMessage, hostDataBytes: number): Promise<HostReplyMessage> {
  const { id, ns, fn } = message;
  let value: unknown;
  try {
    value = await run.call(message.module!, fn, decodeValue(message.args) as unknown[], true);
  } catch (error) {
    const name = error instanceof Error && typeof error.name === "string" ? error.name : "Error";
    const code = (error as { code?: unknown } | null)?.code;
    const text = error instanceof Error ? error.message : String(error);
    const worded = typeof code === "string" && !text.startsWith(code) ? `${code}: ${text}` : text;
    return { t: "err", id, name: scrubHostDetails(name).slice(0, 100), message: scrubHostDetails(worded) };
  }
  const encoded = encodeValue(value);
  if (!encoded.ok) return { t: "err", id, name: "TypeError", message: `${ns}.${fn} returned a value that cannot cross to the guest: ${encoded.message}` };
  const size = encodedSize(encoded.encoded);
  if (size > hostDataBytes) return { t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned ${size} bytes, over limits.hostDataBytes (${hostDataBytes})` };
  return { t: "ok", id, value: encoded.encoded };
}
