// Owns adapting a Web Worker to the WorkerLike shape the WASM pool expects (Node's Worker API: on/off/ref/unref).
// A Web Worker never emits "exit"; a failed script load arrives as "error".

import type { WorkerLike } from "@capsule/host-modules/wasm-pool";

type Listener = (value: never) => void;

export function webWorkerLike(url: URL): WorkerLike {
  const worker = new Worker(url, { type: "module", name: "capsule-wasm" });
  const handlers = new Map<Listener, { event: string; handler: (event: Event) => void }>();
  return {
    postMessage: (message, transfer) => worker.postMessage(message, (transfer ?? []) as Transferable[]),
    on(event, listener) {
      if (event === "exit") return;
      const handler = (e: Event) =>
        (listener as (value: unknown) => void)(event === "message" ? (e as MessageEvent).data : new Error((e as ErrorEvent).message || "the WASM worker failed to start"));
      handlers.set(listener, { event, handler });
      worker.addEventListener(event, handler);
    },
    off(event, listener) {
      const entry = handlers.get(listener);
      if (!entry || entry.event !== event) return;
      worker.removeEventListener(event, entry.handler);
      handlers.delete(listener);
    },
    terminate: () => worker.terminate(),
    ref: () => undefined,
    unref: () => undefined,
  };
}
