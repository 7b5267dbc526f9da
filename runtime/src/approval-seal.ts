// Owns Node's seal on resumed runs' approvals (run-journal.ts ApprovalSeal): HMAC-SHA256 under a key. A sandbox's key
// is its `approvalKey`, else one made at random for this process, so approvals made by resume() in this process are
// taken by every sandbox in it, and a fleet (the queue's workers, the submitter that resumes) shares one by setting
// it. Refuses nothing: a seal that does not verify is simply not taken.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ApprovalSeal } from "./run-journal.js";

const PROCESS_KEY = randomBytes(32);

/** The seal under `key` (a secret of at least 16 bytes; default: this process's own random key). */
export function approvalSeal(key?: string | Uint8Array): ApprovalSeal {
  const secret = key === undefined ? PROCESS_KEY : typeof key === "string" ? Buffer.from(key, "utf8") : Buffer.from(key);
  if (secret.length < 16) throw new TypeError("approvalKey must be a secret of at least 16 bytes");
  const mac = (text: string) => createHmac("sha256", secret).update(text, "utf8").digest();
  return {
    sign: (text) => mac(text).toString("base64url"),
    verify(text, seal) {
      const given = Buffer.from(seal, "base64url");
      const expected = mac(text);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
