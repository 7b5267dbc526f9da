// xlsx.read handed a `table` (a call whose answer crosses to a guest in bulk): with header: true its rows stand for
// exactly the records a call without it returns, and without header it does not use it.
import { afterAll, describe, expect, it } from "vitest";
import { read, shutdown, write } from "../src/xlsx/index.js";

afterAll(async () => {
  await shutdown();
});

interface Stand { fields: readonly string[]; rows: unknown[] }

/** A stand-in for the runtime's table: the rows as added, expanded as the runtime would expand them. */
function standIn() {
  let given: Stand | undefined;
  const table = (fields: readonly string[]) => {
    const stand: Stand = { fields: [...fields], rows: [] };
    return { add: (row: unknown) => void stand.rows.push(row), answer: () => (given = stand) };
  };
  const expand = () =>
    given!.rows.map((row) => {
      expect(Array.isArray(row) && row.length === given!.fields.length).toBe(true);
      const record: Record<string, unknown> = Object.create(null);
      given!.fields.forEach((f, j) => (record[f] = (row as unknown[])[j]));
      return record;
    });
  return { table, given: () => given, expand };
}

const shape = (rows: unknown[]) => rows.map((r) => [Object.getPrototypeOf(r), Object.keys(r as object), Object.values(r as object)]);

describe("xlsx.read with a table", () => {
  it("stands for the same records, hostile and duplicate headers, sparse rows and pages included", async () => {
    const bytes = await write([
      { name: "S", rows: [["name", null, "name", "__proto__", "2"], ["Ada", "x", "L", 36, true], [], [null, null, null, 41, "extra", "past"], ["a"], ["b"], ["c"]] },
    ]);
    for (const options of [{ header: true }, { header: true, maxRows: 2 }, { header: true, offset: 1, maxRows: 2 }, { header: true, offset: 9 }]) {
      const plain = await read(bytes, options);
      const stand = standIn();
      const shaped = await read(bytes, options, { table: stand.table });
      const { rows, ...rest } = shaped;
      const { rows: plainRows, ...plainRest } = plain;
      expect(rest).toEqual(plainRest);
      expect(rows).toBe(stand.given());
      expect(shape(stand.expand())).toEqual(shape(plainRows));
    }
  });

  it("is not used without header: rows are arrays already", async () => {
    const bytes = await write([{ name: "S", rows: [["a", 1], ["b", 2]] }]);
    const stand = standIn();
    const result = await read(bytes, {}, { table: stand.table });
    expect(stand.given()).toBeUndefined();
    expect(result.rows).toEqual([["a", 1], ["b", 2]]);
  });
});
