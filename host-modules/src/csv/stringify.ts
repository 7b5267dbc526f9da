// Owns csv.stringify (papaparse's unparse) on the host: writes records or rows as CSV text. Refuses non-primitive
// cells, mixed rows, more than CSV_LIMITS.maxRows rows, CSV_LIMITS.maxCells cells or CSV_LIMITS.maxColumns columns,
// and text over SHARED_LIMITS.outputBytes as it crosses (refused before writing when even its least size is over);
// escapes formulae on request.

import Papa from "papaparse";
import { HostModuleError, guarded } from "../errors.js";
import { bool, isPlainObject, n, ownValue, quote, readOptions, typeName, type OptionRule } from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { CSV_LIMITS } from "./descriptor.js";
import { RESULT_FRAME_BYTES, stringSize } from "../output.js";
import { beginCall, type HostCallContext } from "../context.js";
import { delimiterRule, newlineRule, quoteRule } from "./options.js";

export interface CsvStringifyOptions {
  header?: boolean;
  delimiter?: string;
  quoteChar?: string;
  newline?: "\n" | "\r\n" | "\r";
  columns?: string[];
  escapeFormulae?: boolean;
}

const columnsRule: OptionRule = {
  expect: `a non-empty array of at most ${n(CSV_LIMITS.maxColumns.default)} distinct strings of at most ${n(SHARED_LIMITS.optionStringLength.default)} characters`,
  ok: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.length <= CSV_LIMITS.maxColumns.default &&
    v.every((c) => typeof c === "string" && c.length <= SHARED_LIMITS.optionStringLength.default) &&
    new Set(v).size === v.length,
};

const STRINGIFY_RULES: Record<string, OptionRule> = {
  header: bool,
  delimiter: delimiterRule,
  quoteChar: quoteRule,
  newline: newlineRule,
  columns: columnsRule,
  escapeFormulae: bool,
};

/**
 * The leading characters that make spreadsheet software read a cell as a formula. papaparse's own
 * escapeFormulae regex is /^[=+\-@\t\r].*$/, which misses a cell with a line break after the prefix
 * ("=HYPERLINK(…)\n"); this one tests the first character only.
 */
const FORMULA_PREFIX = /^[=+\-@\t\r]/;

type OutCell = string | number | boolean | null;

/** The fewest characters a cell takes in the CSV text (quoting only adds). */
function csvCellSize(cell: OutCell): number {
  if (cell === null) return 0;
  if (typeof cell === "string") return cell.length;
  return String(cell).length;
}

function outCell(fn: string, value: unknown, where: () => string): OutCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new HostModuleError("input-invalid", `${fn}: ${where()} is ${value}; cells must be finite numbers`);
    return value;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  throw new HostModuleError(
    "input-invalid",
    `${fn}: ${where()} is ${typeName(value)}; cells must be strings, numbers, booleans, null or Dates`,
  );
}

/**
 * Writes rows (all arrays, or all plain-object records) as CSV text. Records are written in `columns` order,
 * or in the order keys first appear across all rows; a record missing a key gets an empty cell.
 * `escapeFormulae` prefixes a cell starting with = + - @ TAB or CR with "'" (numbers and booleans are left alone).
 */
