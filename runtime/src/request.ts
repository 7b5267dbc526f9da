// Owns checking a run request before any work: source, filename, seed, clock, limits and host namespaces.
// Refuses, with a named code, anything malformed, reserved, or shadowing the guest's standard globals, and a request
// whose reading throws (E_BAD_REQUEST, not E_INTERNAL: the getter or Proxy trap that threw is the embedder's).

import { runError, thrownText, type RunError } from "./errors.js";
import { resolveLimits, RESERVED_PREFIX, type Limits } from "./limits.js";
import { REFUSED_GLOBALS, STANDARD_GLOBALS } from "./guest-globals.js";
import type { HostFunctions, RunRequest } from "./types.js";
import { encodeValue, encodedSize } from "./codec.js";
import type { Encoded } from "./protocol.js";

export interface CheckedRequest {
  source: string;
  filename: string;
  limits: Limits;
  seed: number;
  now: number;
  namespaces: Record<string, string[]>;
  hostFunctions: HostFunctions;
  /** The run's inputs, encoded once here (they cross like any host value). */
  inputs?: Encoded;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED_WORDS = new Set(
  ("break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await arguments").split(" "),
);
const UNSAFE_MEMBER_NAMES = new Set(["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"]);
const FILENAME = /^[A-Za-z0-9_.-]{1,64}$/;

export type CheckResult = { ok: true; request: CheckedRequest } | { ok: false; error: RunError };

/** A request whose reading threw (a getter or Proxy trap of the embedder's): refused, saying what it threw. */
export function unreadable(error: unknown): RunError {
  return runError("E_BAD_REQUEST", `the run request could not be read (a getter or Proxy trap in it threw): ${thrownText(error)}`);
}

/** checkRequest of what `read` gives; a throw while reading it or checking it is the request's (unreadable). */
export function checkReadRequest(read: () => RunRequest, baseLimits: Limits): CheckResult {
  try {
    return checkRequest(read(), baseLimits);
  } catch (error) {
    return { ok: false, error: unreadable(error) };
  }
}

export function checkRequest(request: RunRequest, baseLimits: Limits): CheckResult {
  const bad = (message: string): CheckResult => ({ ok: false, error: runError("E_BAD_REQUEST", message) });
  if (typeof request !== "object" || request === null) return bad("a run request must be an object with at least { source }");
  if (typeof request.source !== "string") return bad("request.source must be a string of JavaScript or TypeScript");
  const filename = request.filename ?? "main.js";
  if (typeof filename !== "string" || !FILENAME.test(filename) || filename.startsWith(RESERVED_PREFIX)) {
    return bad(`request.filename must be a bare file name like "main.ts" (letters, digits, "_", "-", "."), got ${JSON.stringify(filename)}`);
  }
  const limits = resolveLimits(request.limits, baseLimits);
  if (!limits.ok) return { ok: false, error: runError(limits.code, limits.message) };
  const seed = request.seed ?? Math.floor(Math.random() * 2 ** 32);
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    return bad(`request.seed must be an integer from 0 to 2^32-1, got ${String(seed)}`);
  }
  const now = toEpochMs(request.now);
  if (now === undefined) return bad("request.now must be epoch milliseconds, a valid Date, or an ISO 8601 string");
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal)) return bad("request.signal must be an AbortSignal");
  // A field that is present decides: a policy of 0 or "" must not fall through to the sandbox's (it disabled it).
  const shape = fieldShapeProblem(request);
  if (shape) return bad(shape);
  const hostFunctions = request.hostFunctions ?? {};
  const namespaces = checkNamespaces(hostFunctions);
  if (!namespaces.ok) return { ok: false, error: namespaces.error };
  let inputs: Encoded | undefined;
  if (request.inputs !== undefined) {
    if (Object.prototype.hasOwnProperty.call(namespaces.namespaces, "inputs")) return bad('request.inputs is given and a host namespace is also named "inputs"; rename the namespace');
    const encoded = encodeValue(request.inputs, limits.limits.hostDataBytes);
    const over = (size: string) => ({ ok: false as const, error: runError("E_HOST_DATA_TOO_LARGE", `request.inputs encode to ${size} bytes, over limits.hostDataBytes (${limits.limits.hostDataBytes}); pass less data, or raise limits.hostDataBytes (ceiling 64 MiB)`) });
    if (!encoded.ok) return encoded.tooLarge ? over(`more than ${limits.limits.hostDataBytes}`) : bad(`request.inputs cannot cross to the guest: ${encoded.message}`);
    const size = encodedSize(encoded.encoded);
    if (size > limits.limits.hostDataBytes) return over(String(size));
    inputs = encoded.encoded;
  }
  return { ok: true, request: { source: request.source, filename, limits: limits.limits, seed, now, namespaces: namespaces.namespaces, hostFunctions, ...(inputs ? { inputs } : {}) } };
}

