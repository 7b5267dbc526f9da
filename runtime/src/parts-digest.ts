// Owns the one digest of a list of parts in Node (journals, replay, template image keys): sha256 over each part
// prefixed with its length, so that no two sequences of parts hash alike. Refuses nothing.

import { createHash } from "node:crypto";
import type { PartsDigest } from "./journal.js";

export const digestParts: PartsDigest = (parts) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
};
