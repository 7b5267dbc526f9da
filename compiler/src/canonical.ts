// Owns canonical JSON (sorted keys, no undefined, finite numbers only) and sha256 helpers, so that every
// digest the cache computes is stable across runs, machines and property orders. Refuses (a CompilerError,
// options-invalid) a value JSON cannot encode the same way everywhere: non-finite numbers, functions, symbols.

import { createHash } from "node:crypto";
import { CompilerError } from "./errors.js";

function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new CompilerError("options-invalid", "canonicalJson: non-finite number");
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
    }
    default:
      throw new CompilerError("options-invalid", `canonicalJson: cannot encode ${typeof value}`);
  }
}

export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function digestOf(value: unknown): string {
  return sha256(canonicalJson(value));
}
