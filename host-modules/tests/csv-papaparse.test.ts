// csv.parse and csv.stringify against papaparse itself, over papaparse's own upstream test cases (vendored in
// fixtures/papaparse/cases.mjs, see extract.mjs there): for the same input and options the pack gives papaparse's
// rows, fields, errors and meta, or refuses where papaparse would throw. The deliberate differences are asserted as
// such: null-prototype records, ISO dates kept as their text, escapeFormulae's own prefix test, error rows that index
// the returned rows, and options refused by name.

import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse, stringify } from "../src/csv/index.js";
import { FORMULA_PREFIX } from "../src/csv/stringify.js";
// @ts-expect-error a vendored fixture module without types
import { CORE_PARSER_TESTS, PARSE_TESTS, UNPARSE_TESTS } from "./fixtures/papaparse/cases.mjs";
import { codeOf, refusal } from "./helpers.js";

interface Case { description: string; input: unknown; config: Record<string, unknown> }

/** A deep copy (papaparse writes into its config and input). */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value instanceof Date || value instanceof RegExp || value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
}

/**
 * papaparse's data as the pack is meant to give it: records as they are (the pack's have no prototype; toEqual
 * ignores that, and a test below checks it), a Date as the text it was typed from (the pack keeps ISO dates as
 * strings: no class instance crosses), found at the same place in the pack's rows.
 */
function expectedRows(native: unknown, ours: unknown): unknown {
  if (native instanceof Date) {
    expect(typeof ours).toBe("string");
    expect(new Date(ours as string).getTime()).toBe(native.getTime());
    return ours;
  }
  if (Array.isArray(native)) return native.map((v, i) => expectedRows(v, (ours as unknown[] | undefined)?.[i]));
  if (native && typeof native === "object") {
    return Object.fromEntries(Object.entries(native).map(([k, v]) => [k, expectedRows(v, (ours as Record<string, unknown> | undefined)?.[k])]));
  }
  return native;
}

const plain = (rows: unknown[]) => rows.map((r) => (Array.isArray(r) ? r : { ...(r as object) }));

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  // papaparse warns on the console when it renames duplicate headers.
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => warn.mockRestore());

/**
 * Upstream cases where the pack deliberately differs, with what it does instead: papaparse silently ignores an
 * option it cannot use (the pack refuses it), and loses a header named __proto__ in its records (the pack's records
 * have no prototype, so it is an ordinary key).
 */
const DIFFERENT: Record<string, (test: Case) => Promise<void>> = {
  "Bad comments value specified": async (test) => expect(await codeOf(parse(test.input as string, clone(test.config)))).toBe("option-invalid"),
  "Bad delimiter (\\n)": async (test) => {
    const call = typeof test.input === "string" ? parse(test.input, clone(test.config)) : stringify(clone(test.input), clone(test.config));
    expect(await codeOf(call)).toBe("option-invalid");
  },
  "Duplicate header names with __proto__ field": async (test) => {
    const native = Papa.parse(test.input as string, clone(test.config) as Papa.ParseConfig<unknown>);
    const ours = await parse(test.input as string, clone(test.config));
    expect(ours.fields).toEqual(native.meta.fields);
    for (const row of ours.rows) expect(Object.getPrototypeOf(row)).toBeNull();
    // papaparse's plain-object records drop the "__proto__" key (assigning it sets their prototype); the pack keeps it.
    expect(Object.keys(ours.rows[0]!)).toEqual(native.meta.fields);
    expect(Object.keys(native.data[0] as object)).not.toContain("__proto__");
  },
};

async function compareParse(test: Case): Promise<void> {
  if (Object.hasOwn(DIFFERENT, test.description)) return DIFFERENT[test.description]!(test);
  let native: Papa.ParseResult<unknown>;
  try {
    native = Papa.parse(test.input as string, clone(test.config) as Papa.ParseConfig<unknown>) as Papa.ParseResult<unknown>;
  } catch {
    // papaparse throws (a comment prefix equal to the delimiter): the pack refuses the call.
    expect(["parse-failed", "option-invalid"]).toContain(await codeOf(parse(test.input as string, clone(test.config))));
    return;
  }
  const ours = await parse(test.input as string, clone(test.config));
  expect(plain(ours.rows)).toEqual(expectedRows(native.data, ours.rows));
  expect(ours.fields).toEqual(test.config.header ? native.meta.fields : []);
  const project = (e: { type: string; code: string; message: string; index?: number }) => ({ type: e.type, code: e.code, message: e.message, index: e.index });
  expect(ours.errors.map(project)).toEqual(native.errors.map(project));
  // A field-count error is about a data row in both; the pack maps papaparse's raw-line rows (quote errors) to rows.
  expect(ours.errors.filter((e) => e.type === "FieldMismatch").map((e) => e.row)).toEqual(native.errors.filter((e) => e.type === "FieldMismatch").map((e) => e.row));
  expect(ours.meta).toEqual({
    delimiter: native.meta.delimiter,
    linebreak: native.meta.linebreak,
    truncated: native.meta.truncated,
    renamedHeaders: (native.meta as { renamedHeaders?: unknown }).renamedHeaders ?? null,
  });
  expect(ours.truncated).toBe(false);
}

describe("csv.parse gives papaparse's result on papaparse's own test cases", () => {
  it.each((CORE_PARSER_TESTS as Case[]).map((t) => [t.description, t]))("core parser: %s", async (_d, test) => compareParse(test as Case));
  it.each((PARSE_TESTS as Case[]).map((t) => [t.description, t]))("parse: %s", async (_d, test) => compareParse(test as Case));

  it("covers the options the upstream cases use", () => {
    const used = new Set([...CORE_PARSER_TESTS, ...PARSE_TESTS].flatMap((t: Case) => Object.keys(t.config)));
    for (const option of ["header", "delimiter", "comments", "skipEmptyLines", "quoteChar", "escapeChar", "dynamicTyping", "preview", "newline", "skipFirstNLines", "fastMode"]) {
      expect(used, option).toContain(option);
    }
  });
});

describe("csv.stringify gives papaparse's unparse on papaparse's own test cases", () => {
  it.each((UNPARSE_TESTS as Case[]).map((t) => [t.description, t]))("unparse: %s", async (_d, raw) => {
    const test = raw as Case;
    if (Object.hasOwn(DIFFERENT, test.description)) return DIFFERENT[test.description]!(test);
    const config = clone(test.config);
    if (config.escapeFormulae instanceof RegExp) {
      // A caller's RegExp would run on the host: refused by name.
      const error = await refusal(stringify(clone(test.input), config as never));
      expect(error.code).toBe("option-unsupported");
      expect(error.message).toContain('"escapeFormulae"');
      return;
    }
    // The pack's escapeFormulae: true is its own prefix test (deliberately wider than papaparse's, see csv.test.ts).
    const nativeConfig = config.escapeFormulae === true ? { ...config, escapeFormulae: FORMULA_PREFIX } : config;
    let native: string;
    try {
      native = Papa.unparse(clone(test.input) as never, clone(nativeConfig) as Papa.UnparseConfig);
    } catch {
      expect(["option-invalid", "input-invalid"]).toContain(await codeOf(stringify(clone(test.input), config as never)));
      return;
    }
    expect(await stringify(clone(test.input), config as never)).toBe(native);
  });
});
