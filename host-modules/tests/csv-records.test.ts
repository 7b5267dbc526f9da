// csv.parse handed a `table` (a call whose answer crosses to a guest in bulk): its rows stand for exactly the records
// a call without it returns, on papaparse's own cases and on the pack's edge cases (typing, irregular rows, hostile
// and duplicate header names, pages).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse, type CsvParseOptions } from "../src/csv/index.js";
import { CORE_PARSER_TESTS, PARSE_TESTS } from "./fixtures/papaparse/cases.mjs";

interface Case { description: string; input: unknown; config: Record<string, unknown> }
interface Stand { fields: readonly string[]; rows: readonly unknown[] }

/** What the runtime makes of a stand-in: each array row as the null-prototype record of `fields`. */
function expand({ fields, rows }: Stand): unknown[] {
  return rows.map((row) => {
    if (!Array.isArray(row)) return row;
    expect(row).toHaveLength(fields.length);
    const record: Record<string, unknown> = Object.create(null);
    fields.forEach((f, j) => (record[f] = row[j]));
    return record;
  });
}

/** Keys (in order), prototype and values of each row: what the guest would see of it. */
const shape = (rows: unknown[]) => rows.map((r) => [Object.getPrototypeOf(r), Object.keys(r as object), Object.values(r as object)]);

let stood = 0;
async function compare(text: string, options: Record<string, unknown>): Promise<void> {
  const copy = () => JSON.parse(JSON.stringify(options)) as CsvParseOptions;
  let plain: Awaited<ReturnType<typeof parse>> | undefined;
  let plainError: unknown;
  try {
    plain = await parse(text, copy());
  } catch (error) {
    plainError = error;
  }
  let given: Stand | undefined;
  const table = (fields: readonly string[]) => {
    const rows: unknown[] = [];
    const stand = { fields: [...fields], rows };
    return { add: (row: unknown) => void rows.push(row), answer: () => (given = stand) };
  };
  if (plainError) return expect(parse(text, copy(), { table })).rejects.toEqual(plainError);
  const shaped = await parse(text, copy(), { table });
  // The table is made once the header row is read: a text without one returns its (no) rows plainly.
  expect(given !== undefined).toBe(options.header === true && plain!.fields.length > 0);
  const { rows, ...rest } = shaped;
  const { rows: plainRows, ...plainRest } = plain!;
  expect(rest).toEqual(plainRest);
  if (!given) return expect(rows).toEqual(plainRows);
  expect(rows).toBe(given);
  expect(given.fields).toEqual(plain!.fields);
  if (given.rows.some(Array.isArray)) stood++;
  expect(shape(expand(given))).toEqual(shape(plainRows as unknown[]));
}

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  // papaparse warns on the console when it renames duplicate headers.
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => warn.mockRestore());

describe("csv.parse with records", () => {
  it.each([...(CORE_PARSER_TESTS as Case[]), ...(PARSE_TESTS as Case[])].filter((t) => typeof t.input === "string").map((t) => [t.description, t]))(
    "stands for the same records: %s",
    async (_d, test) => {
      const { config, input } = test as Case;
      await compare(input as string, { ...config, header: true });
      await compare(input as string, config);
    },
  );

  it("stands for the same records on typed, irregular, hostile and paged tables, and sends regular rows as arrays", async () => {
    stood = 0;
    const table = "id,__proto__,2,1,constructor,id,,toString\n1,x,true,,2.5,dup,e,f\n2,y\n3,z,FALSE,4,5,6,7,8,9,10\n\n4,w,1e3,-0,x,y,z,w\n";
    for (const options of [
      { header: true },
      { header: true, dynamicTyping: true },
      { header: true, dynamicTyping: { "2": true, id: true } },
      { header: true, skipEmptyLines: true },
      { header: true, skipEmptyLines: "greedy", maxRows: 2 },
      { header: true, offset: 1, maxRows: 2 },
      { header: true, preview: 2 },
    ]) {
      await compare(table, options);
      await compare(`\ufeff${table}`, options);
    }
    expect(stood).toBeGreaterThan(0);
  });
});
