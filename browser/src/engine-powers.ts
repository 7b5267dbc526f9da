// Owns the browser guest worker's engine powers: the engine's WASM binary, fetched once from the URL the page gave
// this worker (the server's copy of quickjs.wasm), and the guest scripts, embedded in this worker by the build
// (build.mjs resolves "capsule:guest-sources"). Refuses a run before the engine URL was given.

import type { EnginePowers, GuestFile } from "@capsule/runtime/engine";
import { GUEST_SOURCES } from "capsule:guest-sources";
import { WORKER_GUEST_STACK_BYTES } from "./limits.js";

export function browserEngine(engineUrl: string): EnginePowers {
  let bytes: Promise<Uint8Array> | undefined;
  return {
    engineBinary() {
      bytes ??= fetch(engineUrl).then(async (response) => {
        if (!response.ok) throw new Error(`fetching the engine failed: HTTP ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      });
      bytes.catch(() => (bytes = undefined));
      return bytes;
    },
    guestSource: (name: GuestFile) => GUEST_SOURCES[name],
    maxStackBytes: WORKER_GUEST_STACK_BYTES,
  };
}
