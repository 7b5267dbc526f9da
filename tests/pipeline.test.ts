// The whole road with guest and host packs together: a guest reads an xlsx, reshapes it with yaml and csv, and
// returns a zip; the same steps done directly on the host must give the same content.
import { describe, expect, it } from "vitest";
import * as xlsx from "../host-modules/src/xlsx/index.js";
import * as csv from "../host-modules/src/csv/index.js";
import * as zipModule from "../host-modules/src/zip/index.js";
import * as yaml from "js-yaml";
import { shippedSandbox } from "./support/shipped-catalog.js";

const sandbox = await shippedSandbox();

const ORDERS = [
  ["item", "qty", "price"],
  ["tea", 3, 4.5],
  ["cake", 1, 12],
  ["tea", 2, 4.5],
  ["=HYPERLINK(\"x\")", 1, 0],
];

describe("xlsx → yaml and csv → zip, in a guest", () => {
  it("matches the same steps done on the host", async () => {
    const workbook = await xlsx.write([{ name: "Orders", rows: ORDERS }]);
    const result = await sandbox.run<Uint8Array>({
      source: `
        import { read } from "@capsule/xlsx";
        import { stringify } from "@capsule/csv";
        import { zip } from "@capsule/zip";
        import yaml from "@capsule/yaml";
        const book = await data.workbook();
        const { rows } = await read(book, { header: true });
        const totals = {};
        for (const r of rows) totals[r.item] = (totals[r.item] ?? 0) + r.qty * r.price;
        const summary = yaml.dump({ totals, count: rows.length });
        const table = await stringify(Object.entries(totals).map(([item, total]) => ({ item, total })), { escapeFormulae: true });
        return await zip({ "summary.yaml": summary, "totals.csv": table });
      `,
      hostFunctions: { data: { workbook: () => workbook } },
    });
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(Uint8Array);

    const { rows } = await xlsx.read(workbook, { header: true });
    const totals: Record<string, number> = {};
    for (const r of rows as Array<Record<string, number & string>>) totals[r.item] = (totals[r.item] ?? 0) + r.qty * r.price;
    const expected = {
      "summary.yaml": yaml.dump({ totals, count: rows.length }),
      "totals.csv": await csv.stringify(Object.entries(totals).map(([item, total]) => ({ item, total })), { escapeFormulae: true }),
    };
    const { entries } = await zipModule.unzip(result.value);
    const decoded = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
    expect(decoded).toEqual(expected);
    expect(decoded["totals.csv"]).toContain("'=HYPERLINK");
  });
});
