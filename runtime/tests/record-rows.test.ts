// Records a host module returns as rows of values (record-rows.ts): the writer sends the bytes it would send for the
// records themselves, and any other path gets the records (answer-table.test.ts: tables in a run).
import { describe, expect, it } from "vitest";
import { writeBinary } from "../src/binary-writer.js";
import { RecordRows, expandRecordRows } from "../src/record-rows.js";
import { FIELDS, record, tableOf } from "./helpers/tables.js";

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
    expect(writeBinary(new RecordRows(FIELDS, rows), Number.POSITIVE_INFINITY, { nodes: 100 })).toBeUndefined();
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
  });
});
