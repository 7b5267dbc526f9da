// Owns the limits of wasm binary admission, one row each (default, floor, ceiling, the code a breach is refused
// with, what it bounds), and what is derived from them: DEFAULT_WASM_LIMITS, WASM_LIMIT_CEILINGS and
// resolveWasmLimits. Unlike the compiler's own limits an override is not refused: anything but a non-negative
// integer falls back to the default, and a value above the ceiling is clamped to it (a manifest may lower a limit,
// never raise it). The WASM pool's run budgets are host-modules' (DEFAULT_WASM_BUDGET), not these.

import type { Code } from "../codes.js";
import type { LimitRow } from "../limits.js";

const MiB = 1024 * 1024;

export interface WasmLimits { maxBinaryBytes: number; maxMemoryPages: number; maxParams: number }

export const WASM_LIMIT_ROWS = {
  maxBinaryBytes: { default: 4 * MiB, floor: 0, ceiling: 16 * MiB, code: "wasm-too-large", doc: "largest .wasm binary admitted" },
  maxMemoryPages: {
    default: 256, floor: 0, ceiling: 1024, code: "wasm-memory-too-large",
    doc: "largest declared memory maximum, in 64 KiB pages (16 MiB by default, 64 MiB at the ceiling)",
  },
  maxParams: {
    default: 8, floor: 0, ceiling: 16, code: "wasm-signature-unsupported",
    doc: "most core params of one declared export (a bytes param counts 2)",
  },
} as const satisfies Record<keyof WasmLimits, LimitRow & { readonly code: Code }>;

const NAMES = Object.keys(WASM_LIMIT_ROWS) as Array<keyof WasmLimits>;
const column = (pick: (row: LimitRow) => number): Readonly<WasmLimits> =>
  Object.freeze(Object.fromEntries(NAMES.map((k) => [k, pick(WASM_LIMIT_ROWS[k])])) as unknown as WasmLimits);

export const DEFAULT_WASM_LIMITS: Readonly<WasmLimits> = column((row) => row.default);
/** A manifest may lower a limit but never raise it above these. */
export const WASM_LIMIT_CEILINGS: Readonly<WasmLimits> = column((row) => row.ceiling);

/** Defaults, overridden by integers from the floor up only, and clamped to the ceilings. */
export function resolveWasmLimits(limits?: Partial<WasmLimits>): WasmLimits {
  const pick = (k: keyof WasmLimits): number => {
    const row: LimitRow = WASM_LIMIT_ROWS[k];
    const v = limits?.[k];
    const n = typeof v === "number" && Number.isInteger(v) && v >= row.floor ? v : row.default;
    return Math.min(n, row.ceiling);
  };
  return { maxBinaryBytes: pick("maxBinaryBytes"), maxMemoryPages: pick("maxMemoryPages"), maxParams: pick("maxParams") };
}
