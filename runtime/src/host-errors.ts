// Owns what a guest is told when a host call fails on the host's side: the thrower's name, code and message read
// defensively (reading them runs the thrower's code: a getter, a Proxy trap, a toString), scrubbed of host paths and
// frames, and worded the same whichever thread made the call (host-calls.ts on the main thread, local-calls.ts in
// the guest's worker). Refuses nothing itself; it words the refusals.

import { clipText, scrubHostDetails } from "./errors.js";
import type { HostReplyMessage } from "./protocol.js";
import { isSuspension } from "./suspension.js";

export interface ThrownInfo {
  suspension?: { reason: string };
  name: string;
  code?: string;
  message: string;
}

/**
 * What a host function threw, read defensively: a throw while reading it — outside any run's guest — took the whole
 * host process down from a port listener.
 */
export function thrownInfo(error: unknown): ThrownInfo {
  try {
    if (isSuspension(error)) return { suspension: { reason: String(error.reason) }, name: "", message: "" };
    const name = error instanceof Error && typeof error.name === "string" ? error.name : "Error";
    const code = (error as { code?: unknown } | null)?.code;
    const message = error instanceof Error ? String(error.message) : String(error);
    return { name, message, ...(typeof code === "string" ? { code } : {}) };
  } catch {
    return { name: "Error", message: "the host function threw a value that cannot be read (its getter, trap or toString threw)" };
  }
}

/** The guest's error for a call whose host function threw `thrown` (its code, when it has one, leads the message). */
export function thrownReply(id: number, { name, code, message }: ThrownInfo): HostReplyMessage {
  const text = code !== undefined && !message.startsWith(code) ? `${code}: ${message}` : message;
  return { t: "err", id, name: scrubHostDetails(name).slice(0, 100), message: scrubHostDetails(clipText(text)) };
}

/** The guest's TypeError for a call whose answer cannot cross: `why` may quote a host getter's own error. */
export function uncrossableReply(id: number, ns: string, fn: string, why: string): HostReplyMessage {
  return { t: "err", id, name: "TypeError", message: `${ns}.${fn} returned a value that cannot cross to the guest: ${scrubHostDetails(clipText(why))}` };
}
