// Owns the limits of the host modules as rows ({ default, ceiling, floor, code, doc }): the ones every module shares
// here, each module's own in its descriptor (re-exported here), and the WASM pool's budgets. Code, option checks, the
// README's table and the contract tests all read these rows, so a value or doc is written once. Where a caller may
// pass a per-call option (maxRows, limit, maxEntries, maxBytes), its row's default is also its ceiling: a caller may
// tighten it, never raise it or switch it off. How the work is tuned (heaps, chunk sizes) is not here: tuning.ts.
// Refuses nothing itself: check.ts and each module enforce the rows.

import { moduleName, type LimitRows } from "./descriptor.js";
import { SHIPPED_MODULES } from "./shipped.js";
import { WASM_BUDGET_LIMITS } from "./wasm/budget.js";

export type { LimitRow, LimitRows } from "./descriptor.js";
export { CSV_LIMITS } from "./csv/descriptor.js";
export { HTML_LIMITS } from "./html/descriptor.js";
export { XLSX_LIMITS } from "./xlsx/descriptor.js";
export { ZIP_LIMITS } from "./zip/descriptor.js";
export { OCR_LIMITS } from "./ocr/descriptor.js";
export { WASM_BUDGET_LIMITS };

const KiB = 1024;
const MiB = 1024 * KiB;

/** Limits every module applies to its arguments and results. */
export const SHARED_LIMITS = {
  textBytes: { default: 5 * MiB, ceiling: 5 * MiB, floor: 1, code: "input-too-large", doc: "a text argument (CSV text, HTML), in UTF-8 bytes (`Buffer.byteLength`)" },
  inputBytes: { default: 10 * MiB, ceiling: 10 * MiB, floor: 1, code: "input-too-large", doc: "a byte argument (xlsx file, zip archive, image)" },
  outputBytes: { default: 16 * MiB, ceiling: 16 * MiB, floor: 1, code: "output-too-large", doc: "a result as it crosses (JSON text with escapes, plus sidecar bytes; estimated from above): the runtime's default `hostDataBytes`, so an accepted result always crosses" },
  optionStringLength: { default: 2 * KiB, ceiling: 2 * KiB, floor: 1, code: "option-invalid", doc: "a string option (`base`, a `columns` entry) in characters" },
} as const;

/** Every group of limits by the name docs give it: "shared", each shipped module's short name, and "wasm". */
export const LIMIT_GROUPS: Readonly<Record<string, LimitRows>> = Object.freeze({
  shared: SHARED_LIMITS,
  ...Object.fromEntries(SHIPPED_MODULES.filter((m) => m.limits).map((m) => [moduleName(m), m.limits!])),
  wasm: WASM_BUDGET_LIMITS,
});

