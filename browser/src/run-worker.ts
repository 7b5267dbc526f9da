// The browser runner's guest worker: the runtime's own engine (run-task.ts, engine templates restored from memory
// snapshots, the same limits and refusals as in Node) inside a Web Worker. One run at a time; the page terminates
// the worker to stop a run that does not yield.

import { runTask } from "@capsule/runtime/internal/run-task";
import { pinRealmToUtc } from "@capsule/runtime/internal/utc";
import type { WorkerTask } from "@capsule/runtime/internal/protocol";
import { templateFor } from "@capsule/runtime/internal/instances";
import { DEFAULT_LIMITS } from "@capsule/runtime/internal/limits";
import { engineBinary, setEngineUrl } from "./shims/engine-binary.js";
import type { InitMessage, RunMessage, WorkerReply } from "./protocol.js";
import { dropAmbientAuthority } from "./ambient.js";

type Listener = (message: unknown) => void;

/** The engine speaks to its host channel with Node's MessagePort methods (on/off/postMessage/close). */
function nodeStylePort(port: MessagePort): WorkerTask["port"] {
  const wrapped = new Map<Listener, (event: MessageEvent) => void>();
  port.start();
  return {
    on(_event: "message", listener: Listener) {
      const handler = (event: MessageEvent) => listener(event.data);
      wrapped.set(listener, handler);
      port.addEventListener("message", handler);
    },
    off(_event: "message", listener: Listener) {
      const handler = wrapped.get(listener);
      if (handler) port.removeEventListener("message", handler);
      wrapped.delete(listener);
    },
    postMessage: (message: unknown) => port.postMessage(message),
    close: () => port.close(),
  } as unknown as WorkerTask["port"];
}

/** Loads the engine, drops this realm's ambient authority, and warms the default template (as a Node worker does). */
async function init(engineUrl: string): Promise<void> {
  setEngineUrl(engineUrl);
  await engineBinary();
  dropAmbientAuthority();
  (await templateFor(DEFAULT_LIMITS.memoryBytes)).end();
}

pinRealmToUtc();
let ready: Promise<void> | undefined;

const scope = self as unknown as { onmessage: ((event: MessageEvent<InitMessage | RunMessage>) => void) | null; postMessage(message: WorkerReply): void };
scope.onmessage = async (event) => {
  const message = event.data;
  if (message.t === "init") {
    ready ??= init(message.engineUrl);
    ready.catch(() => undefined); // reported to the first run
    return;
  }
  const { task } = message;
  try {
    if (!ready) throw new Error("the worker got a run before its init message");
    await ready;
    const outcome = await runTask({ ...task, port: task.port ? nodeStylePort(task.port) : undefined });
    scope.postMessage({ t: "done", outcome });
  } catch (error) {
    scope.postMessage({ t: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
