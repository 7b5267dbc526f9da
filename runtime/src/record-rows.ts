// Owns the stand-in a host module may return for an array of records that share one field list (csv.parse's rows):
// each row kept as the array of its values, as the module parsed it, instead of an object built per row only to be
// walked again by the writer. It exists only between a module and this runtime's host-call server, and only when the
// call's answer crosses to the guest in the binary form (the server hands the module `table` for that call alone):
// binary-writer.ts writes each row as the record it stands for, and any other path gets the records themselves
// (expandRecordRows), so the guest receives the same value either way.
// Refuses (as a TypeError, the module's bug) a field list that is not distinct strings.

/** Rows of a table sent ahead of its answer, in parts (answer-table.ts): how many, and their records' JSON lengths summed. */
export interface StreamedRows {
  parts: number;
  elementsLength: number;
}

/** An array of records with keys `fields`: a row that is an array holds their values in order; any other row is a record already. */
export class RecordRows {
  constructor(
    readonly fields: readonly string[],
    readonly rows: readonly unknown[],
    /** Set when every row was already sent, in parts: the answer then holds a place for them (binary-writer.ts). */
    readonly streamed?: StreamedRows,
  ) {
    if (!Array.isArray(fields) || !Array.isArray(rows)) throw new TypeError("a table takes its fields and rows as arrays");
    if (fields.some((f) => typeof f !== "string") || new Set(fields).size !== fields.length) {
      throw new TypeError("a table's fields must be distinct strings");
    }
  }

  /** The row at `i` as its record (null-prototype, as a module would build it). */
  record(i: number): unknown {
    const row = this.rows[i];
    if (!Array.isArray(row)) return row;
    if (row.length !== this.fields.length) throw new TypeError(`a table's row ${i} has ${row.length} values for ${this.fields.length} fields`);
    const out: Record<string, unknown> = Object.create(null);
    for (let j = 0; j < row.length; j++) out[this.fields[j]!] = row[j];
    return out;
  }
}

/** What a call's target may be handed to shape its answer for the binary form; `used` says whether it did. */
export interface AnswerForms {
  /** A table of records with keys `fields`, its rows added one by one (answer-table.ts streams them as parts). */
  table(fields: readonly string[]): RowTable;
  readonly used: boolean;
  /** A table's rows made the answer longer than the bound it was given (limits.hostDataBytes): it cannot be sent. */
  readonly tooLong?: boolean;
}

/** A module's table: add() each row (the array of its values in `fields` order, or a record), then answer() is the stand-in to return. */
export interface RowTable {
  add(row: unknown): void;
  answer(): unknown;
}

/** Deeper than the writer goes (binary-writer.ts's MAX_DEPTH): such a value takes the JSON path, which refuses it. */
const MAX_DEPTH = 1000;

/**
 * `value` with every RecordRows in it replaced by its records: plain objects (any prototype kept out, as JSON would
 * see them) and arrays are walked; nothing else is looked into.
 */
export function expandRecordRows(value: unknown, depth = 0): unknown {
  if (value instanceof RecordRows) return value.rows.map((_, i) => value.record(i));
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => expandRecordRows(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = Object.create(proto);
  for (const key of Object.keys(value)) {
    // defineProperty, so that a "__proto__" key stays a key.
    Object.defineProperty(out, key, { value: expandRecordRows((value as Record<string, unknown>)[key], depth + 1), writable: true, enumerable: true, configurable: true });
  }
  return out;
}
