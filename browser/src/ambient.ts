// Owns removing ambient authority from the runner's own workers: neither the guest engine (once its binary is
// here) nor the WASM worker needs network, storage, more workers or more code, so a guest that ever escaped QuickJS
// (or a WASM module its sandbox) into a worker's realm would find none of them. Defence in depth, not the boundary.

/** What a worker's realm could reach beyond its page: network, storage, more workers, more code. */
const AMBIENT = [
  "fetch", "XMLHttpRequest", "WebSocket", "WebTransport", "EventSource", "importScripts", "indexedDB", "caches",
  "BroadcastChannel", "Worker", "SharedWorker", "Request", "Response", "Headers", "navigator", "location",
];

export function dropAmbientAuthority(): void {
  const scope = self as unknown as Record<string, unknown>;
  for (const name of AMBIENT) {
    try {
      Object.defineProperty(scope, name, { value: undefined, configurable: false, writable: false });
    } catch {
      delete scope[name];
    }
  }
}

