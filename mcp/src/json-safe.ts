// Owns turning a run's result into plain JSON (for MCP structuredContent and the CLI's --json): the same rules as
// `capsule run --json` has always printed, now shared: bigint as "10n", Map as an object of its entries (as a list of
// [key, value] pairs when its keys are not all strings or numbers that stay distinct as names), Set as an
// array, bytes (any typed array or DataView) as an array of numbers, NaN and ±Infinity as strings, Date as its ISO
// string (its toJSON), undefined dropped from objects. Refuses nothing: a result has already crossed, so it has no
// cycles or functions.

/** The replacer for JSON.stringify that applies the rules above. */
export function jsonSafeReplacer(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return `${value}n`;
  if (value instanceof Map) return mapJson(value);
  if (value instanceof Set) return [...value];
  if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array);
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return value;
}

/** `value` as plain JSON data (a deep copy), by the rules above; undefined stays undefined. */
export function jsonSafe<T = unknown>(value: unknown): T {
  const text = JSON.stringify(value, jsonSafeReplacer);
  return (text === undefined ? undefined : JSON.parse(text)) as T;
}

/** A Map as an object when its keys name distinct properties, else as its [key, value] pairs (nothing lost). */
function mapJson(map: Map<unknown, unknown>): unknown {
  const names = new Set<string>();
  for (const key of map.keys()) {
    const name = typeof key === "string" ? key : typeof key === "number" && Number.isFinite(key) ? String(key) : undefined;
    // Objects all named "[object Object]", and 1 beside "1", overwrote each other's entries.
    if (name === undefined || names.has(name)) return [...map];
    names.add(name);
  }
  return Object.fromEntries(map);
}
