// Owns every limit of the host modules: one named constant each, with one doc line. Where a caller may pass
// a per-call option (maxRows, limit, maxEntries, maxBytes), the constant is both its default and its ceiling:
// a caller may tighten it, never raise it or switch it off.

const KiB = 1024;
const MiB = 1024 * KiB;

// ── shared ────────────────────────────────────────────────────────────────────────────────────────────────

/** Largest text argument (CSV text, HTML) in UTF-8 bytes, measured with Buffer.byteLength. */
export const MAX_TEXT_BYTES = 5 * MiB;
/** Largest byte argument (an xlsx file, a zip archive, an image) in bytes. */
export const MAX_INPUT_BYTES = 10 * MiB;
/** Largest result in bytes: returned bytes, returned string bytes, or the estimated JSON size of parsed data (the runtime's hostDataBytes ceiling). */
export const MAX_OUTPUT_BYTES = 64 * MiB;
/** Longest string option (a delimiter, a base URL, a sheet name, …) in characters. */
export const MAX_OPTION_STRING_LENGTH = 2 * KiB;

// ── csv ───────────────────────────────────────────────────────────────────────────────────────────────────

/** csv.parse: default and ceiling of `maxRows` (data rows returned, header excluded); csv.stringify: most rows accepted. */
export const CSV_MAX_ROWS = 1_000_000;
/** csv.parse: most cells returned before the result is truncated; csv.stringify: most cells accepted. */
export const CSV_MAX_CELLS = 5_000_000;
/** csv.parse: most parse errors reported; further ones are replaced by one "TooManyErrors" entry. */
export const CSV_MAX_ERRORS = 1_000;
/** csv.stringify: most entries in the `columns` option. */
export const CSV_MAX_COLUMNS = 16_384;

// ── html ──────────────────────────────────────────────────────────────────────────────────────────────────

/** html.select/text: longest CSS selector in characters. */
export const HTML_MAX_SELECTOR_LENGTH = 1_024;
/** html: default and ceiling of `limit` (results returned by select/links/images, elements joined by text, entries per metadata map). */
export const HTML_MAX_RESULTS = 10_000;
/** html: wall-clock time one call may take in the html worker before the worker is terminated (parsers are quadratic on hostile nesting). */
export const HTML_TIMEOUT_MS = 20_000;
/** html: heap (old generation) of the html worker in MiB. */
export const HTML_WORKER_HEAP_MB = 1_024;

// ── xlsx ──────────────────────────────────────────────────────────────────────────────────────────────────

/** xlsx.write: most sheets in a workbook. */
export const XLSX_MAX_SHEETS = 32;
/** xlsx.read: most cells (`<c>` elements, all sheets) a workbook may hold and most cells returned; xlsx.write: most cells accepted. */
export const XLSX_MAX_CELLS = 1_000_000;
/** xlsx.read: default and ceiling of `maxRows` (Excel's row count); xlsx.write: most rows per sheet. */
export const XLSX_MAX_ROWS = 1_048_576;
/** xlsx.write: most columns per row (Excel's column count). */
export const XLSX_MAX_COLUMNS = 16_384;
/** xlsx.write: longest text in one cell, in UTF-16 code units (Excel's limit). */
export const XLSX_MAX_CELL_TEXT_LENGTH = 32_767;
/** xlsx: longest sheet name in characters (Excel's limit). */
export const XLSX_MAX_SHEET_NAME_LENGTH = 31;
/** xlsx.read: most bytes the workbook's parts may inflate to, counted while inflating. */
export const XLSX_MAX_INFLATED_BYTES = 50 * MiB;
/** xlsx.read: most parts (zip entries) in a workbook, and most sheets its workbook.xml may list. */
export const XLSX_MAX_PARTS = 10_000;
/** xlsx.read: largest sheetId accepted (exceljs stores sheets in an array indexed by it). */
export const XLSX_MAX_SHEET_ID = 65_535;
/** xlsx: wall-clock time one call may take in the xlsx worker before the worker is terminated. */
export const XLSX_TIMEOUT_MS = 60_000;
/** xlsx: heap (old generation) of the xlsx worker in MiB (a 1,000,000-cell workbook needs about 500 MiB in exceljs). */
export const XLSX_WORKER_HEAP_MB = 2_048;

// ── zip ───────────────────────────────────────────────────────────────────────────────────────────────────

/** zip.unzip: default and ceiling of `maxEntries` (entries read, directories included); zip.zip: most entries accepted. */
export const ZIP_MAX_ENTRIES = 10_000;
/** zip.unzip: default and ceiling of `maxBytes`, counted on bytes actually inflated across all entries; zip.zip: most input bytes. */
export const ZIP_MAX_INFLATED_BYTES = 50 * MiB;
/** zip.unzip: compressed bytes fed to the inflater per step; one step inflates at most ~1032× this, so the cap is passed by at most one such chunk. */
export const ZIP_INPUT_CHUNK_BYTES = 4 * KiB;
/** zip.zip: longest entry name in UTF-8 bytes. */
export const ZIP_MAX_NAME_BYTES = 1_024;

// ── ocr ───────────────────────────────────────────────────────────────────────────────────────────────────

/** ocr.recognize: languages allowed (each must have its @tesseract.js-data/<lang> package installed). */
export const OCR_LANGUAGES: readonly string[] = Object.freeze(["eng"]);
/** ocr.recognize: most pixels (width × height, read from the image header before decoding). */
export const OCR_MAX_PIXELS = 25_000_000;
/** ocr.recognize: wall-clock time to start the OCR worker (load core and language data). */
export const OCR_START_TIMEOUT_MS = 60_000;
/** ocr.recognize: wall-clock time one recognition may take before the worker is terminated and replaced. */
export const OCR_TIMEOUT_MS = 120_000;

/** wasm: calls one run may make to one WASM module (a manifest may lower it). */
export const WASM_CALLS_PER_RUN = 1_000;
/** wasm: the most WASM_CALLS_PER_RUN may be raised to. */
export const WASM_CALLS_PER_RUN_CEILING = 100_000;
/** wasm: calls of one run and module queued or running at once; one more is refused. */
export const WASM_IN_FLIGHT = 4;
/** wasm: the most WASM_IN_FLIGHT may be raised to. */
export const WASM_IN_FLIGHT_CEILING = 16;
/** wasm: ms one call may run before its worker is terminated and replaced. */
export const WASM_CALL_TIMEOUT_MS = 1_000;
/** wasm: the most WASM_CALL_TIMEOUT_MS may be raised to. */
export const WASM_CALL_TIMEOUT_CEILING_MS = 10_000;
/** wasm: ms a fresh pool worker may take to start; a call's own timeout counts only from then (a thread starting on a loaded machine is not the module's time). */
export const WASM_WORKER_START_MS = 10_000;
/** wasm: ms all of one run's calls to one module may run in total. */
export const WASM_TOTAL_TIME_MS = 10_000;
/** wasm: the most WASM_TOTAL_TIME_MS may be raised to. */
export const WASM_TOTAL_TIME_CEILING_MS = 60_000;
