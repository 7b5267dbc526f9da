// Where csv.parse does papaparse's pass: long texts in the csv worker pool, short ones on the calling thread, with
// the same result either way (the worker's rows cross in parts, raw-parts.mjs, of any size); the page's rows are built
// on the calling thread in steps between which other runs are served, from each part as it comes; a run that ends
// cancels its call on either side, before or after its first part.
import Papa from "papaparse";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parse, shutdown, type CsvParseOptions } from "../src/csv/index.js";
import { Isolate } from "../src/isolate.js";
import { TUNING } from "../src/tuning.js";
// @ts-expect-error a vendored fixture module without types
import { CORE_PARSER_TESTS, PARSE_TESTS } from "./fixtures/papaparse/cases.mjs";
import { codeOf } from "./helpers.js";

const FROM_CHARS = TUNING.csvWorkerFromChars.value;
const PART_CELLS = TUNING.csvWorkerPartCells.value;
/** The tuning rows, written by these tests to send a text to one thread or the other, and its rows in parts. */
const threshold = TUNING.csvWorkerFromChars as { value: number };
const partCells = TUNING.csvWorkerPartCells as { value: number };

afterEach(() => {
  threshold.value = FROM_CHARS;
  partCells.value = PART_CELLS;
  vi.restoreAllMocks();
});

/** Spies on the csv pool's jobs: what each was asked, and the parts it sent (each handed to `onEach` too). */
function watchParts(onEach?: (part: unknown, index: number) => void): { sent: unknown[]; parts: unknown[] } {
  const watched = { sent: [] as unknown[], parts: [] as unknown[] };
  const run = Isolate.prototype.run;
  vi.spyOn(Isolate.prototype, "run").mockImplementation(function (this: Isolate, fn, op, payload, transfer, context, onPart) {
    watched.sent.push([fn, op, (payload as { text?: string }).text?.length]);
    const counted = onPart && ((part: unknown) => (watched.parts.push(part), onEach?.(part, watched.parts.length - 1), onPart(part)));
    return run.call(this, fn, op, payload, transfer, context, counted);
  });
  return watched;
}
afterAll(() => shutdown());

/**
 * parse's outcome (its result, or its refusal's code) with papaparse's pass on the given thread; the worker's rows
 * in parts of `cells` cells.
 */
async function on(thread: "worker" | "calling", text: string, options?: CsvParseOptions, cells = PART_CELLS): Promise<unknown> {
  threshold.value = thread === "worker" ? 0 : Number.MAX_SAFE_INTEGER;
  partCells.value = cells;
  try {
    const result = await parse(text, options === undefined ? undefined : structuredClone(options));
    return { ...result, rows: result.rows.map((row) => (Array.isArray(row) ? row : { ...row })) };
  } catch (error) {
    return { refused: (error as { code?: string }).code };
  } finally {
    threshold.value = FROM_CHARS;
    partCells.value = PART_CELLS;
  }
}

interface Case { description: string; input: unknown; config: Record<string, unknown> }
const cases = ([...CORE_PARSER_TESTS, ...PARSE_TESTS] as Case[]).filter((test) => typeof test.input === "string");

describe("the same result from either thread", () => {
  it("on every papaparse test case, with its rows in one part or one part a row", async () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const test of cases) {
      const options = test.config as CsvParseOptions;
      const calling = await on("calling", test.input as string, options);
      expect(await on("worker", test.input as string, options), test.description).toEqual(calling);
      expect(await on("worker", test.input as string, options, 1), test.description).toEqual(calling);
    }
  });

  it("on hostile texts, with empty lines skipped, pages, previews and errors past the page", async () => {
    const unit = (k: number) => ['"a""b",c\n', "\n", " \n", '"x\n', 'd"e",f\r\n', ",,,\n", "#c\n", '\\"q",1e3,TRUE\n'][k % 8]!;
    const text = Array.from({ length: 4000 }, (_, i) => unit((i * 7) % 11)).join("");
    const optionSets: CsvParseOptions[] = [
      {},
      { skipEmptyLines: true },
      { skipEmptyLines: "greedy", header: true },
      { skipEmptyLines: "greedy", offset: 500, maxRows: 300 },
      { header: true, offset: 1000, maxRows: 10, dynamicTyping: true },
      { preview: 50, skipEmptyLines: true },
      { comments: "#", escapeChar: "\\", skipEmptyLines: true, maxRows: 1000 },
      { delimiter: ",", newline: "\n", maxRows: 5 },
    ];
    for (const options of optionSets) {
      const calling = await on("calling", text, options);
      expect((calling as { errors?: unknown[] }).errors?.length, JSON.stringify(options)).toBeGreaterThan(0);
      // Parts ending mid-way through rows of every width, and a part a row.
      for (const cells of [PART_CELLS, 7, 1]) expect(await on("worker", text, options, cells), `${JSON.stringify(options)} in parts of ${cells}`).toEqual(calling);
    }
  });
});

