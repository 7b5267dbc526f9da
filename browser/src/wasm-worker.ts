// The browser runner's WASM worker: the host pool's own call handler (invoke.mjs: a fresh instance per call, no
// imports, the bytes convention) inside a Web Worker; the page's pool terminates it when a call runs too long.

// @ts-expect-error invoke.mjs is plain JavaScript without declarations
import { handleMessage } from "@capsule/host-modules/wasm-invoke";
import { dropAmbientAuthority } from "./ambient.js";

// Nothing here needs the network: the page sends each binary with the call.
dropAmbientAuthority();

const scope = self as unknown as { onmessage: ((event: MessageEvent) => void) | null; postMessage(message: unknown, transfer?: Transferable[]): void };
scope.onmessage = (event) => handleMessage(event.data, (reply: unknown, transfer?: Transferable[]) => scope.postMessage(reply, transfer ?? []));
// The pool starts a call's timeout only once its worker is ready.
scope.postMessage({ ready: true });
