// Owns answering one run's calls from the guest worker on the page: host functions the page gave the run, host
// modules the page supplies (by host id), and WASM exports, run in the page's WASM worker pool with the module's
// budget. Replies carry copies only; late answers after the run ended are dropped; host details are scrubbed.
// Refuses a function or export the run was not given, and names the code of every failure in its message.

import { decodeValue, encodeValue, encodedSize } from "@capsule/runtime/internal/codec";
import { scrubHostDetails } from "@capsule/runtime/internal/errors";
import type { HostCallMessage, HostReplyMessage } from "@capsule/runtime/internal/protocol";
import type { WasmRunner, WasmSession } from "@capsule/host-modules/wasm-pool";
import type { CatalogClient, ServedEntry } from "./catalog-client.js";

type Fn = (...args: unknown[]) => unknown;
/** Host modules a page supplies, by host id: { "capsule.csv": { parse(text, options) { … } } }. */
export type PageHostModules = Record<string, Record<string, Fn>>;

export interface HostCallContext {
  hostFunctions: Record<string, Record<string, Fn>>;
  hostModules: PageHostModules;
  /** WASM modules of the run, by host id ("wasm:<specifier>"). */
  wasmModules: Map<string, ServedEntry>;
  wasm: () => WasmRunner;
  client: CatalogClient;
  hostDataBytes: number;
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

export function serveHostCalls(port: MessagePort, context: HostCallContext) {
  let open = true;
  const sessions = new Map<string, WasmSession>();
  const reply = (message: HostReplyMessage) => {
    if (open) port.postMessage(message);
  };
  const target = (message: HostCallMessage): ((args: unknown[]) => Promise<unknown>) | string => {
    const { ns, fn, module } = message;
    if (module === undefined) {
      const f = own(context.hostFunctions, ns) && own(context.hostFunctions[ns], fn) ? context.hostFunctions[ns][fn] : undefined;
      return typeof f === "function" ? async (args) => f(...args) : `${ns}.${fn} is not a host function of this run`;
    }
    const wasm = context.wasmModules.get(module);
    if (wasm) {
      const declaration = own(wasm.wasm!.exports, fn) ? wasm.wasm!.exports[fn] : undefined;
      if (!declaration) return `"${fn}" is not an export of ${wasm.specifier}`;
      return async (args) => {
        const binary = await context.client.binary(wasm);
        let session = sessions.get(module);
        if (!session) sessions.set(module, (session = context.wasm().session(wasm.wasm!.budget)));
        return session.call(binary, wasm.wasm!.sha256, fn, declaration, args);
      };
    }
    const supplied = own(context.hostModules, module) ? context.hostModules[module] : undefined;
    const f = supplied && own(supplied, fn) ? supplied[fn] : undefined;
    return typeof f === "function" ? async (args) => f.apply(supplied, args) : `host module ${module} has no export "${fn}" in this page`;
  };
  port.onmessage = async (event: MessageEvent<HostCallMessage | { t: "log" }>) => {
    const message = event.data;
    if (!open || message.t !== "call") return;
    const { id } = message;
    const call = target(message);
    if (typeof call === "string") return reply({ t: "err", id, name: "TypeError", message: call });
    let value: unknown;
    try {
      value = await call(decodeValue(message.args) as unknown[]);
    } catch (error) {
      const name = error instanceof Error && typeof error.name === "string" ? error.name : "Error";
      const code = (error as { code?: unknown } | null)?.code;
      const text = error instanceof Error ? error.message : String(error);
      return reply({ t: "err", id, name: scrubHostDetails(name).slice(0, 100), message: scrubHostDetails(typeof code === "string" && !text.startsWith(code) ? `${code}: ${text}` : text) });
    }
    const encoded = encodeValue(value);
    if (!encoded.ok) return reply({ t: "err", id, name: "TypeError", message: `${message.ns}.${message.fn} returned a value that cannot cross to the guest: ${encoded.message}` });
    const size = encodedSize(encoded.encoded);
    if (size > context.hostDataBytes) {
      return reply({ t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${message.ns}.${message.fn} returned ${size} bytes, over limits.hostDataBytes (${context.hostDataBytes})` });
    }
    reply({ t: "ok", id, value: encoded.encoded });
  };
  return {
    close() {
      open = false;
      port.close();
      for (const session of sessions.values()) session.cancel();
    },
  };
}