function toEpochMs(now: RunRequest["now"]): number | undefined {
  if (now === undefined) return Date.now();
  const ms = now instanceof Date ? now.getTime() : typeof now === "string" ? Date.parse(now) : now;
  return typeof ms === "number" && Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? Math.trunc(ms) : undefined;
}

function checkNamespaces(hostFunctions: HostFunctions): { ok: true; namespaces: Record<string, string[]> } | { ok: false; error: RunError } {
  const refuse = (message: string) => ({ ok: false as const, error: runError("E_BAD_NAMESPACE", message) });
  if (typeof hostFunctions !== "object" || hostFunctions === null) return refuse("hostFunctions must be an object of namespaces");
  const namespaces: Record<string, string[]> = {};
  for (const [ns, fns] of Object.entries(hostFunctions)) {
    if (!IDENTIFIER.test(ns) || RESERVED_WORDS.has(ns)) return refuse(`host namespace "${ns}" is not a valid identifier; use a name like "users" or "billing"`);
    if (ns.startsWith(RESERVED_PREFIX)) return refuse(`host namespace "${ns}" starts with the reserved prefix "${RESERVED_PREFIX}"; choose another name`);
    if (STANDARD_GLOBALS.includes(ns) || REFUSED_GLOBALS.includes(ns)) return refuse(`host namespace "${ns}" would shadow the standard global "${ns}"; choose another name`);
    if (typeof fns !== "object" || fns === null) return refuse(`host namespace "${ns}" must be an object of functions`);
    const names: string[] = [];
    for (const [fn, impl] of Object.entries(fns)) {
      if (!IDENTIFIER.test(fn) || UNSAFE_MEMBER_NAMES.has(fn)) return refuse(`host function "${ns}.${fn}" has an invalid name; use an identifier that is not an Object.prototype member`);
      if (fn.startsWith(RESERVED_PREFIX)) return refuse(`host function "${ns}.${fn}" starts with the reserved prefix "${RESERVED_PREFIX}"`);
      if (typeof impl !== "function") return refuse(`host function "${ns}.${fn}" must be a function, got ${typeof impl}`);
      names.push(fn);
    }
    namespaces[ns] = names;
  }
  return { ok: true, namespaces };
}

const isFunction = (value: unknown) => typeof value === "function";
const isStrings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === "string");
const isStringRecord = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === "string");

/** Each optional field that is given, checked for its type: what a request from elsewhere (the queue) may get wrong. */
const FIELD_SHAPES: ReadonlyArray<[keyof RunRequest, (value: unknown) => boolean, string]> = [
  ["policy", isFunction, "a function (call) => decision"],
  ["onEvent", isFunction, "a function (event) => void"],
  ["resolver", (value) => typeof (value as { resolve?: unknown } | null)?.resolve === "function", "an object with resolve(specifier, referrer)"],
  ["journal", (value) => typeof value === "boolean" || isFunction(value), "true, false or a function (record) => void"],
  ["allow", isStrings, "an array of module specifiers (strings)"],
  ["pins", isStringRecord, "an object of specifier → sha256 digest (strings)"],
  ["strictPins", (value) => typeof value === "boolean", "true or false"],
  ["traceData", (value) => typeof value === "boolean", "true or false"],
];

function fieldShapeProblem(request: RunRequest): string | undefined {
  for (const [field, fits, wanted] of FIELD_SHAPES) {
    const value = request[field];
    if (value !== undefined && !fits(value)) return `request.${field} must be ${wanted}, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`;
  }
  return undefined;
}
