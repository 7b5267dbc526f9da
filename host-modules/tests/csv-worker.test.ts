// Where csv.parse does papaparse's pass: long texts in the csv worker pool, short ones on the calling thread, with
// the same result either way (the worker's rows cross packed, raw.mjs); the page's rows are built on the calling
// thread in steps between which other runs are served; a run that ends cancels its call on either side.
import Papa from "papaparse";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parse, shutdown, type CsvParseOptions } from "../src/csv/index.js";
import { Isolate } from "../src/isolate.js";
import { TUNING } from "../src/tuning.js";
// @ts-expect-error a vendored fixture module without types
import { CORE_PARSER_TESTS, PARSE_TESTS } from "./fixtures/papaparse/cases.mjs";
import { codeOf } from "./helpers.js";

const FROM_CHARS = TUNING.csvWorkerFromChars.value;
/** The tuning row, written by these tests to send a text to one thread or the other. */
const threshold = TUNING.csvWorkerFromChars as { value: number };

afterEach(() => {
  threshold.value = FROM_CHARS;
  vi.restoreAllMocks();
});
afterAll(() => shutdown());

/** parse's outcome (its result, or its refusal's code) with papaparse's pass on the given thread. */
async function on(thread: "worker" | "calling", text: string, options?: CsvParseOptions): Promise<unknown> {
  threshold.value = thread === "worker" ? 0 : Number.MAX_SAFE_INTEGER;
  try {
    const result = await parse(text, options === undefined ? undefined : structuredClone(options));
    return { ...result, rows: result.rows.map((row) => (Array.isArray(row) ? row : { ...row })) };
  } catch (error) {
    return { refused: (error as { code?: string }).code };
  } finally {
    threshold.value = FROM_CHARS;
  }
}

interface Case { description: string; input: unknown; config: Record<string, unknown> }
const cases = ([...CORE_PARSER_TESTS, ...PARSE_TESTS] as Case[]).filter((test) => typeof test.input === "string");

describe("the same result from either thread", () => {
  it("on every papaparse test case", async () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const test of cases) {
      const options = test.config as CsvParseOptions;
      expect(await on("worker", test.input as string, options), test.description).toEqual(await on("calling", test.input as string, options));
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
      const worker = await on("worker", text, options);
      expect(worker, JSON.stringify(options)).toEqual(await on("calling", text, options));
      expect((worker as { errors?: unknown[] }).errors?.length, JSON.stringify(options)).toBeGreaterThan(0);
    }
  });
});

describe("a long text", () => {
  it("is parsed by papaparse in a worker, a short one on this thread", async () => {
    const sent: unknown[] = [];
    const run = Isolate.prototype.run;
    vi.spyOn(Isolate.prototype, "run").mockImplementation(function (this: Isolate, fn, op, payload, ...rest) {
      sent.push([fn, op, (payload as { text?: string }).text?.length]);
      return run.call(this, fn, op, payload, ...rest);
    });
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