describe("a long text", () => {
  it("is parsed by papaparse in a worker, a short one on this thread", async () => {
    const { sent } = watchParts();
    const long = "a,b,c\n" + "1,2,3\n".repeat(Math.ceil(FROM_CHARS / 6));
    expect((await parse(long)).rows).toEqual(Papa.parse<string[]>(long, { delimiter: "," }).data);
    expect(sent).toEqual([["csv.parse", "parse", long.length]]);
    const short = long.slice(0, FROM_CHARS - 1);
    expect((await parse(short)).rows).toEqual(Papa.parse<string[]>(short, { delimiter: "," }).data);
    expect(sent.length).toBe(1);
  });

  it("is cancelled in its worker when its run ends, and the next call is served", async () => {
    const ended = new AbortController();
    const text = '"\\"'.repeat(Math.ceil((2 * FROM_CHARS) / 3));
    const call = parse(text, { escapeChar: "\\" }, { runId: "run-a", signal: ended.signal });
    setImmediate(() => ended.abort());
    expect(await codeOf(call)).toBe("cancelled");
    expect((await parse("x\n".repeat(FROM_CHARS), { skipEmptyLines: true }, { runId: "run-b" })).rows.length).toBe(FROM_CHARS);
  });

  it("comes back as a head and then its rows in parts of about tuning.csvWorkerPartCells cells", async () => {
    const { parts } = watchParts();
    const rows = Math.ceil(FROM_CHARS / 6);
    const long = "1,2,3\n".repeat(rows);
    expect((await parse(long, { skipEmptyLines: true })).rows.length).toBe(rows);
    // 3 cells a row: a part ends at the row that reaches PART_CELLS cells.
    expect(parts.length).toBe(1 + Math.ceil(rows / Math.ceil(PART_CELLS / 3)));
    expect(parts[0]).toMatchObject({ length: rows });
  });

  it("is cancelled when its run ends after its first rows came, and the next call is served", async () => {
    partCells.value = 64;
    const ended = new AbortController();
    const { parts } = watchParts((_, index) => index === 1 && ended.abort());
    const text = "a,b\n" + "1,2\n".repeat(FROM_CHARS);
    const call = parse(text, { header: true }, { runId: "run-a", signal: ended.signal });
    expect(await codeOf(call)).toBe("cancelled");
    expect(parts.length).toBeLessThan(FROM_CHARS / 32);
    expect((await parse(text, { header: true, maxRows: 3 }, { runId: "run-b" })).rows).toEqual([{ a: "1", b: "2" }, { a: "1", b: "2" }, { a: "1", b: "2" }]);
  });
  it("fails with its worker's failure when the worker goes after the first rows came, and the next call is served", async () => {
    partCells.value = 2;
    const { parts } = watchParts((_, index) => index === 1 && void shutdown());
    const text = "a,b\n" + "1,2\n".repeat(FROM_CHARS);
    const call = parse(text, { header: true }, { runId: "run-a" });
    expect(await codeOf(call)).toBe("internal-error");
    expect(parts.length).toBeLessThan(FROM_CHARS);
    expect((await parse(text, { header: true, maxRows: 3 }, { runId: "run-b" })).rows.length).toBe(3);
  });
});

describe("the page's rows", () => {
  it("stop being built when the run ends between two steps", async () => {
    const ended = new AbortController();
    const added: unknown[] = [];
    // The runtime's table hook is called once the header is read: the run ends there, before the rows.
    const table = (fields: string[]) => {
      ended.abort();
      return { add: (row: unknown) => added.push(row), answer: () => ({ fields, rows: added }) };
    };
    const text = "a,b\n" + "1,2\n".repeat(50_000);
    const call = parse(text, { header: true }, { runId: "run-a", signal: ended.signal, table } as never);
    expect(await codeOf(call)).toBe("cancelled");
    expect(added.length).toBeLessThan(50_000);
  });
});
