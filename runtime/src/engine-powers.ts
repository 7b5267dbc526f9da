// Owns what the engine needs from its host and cannot find the same way in every host: the engine's WASM binary
// and the guest scripts (runtime/guest/*.js). A Node worker reads both from disk (node-engine.ts); the browser's
// guest worker fetches the binary from its page's server and has the scripts embedded by its build.
// Refuses to build an engine before they were provided, and guest-file names outside the fixed set.

import type { TemplateImages } from "./template-image.js";

export type GuestFile = "prelude" | LazyGuestFile;
/**
 * Files the prelude may load on first use. A file split for size loads its parts through the prelude's guestFile power:
 * url takes url-parser and url-host; intl takes intl-core (which takes intl-data-1 to -3), intl-number, intl-date and
 * intl-services.
 */
export type LazyGuestFile = (typeof LAZY_GUEST_FILES)[number];
export const LAZY_GUEST_FILES = [
  "console", "codec", "text", "intl", "intl-core", "intl-data-1", "intl-data-2", "intl-data-3", "intl-number", "intl-date",
  "intl-services", "url", "url-parser", "url-host",
] as const;
export const GUEST_FILES: readonly GuestFile[] = ["prelude", ...LAZY_GUEST_FILES];

export interface EnginePowers {
  /** The QuickJS build's WASM binary (compiled once per worker). */
  engineBinary(): Promise<Uint8Array>;
  /** The text of one guest script. */
  guestSource(name: GuestFile): string;
  /**
   * This thread's id and its own CPU clock in ms, where the host has one (Linux: /proc/thread-self/schedstat). Without
   * it, a guest is charged the wall-clock time of its slices of work, which counts time its thread waited for a core.
   */
  threadCpu?: { threadId: number; cpuMs(): number };
  /**
   * The most guest stack this host's thread can give QuickJS without its own stack overflowing first (a larger
   * limits.stackBytes is capped to it). Node's workers run on WORKER_STACK_MB and need no cap.
   */
  maxStackBytes?: number;
  /**
   * Takes the next message already delivered to `port` without waiting for an event-loop turn (Node's
   * receiveMessageOnPort), or undefined when none is there. With it, and a shared control block, a run waiting for
   * host answers blocks on the control block's wake word instead of its event loop; without it (a Web Worker) the
   * port's message events deliver them.
   */
  receiveMessage?(port: unknown): { message: unknown } | undefined;
  /**
   * Where default templates' images are kept across processes (template-image.ts): a new worker restores one instead
   * of evaluating the guest scripts. Without it every worker builds its template.
   */
  templateImages?: TemplateImages;
  /**
   * The runs in flight in this worker's pool (queued or running), where the pool counts them (pool.ts, one shared
   * word handed to its workers at start): a local call's channel spins for its answer only while that leaves cores.
   */
  poolLoad?(): number;
}

let provided: EnginePowers | undefined;

/** Gives this worker its engine powers; call once, before the first run. */
export function provideEngine(powers: EnginePowers): void {
  provided = powers;
}

export function enginePowers(): EnginePowers {
  if (!provided) throw new Error("the engine was not provided: call provideEngine() in the worker before the first run");
  return provided;
}
