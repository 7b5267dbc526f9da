// Shared by the table tests (record-rows, answer-table): records as a module builds them, and rows of every kind.

/** A null-prototype record as a module builds one ("__proto__" stays a key). */
export function record(fields: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  fields.forEach((f, i) => (out[f] = values[i]));
  return out;
}

export const FIELDS = ["id", "__proto__", "é€", "2", "1", ""];
/** Rows of every kind of cell, with records among them (rows that had fewer or more values than fields). */
export function tableOf(count: number): { rows: unknown[]; records: unknown[] } {
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
