// The browser runner's guest worker: the runtime's own engine (@capsule/runtime/engine: engine templates restored
// from memory snapshots, the same limits and refusals as in Node) inside a Web Worker. One run at a time; the page
// terminates the worker to stop a run that does not yield.

import { pinRealmToUtc, provideEngine, runTask, warmEngine } from "@capsule/runtime/engine";
import { browserEngine } from "./engine-powers.js";
import type { InitMessage, RunMessage, WorkerReply } from "./protocol.js";
import { dropAmbientAuthority } from "./ambient.js";

/** Loads the engine, drops this realm's ambient authority, and warms the default template (as a Node worker does). */
async function init(engineUrl: string): Promise<void> {
  const engine = browserEngine(engineUrl);
  provideEngine(engine);
  await engine.engineBinary();
  dropAmbientAuthority();
  await warmEngine();
}

pinRealmToUtc();
let ready: Promise<void> | undefined;

const scope = self as unknown as { onmessage: ((event: MessageEvent<InitMessage | RunMessage>) => void) | null; postMessage(message: WorkerReply): void };
scope.onmessage = async (event) => {
  const message = event.data;
  if (message.t === "init") {
    ready ??= init(message.engineUrl);
    // A failed init is reported to the first run; either way the page may now start runs' clocks.
    ready.then(
      () => scope.postMessage({ t: "ready" }),
      () => scope.postMessage({ t: "ready" }),
    );
    return;
  }
  try {
    if (!ready) throw new Error("the worker got a run before its init message");
    await ready;
    scope.postMessage({ t: "done", outcome: await runTask(message.task) });
  } catch (error) {
    scope.postMessage({ t: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
