// Tables a host module builds its answer from on the binary path (answer-table.ts): their rows go ahead in parts and
// the guest gets exactly the records, on that path and on every path that keeps JSON; a table the writer cannot send
// falls back to the JSON path with nothing of its parts left; a guest's traps on the built-ins are never reached.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PART_ROWS, answerForms } from "../src/answer-table.js";
import { writeBinary } from "../src/binary-writer.js";
import { expandRecordRows } from "../src/record-rows.js";
import type { CatalogLike, HostModuleCall } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";
import { FIELDS, tableOf } from "./helpers/tables.js";

describe("a table sent ahead in parts", () => {
  it("posts every PART_ROWS rows as one part, the tail with its answer, and the answer holds their place", () => {
    for (const count of [0, 1, PART_ROWS - 1, PART_ROWS, PART_ROWS + 1, 3 * PART_ROWS + 17]) {
      const posted: Uint8Array[] = [];
      const forms = answerForms((bytes) => posted.push(bytes));
      expect(forms.used).toBe(false);
      const table = forms.table(FIELDS);
      expect(forms.used).toBe(true);
      const { rows, records } = tableOf(count);
      for (const row of rows) table.add(row);
      const answer = { rows: table.answer(), count };
      expect(posted).toHaveLength(Math.ceil(count / PART_ROWS));
      const written = writeBinary(answer, Number.POSITIVE_INFINITY)!;
      expect(written.jsonLength).toBe(JSON.stringify({ v: { rows: records, count } }).length);
      expect(written.parts).toEqual(count > 0 ? { count: posted.length, key: "rows" } : undefined);
      expect(expandRecordRows(answer)).toEqual({ rows: expandRecordRows(records), count });
    }
  });

  it("stops sending at a part the writer refuses, and then answers with all its rows", () => {
    const posted: Uint8Array[] = [];
    const table = answerForms((bytes) => posted.push(bytes)).table(["a"]);
    for (let i = 0; i < PART_ROWS; i++) table.add([i]);
    table.add(["x".repeat(70_000)]);
    for (let i = 0; i < 2 * PART_ROWS; i++) table.add([i]);
    const answer = table.answer();
    expect(posted).toHaveLength(1);
    expect(writeBinary({ rows: answer }, Number.POSITIVE_INFINITY)).toBeUndefined();
    expect((expandRecordRows(answer) as unknown[]).length).toBe(3 * PART_ROWS + 1);
  });

  it("holds a place only at the answer or one of its own keys", () => {
    const streamed = () => {
      const table = answerForms(() => {}).table(["a"]);
      for (let i = 0; i <= PART_ROWS; i++) table.add([i]);
      return table.answer();
    };
    expect(writeBinary(streamed(), Number.POSITIVE_INFINITY)?.parts).toEqual({ count: 2 });
    expect(writeBinary({ deeper: { rows: streamed() } }, Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(writeBinary({ one: streamed(), two: streamed() }, Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(writeBinary([streamed()], Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const facade = `import bridge from "capsule:bridge";
export async function table(...args) { return bridge.call("test.table", "table", args); }`;
const catalog: CatalogLike = { modules: [{ specifier: "@t/table", pack: "@t/table", kind: "host", hostId: "test.table", sha256: sha(facade), source: facade }] };
const handed: boolean[] = [];
/** A call of shape "held" sends its first parts, says so, and waits for `release` before it adds the rest. */
let held: { sent: () => void; release: Promise<void> } | undefined;
/** Rows a call of shape "counted" added before its table refused more. */
let added = 0;
/** test.table.table(count, shape): a table of `count` rows, as the answer ("whole"), at its key "rows" (as records: "plain"), or then throwing. */
const hostModules = {
  async dispatch(call: HostModuleCall) {
    handed.push(typeof call.table === "function");
    const [count, shape = "rows"] = call.args as [number, string?];
    if (shape === "held" && call.table && held) {
      const table = call.table(FIELDS);
      const { rows } = tableOf(count);
      for (const row of rows.slice(0, 2 * PART_ROWS)) table.add(row);
      held.sent();
      await held.release;
      for (const row of rows.slice(2 * PART_ROWS)) table.add(row);
      return { rows: table.answer(), count };
    }
    const { rows, records } = tableOf(count);
    if (!call.table || shape === "plain") return shape === "whole" ? expandRecordRows(records) : { rows: records, count };
    const table = call.table(FIELDS);
    if (shape === "counted") {
      added = 0;
      for (const row of rows) {
        table.add(row);
        added++;
      }
    }
    for (const row of shape === "counted" ? [] : rows) table.add(row);
    if (shape === "throw") throw Object.assign(new Error("the module failed after its rows"), { code: "parse-failed" });
    if (shape === "big") table.add(FIELDS.map(() => "x".repeat(70_000)));
    return shape === "whole" ? table.answer() : { rows: table.answer(), count };
  },
};

describe("tables in a run", () => {
  const sandbox = useSandbox({ catalog, hostModules, maxWorkers: 1 });
  const source = (count: number, shape = "rows", probe = "got") =>
    `import { table } from "@t/table"; const got = await table(${count}, ${JSON.stringify(shape)}); const rows = Array.isArray(got) ? got : got.rows; return { ${probe === "got" ? "got" : `probe: ${probe}`}, n: rows.length, plain: rows.every((r) => Object.getPrototypeOf(r) === Object.prototype), array: Array.isArray(rows) && Object.getPrototypeOf(rows) === Array.prototype }`;

  it("give the guest what the records give it, on the binary path with parts and on every path that keeps JSON", async () => {
    for (const count of [3, PART_ROWS, 2 * PART_ROWS + 5]) {
      for (const shape of ["rows", "whole"]) {
        handed.length = 0;
        const binary = await valueOf(sandbox, source(count, shape));
        const traced = await valueOf(sandbox, { source: source(count, shape), onEvent: () => {} });
        const journaled = await valueOf(sandbox, { source: source(count, shape), journal: () => {} });
        expect(handed).toEqual([true, false, false]);
        expect(binary).toEqual(traced);
        expect(journaled).toEqual(traced);
        expect(binary).toMatchObject({ n: count, plain: true, array: true });
      }
    }
  });

  it("fall back to the JSON path, parts dropped, when a later row cannot go in the binary form", async () => {
    const value = await valueOf<{ n: number }>(sandbox, source(PART_ROWS + 10, "big", "rows[rows.length - 1][\"id\"].length"));
    expect(value).toMatchObject({ n: PART_ROWS + 11, probe: 70_000 });
    expect(await valueOf(sandbox, "return 1 + 1")).toBe(2);
  });

  it("reject the call when the module fails after sending parts, and the run goes on", async () => {
    const value = await valueOf(sandbox, `import { table } from "@t/table"; try { await table(${3 * PART_ROWS}, "throw"); return "no" } catch (e) { return [e.message, (await table(5)).rows.length] }`);
    expect(value).toEqual([expect.stringContaining("the module failed after its rows"), 5]);
  });

  it("are held to limits.hostDataBytes by the records' exact JSON length", async () => {
    const size = JSON.stringify({ v: { rows: tableOf(2 * PART_ROWS).records, count: 2 * PART_ROWS } }).length;
    expect((await sandbox.run({ source: source(2 * PART_ROWS), limits: { hostDataBytes: size } })).ok).toBe(true);
    expect(await errorOf(sandbox, { source: source(2 * PART_ROWS), limits: { hostDataBytes: size - 1 } })).toMatchObject({ code: "E_HOST_DATA_TOO_LARGE" });
  });

  it("refuse rows past limits.hostDataBytes at add(), and the run ends with E_HOST_DATA_TOO_LARGE", async () => {
    // Before, every row was kept, then expanded to records and encoded as JSON on the main thread to learn its size.
    const size = JSON.stringify({ v: { rows: tableOf(2 * PART_ROWS).records, count: 2 * PART_ROWS } }).length;
    const error = await errorOf(sandbox, { source: source(20 * PART_ROWS, "counted"), limits: { hostDataBytes: size } });
    expect(error).toMatchObject({ code: "E_HOST_DATA_TOO_LARGE", message: expect.stringContaining(`limits.hostDataBytes (${size})`) });
    expect(added).toBeLessThan(4 * PART_ROWS);
    expect(await valueOf(sandbox, source(5))).toMatchObject({ n: 5 });
  });

  it("end a run whose guest memory their parts outgrow with E_MEMORY, caught or not, and the next run is whole", async () => {
    for (const body of [`return (await table(${24 * PART_ROWS})).rows.length`, `try { return (await table(${24 * PART_ROWS})).rows.length } catch (e) { return String(e) }`]) {
      const result = await sandbox.run({ source: `import { table } from "@t/table"; ${body}`, limits: { memoryBytes: 8 * 1024 * 1024, hostDataBytes: 64 * 1024 * 1024 } });
      expect(result).toMatchObject({ ok: false, error: { code: "E_MEMORY" } });
    }
    expect(await valueOf(sandbox, source(5))).toMatchObject({ n: 5 });
  });

  it("end with their run when it is cancelled between parts: the rest is dropped, and the next run is whole", async () => {
    let sent!: () => void;
    let release!: () => void;
    const started = new Promise<void>((resolve) => (sent = resolve));
    held = { sent, release: new Promise<void>((resolve) => (release = resolve)) };
    const controller = new AbortController();
    const pending = sandbox.run({ source: `import { table } from "@t/table"; return (await table(${4 * PART_ROWS}, "held")).rows.length`, signal: controller.signal });
    await started;
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: "E_CANCELLED" } });
    release();
    held = undefined;
    expect(await valueOf(sandbox, source(PART_ROWS + 3))).toMatchObject({ n: PART_ROWS + 3 });
  });

  it("are joined with no guest trap on the built-ins reached (beyond what a call without parts reaches)", async () => {
    // Descriptors without a prototype: the traps on Object.prototype below would break the guest's own literals.
    const traps = `globalThis.hits = 0;
      const trap = (get) => Object.assign(Object.create(null), { get, configurable: true });
      Object.defineProperty(Array.prototype, "constructor", trap(() => (hits++, Array)));
      Object.defineProperty(Array, Symbol.species, trap(() => (hits++, Array)));
      for (let i = 0; i < 3; i++) Object.defineProperty(Array.prototype, String(i), Object.assign(Object.create(null), { set() { hits++; }, configurable: true }));
      for (const proto of [Object.prototype, Array.prototype]) {
        Object.defineProperty(proto, Symbol.isConcatSpreadable, trap(() => (hits++, true)));
        for (const key of ["get", "set", "value", "writable", "enumerable", "configurable"]) Object.defineProperty(proto, key, trap(() => (hits++, undefined)));
      }`;
    const run = (shape: string) => valueOf<{ hits: number; n: number; keys: string }>(sandbox, `${traps}
      import { table } from "@t/table";
      const got = await table(${2 * PART_ROWS + 1}, "${shape}");
      const hitsThen = hits;
      return { hits: hitsThen, n: got.rows.length, keys: Object.keys(got).join() }`);
    const [withParts, without] = [await run("rows"), await run("plain")];
    expect(withParts).toEqual({ hits: without.hits, n: 2 * PART_ROWS + 1, keys: "rows,count" });
  });
});