export async function stringify(input: unknown[], options?: CsvStringifyOptions, context?: HostCallContext): Promise<string> {
  const fn = "csv.stringify";
  beginCall(fn, context);
  if (!Array.isArray(input)) throw new HostModuleError("input-invalid", `${fn}: rows must be an array, got ${typeName(input)}`);
  const o = readOptions(fn, options, STRINGIFY_RULES);
  if (input.length > CSV_LIMITS.maxRows.default) {
    throw new HostModuleError("input-too-large", `${fn}: ${n(input.length)} rows is over the ${n(CSV_LIMITS.maxRows.default)}-row limit; write in parts`);
  }
  const delimiter = (o.delimiter as string | undefined) ?? ",";
  const quoteChar = (o.quoteChar as string | undefined) ?? '"';
  if (delimiter.includes(quoteChar)) throw new HostModuleError("option-invalid", `${fn}: options "delimiter" and "quoteChar" must differ`);
  const writeHeader = (o.header as boolean | undefined) ?? true;
  const columns = o.columns as string[] | undefined;

  const first = input[0];
  const recordMode = input.length === 0 ? columns !== undefined : !Array.isArray(first);
  if (!recordMode && columns) {
    throw new HostModuleError("option-invalid", `${fn}: option "columns" applies to rows given as records, not arrays`);
  }

  let fields: string[] | undefined;
  const data: OutCell[][] = [];
  let cells = 0;
  /** A lower bound of the CSV's length (each cell and the delimiter or line break after it, but the last): past the
   * budget, the CSV is refused before it is written. */
  let bytes = -1;
  const countCells = (count: number): void => {
    cells += count;
    if (cells > CSV_LIMITS.maxCells.default) {
      throw new HostModuleError("input-too-large", `${fn}: more than ${n(CSV_LIMITS.maxCells.default)} cells; write in parts`);
    }
  };

  if (recordMode) {
    const order = columns ? [...columns] : [];
    const seen = new Set(order);
    input.forEach((row, r) => {
      if (!isPlainObject(row)) {
        throw new HostModuleError("input-invalid", `${fn}: row ${r} is ${typeName(row)}; rows must be all records (plain objects) or all arrays`);
      }
      if (!columns) {
        for (const key of Object.keys(row)) {
          if (!seen.has(key)) {
            if (order.length >= CSV_LIMITS.maxColumns.default) {
              throw new HostModuleError("input-too-large", `${fn}: the records have more than ${n(CSV_LIMITS.maxColumns.default)} distinct keys`);
            }
            seen.add(key);
            order.push(key);
          }
        }
      }
    });
    fields = order;
    for (let r = 0; r < input.length; r++) {
      const row = input[r] as Record<string, unknown>;
      countCells(fields.length);
      const out: OutCell[] = new Array(fields.length);
      for (let c = 0; c < fields.length; c++) {
        const key = fields[c]!;
        const value = Object.hasOwn(row, key) ? ownValue(fn, `row ${r} key`, row, key) : null;
        const cell = outCell(fn, value, () => `row ${r} key ${quote(key)}`);
        bytes += csvCellSize(cell) + 1;
        out[c] = cell;
      }
      data.push(out);
    }
  } else {
    for (let r = 0; r < input.length; r++) {
      const row = input[r];
      if (!Array.isArray(row)) {
        throw new HostModuleError("input-invalid", `${fn}: row ${r} is ${typeName(row)}; rows must be all arrays or all records`);
      }
      countCells(row.length);
      const out: OutCell[] = new Array(row.length);
      for (let c = 0; c < row.length; c++) {
        const cell = outCell(fn, row[c], () => `row ${r} column ${c}`);
        bytes += csvCellSize(cell) + 1;
        out[c] = cell;
      }
      data.push(out);
    }
  }
  if (bytes > SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES) {
    throw new HostModuleError("output-too-large", `${fn}: the CSV would be over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit; write in parts`);
  }

  const config: Papa.UnparseConfig = {
    header: writeHeader,
    delimiter,
    quoteChar,
    newline: (o.newline as string | undefined) ?? "\r\n",
    escapeFormulae: o.escapeFormulae === true ? FORMULA_PREFIX : false,
    quotes: false,
  };
  const csv = await guarded(fn, "internal-error", "write the CSV", () => {
    // papaparse turns { fields, data: [] } into one empty row; a header with no rows is written as a plain row.
    if (fields && data.length === 0) return writeHeader && fields.length ? Papa.unparse([fields], { ...config, header: false }) : "";
    return fields ? Papa.unparse({ fields, data }, config) : Papa.unparse(data, config);
  });
  // Measured as it crosses: a CSV's quotes and line breaks are escaped in the JSON the guest receives.
  const outBytes = stringSize(csv);
  if (outBytes > SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES) {
    throw new HostModuleError("output-too-large", `${fn}: the CSV takes ${n(outBytes)} bytes as it crosses, over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit; write in parts`);
  }
  return csv;
}
