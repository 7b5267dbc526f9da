// Records a host module returns as rows of values (record-rows.ts): the writer sends the bytes it would send for the
// records themselves, any other path gets the records, and a module is handed `records` only when its answer takes
// the binary form.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { writeBinary } from "../src/binary-writer.js";
import { RecordRows, answerForms, expandRecordRows } from "../src/record-rows.js";
import type { CatalogLike, HostModuleCall } from "../src/index.js";
import { useSandbox, valueOf } from "./helpers.js";

/** A null-prototype record as a module builds one ("__proto__" stays a key). */
function record(fields: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  fields.forEach((f, i) => (out[f] = values[i]));
  return out;
}

const FIELDS = ["id", "__proto__", "é€", "2", "1", ""];
/** Rows of every kind of cell, with records among them (rows that had fewer or more values than fields). */
function tableOf(count: number): { rows: unknown[]; records: unknown[] } {
  const cells = ["", "x", "a,\"b\"\n", "\ud83d\ude00", "\ud800", 0, -1, 2 ** 31, 1.5, true, false, null];
  const rows: unknown[] = [];
  const records: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const values = FIELDS.map((_, j) => cells[(i * 7 + j * 3) % cells.length]);
    if (i % 5 === 4) {
      const irregular = record(FIELDS.slice(0, 2), values);
      irregular.__parsed_extra = ["more", i];
      rows.push(irregular);
      records.push(irregular);
    } else {
      rows.push(values);
      records.push(record(FIELDS, values));
    }
  }
  return { rows, records };
}

describe("record rows", () => {
  it("are written as the very bytes of the records they stand for, inside any plain value, with the same JSON length", () => {
    for (const count of [0, 1, 5, 64, 1000]) {
      const { rows, records } = tableOf(count);
      const stand = { rows: new RecordRows(FIELDS, rows), fields: FIELDS, nested: [new RecordRows(["k"], [[1], [2]])], next: null };
      const plain = { rows: records, fields: FIELDS, nested: [[record(["k"], [1]), record(["k"], [2])]], next: null };
      const [a, b] = [writeBinary(stand, Number.POSITIVE_INFINITY), writeBinary(plain, Number.POSITIVE_INFINITY)];
      expect(a && b && Buffer.compare(a.bytes, b.bytes)).toBe(0);
      expect(a!.jsonLength).toBe(JSON.stringify({ v: plain }).length);
      expect(expandRecordRows(stand)).toEqual(plain);
    }
    expect(writeBinary(new RecordRows([], [[], []]), Number.POSITIVE_INFINITY)!.jsonLength).toBe(JSON.stringify({ v: [{}, {}] }).length);
  });

  it("are refused by the writer where the records would be, and a row of the wrong length is never read as a record", () => {
    const { rows, records } = tableOf(100);
    const length = JSON.stringify({ v: records }).length;
    expect(writeBinary(new RecordRows(FIELDS, rows), length)?.jsonLength).toBe(length);
    expect(writeBinary(new RecordRows(FIELDS, rows), length - 1)).toBeUndefined();
    expect(writeBinary(new RecordRows(FIELDS, rows), Number.POSITIVE_INFINITY, 100)).toBeUndefined();
    expect(writeBinary(new RecordRows(["\u0000"], [["tagged key"]]), Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(writeBinary(new RecordRows(["a"], [[undefined]]), Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(writeBinary(new RecordRows(["a", "b"], [["only one"]]), Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(writeBinary(new RecordRows(["a", "b"], [["one", "two", "three"]]), Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(() => expandRecordRows(new RecordRows(["a", "b"], [["only one"]]))).toThrow(/row 0 has 1 values for 2 fields/);
    expect(() => new RecordRows(["a", "a"], [])).toThrow(/distinct strings/);
    expect(() => new RecordRows([1 as unknown as string], [])).toThrow(/distinct strings/);
  });

  it("expand to records keeping an own __proto__ key and each object's prototype", () => {
    const top = JSON.parse('{"__proto__":1}');
    top.rows = new RecordRows(["__proto__"], [[{ x: 1 }]]);
    const out = expandRecordRows(top) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    const [row] = out.rows as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(null);
    expect(Object.hasOwn(row!, "__proto__")).toBe(true);
    const forms = answerForms();
    expect(forms.used).toBe(false);
    expect(forms.records(["a"], [])).toBeInstanceOf(RecordRows);
    expect(forms.used).toBe(true);
  });
});

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const facade = `import bridge from "capsule:bridge";
export async function table(...args) { return bridge.call("test.table", "table", args); }`;
const catalog: CatalogLike = { modules: [{ specifier: "@t/table", pack: "@t/table", kind: "host", hostId: "test.table", sha256: sha(facade), source: facade }] };
const handed: boolean[] = [];
const hostModules = {
  async dispatch(call: HostModuleCall) {
    handed.push(typeof call.records === "function");
    const [count, fields] = call.args as [number, string[] | undefined];
    const { rows, records } = tableOf(count);
    const names = fields ?? FIELDS;
    const shaped = fields ? rows.map((r) => (Array.isArray(r) ? names.map((_, j) => r[j] ?? "") : r)) : rows;
    const plain = fields ? shaped.map((r) => (Array.isArray(r) ? record(names, r) : r)) : records;
    return { rows: call.records ? call.records(names, shaped) : plain, count };
  },
};

describe("record rows in a run", () => {
  const sandbox = useSandbox({ catalog, hostModules, maxWorkers: 1 });
  const source = (count: number, fields?: string[]) =>
    `import { table } from "@t/table"; const got = await table(${count}${fields ? `, ${JSON.stringify(fields)}` : ""}); return { got, plain: got.rows.every((r) => Object.getPrototypeOf(r) === Object.prototype), own: got.rows.length === 0 || Object.hasOwn(got.rows[0], "__proto__") }`;

  it("give the guest what the records give it, on the binary path and on every path that keeps JSON", async () => {
    for (const count of [3, 500]) {
      handed.length = 0;
      const binary = await valueOf(sandbox, source(count));
      const traced = await valueOf(sandbox, { source: source(count), onEvent: () => {} });
      const journaled = await valueOf(sandbox, { source: source(count), journal: () => {} });
      expect(handed).toEqual([true, false, false]);
      expect(binary).toEqual(traced);
      expect(journaled).toEqual(traced);
      expect(binary).toMatchObject({ plain: true, own: true, got: { count, rows: expandRecordRows(tableOf(count).records) } });
    }
  });

  it("fall back to the JSON path where the writer refuses them: a tagged key, or an answer over limits.hostDataBytes", async () => {
    const tagged = await valueOf<{ got: { rows: Record<string, unknown>[] } }>(sandbox, source(70, ["\u0000", "b"]));
    const [first] = tableOf(1).rows as unknown[][];
    expect(Object.entries(tagged.got.rows[0]!)).toEqual([["\u0000", first![0]], ["b", first![1]]]);
    const plainSize = JSON.stringify({ v: { rows: tableOf(500).records, count: 500 } }).length;
    const over = await sandbox.run({ source: source(500), limits: { hostDataBytes: plainSize - 1 } });
    expect(over).toMatchObject({ ok: false, error: { code: "E_HOST_DATA_TOO_LARGE" } });
    const within = await sandbox.run({ source: source(500), limits: { hostDataBytes: plainSize } });
    expect(within.ok).toBe(true);
  });
});
