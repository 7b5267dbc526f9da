// Owns what a facade says of itself: the pin's exports (or an admitted WASM module's) handed to the runtime's one
// facade generator (@capsule/runtime/bridge), with the opening comment that tells a reader where calls go. Only what
// the pin lists is generated. Refuses nothing itself.

import { facadeSource as forwardingModule } from "@capsule/runtime/bridge";
import type { HostPin } from "./pins.js";

/** The facade of a pinned host module: guest ESM forwarding each pinned export over the private bridge. */
export function facadeSource(pin: HostPin): string {
  return forwardingModule(pin.id, Object.keys(pin.exports), `host module ${pin.id} (generated from its pin; calls cross to the host as copies)`);
}

/** The facade of an admitted WASM module: its calls run in the host's WASM worker pool. */
export function wasmFacadeSource(id: string, exportNames: readonly string[]): string {
  return forwardingModule(id, exportNames, `WASM module ${id} (each call runs in a fresh instance on the host)`);
}
