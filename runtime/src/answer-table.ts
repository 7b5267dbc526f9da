// Owns the tables a call may build its answer from on the binary path (record-rows.ts RowTable), and sending their
// rows ahead of the answer: every PART_ROWS rows added are written as one part (an array of their records, in the
// binary form) and posted at once, so the guest's engine reads each part while the module goes on with the next
// rows; the answer then holds a place for the table, which the worker fills with the parts joined (guest-calls.ts).
// On a 5 MiB CSV the worker's read (~57 ms) then runs beside csv.parse's own loop and the writer's (~58 ms) instead
// of after them.
// Refuses rows past the bound: once the rows added would make the answer's JSON longer than limits.hostDataBytes, the
// table says so (AnswerForms.tooLong), keeps no more rows and stops the module at its next add() with a coded error,
// and the call ends the run with E_HOST_DATA_TOO_LARGE without the answer being expanded and encoded to learn it. A
// part the writer refuses for any other reason (a value the JSON path must tag) stops the streaming, and the table
// then answers with all its rows, which the answer's writer or the JSON path takes; the worker drops parts whose
// answer does not say it holds them.

import { writeBinary } from "./binary-writer.js";
import { RecordRows, type AnswerForms, type RowTable } from "./record-rows.js";

/** Rows per part: ~330 KB of binary for csv rows of 8 short cells, ~6 ms for the guest's engine to read. */
export const PART_ROWS = 4096;
/** What writeBinary's jsonLength counts around a value: `{"v":` and `}`. */
const WRAPPER = '{"v":}'.length;

class StreamedTable implements RowTable {
  private readonly rows: unknown[] = [];
  private sent = 0;
  private parts = 0;
  /** The JSON lengths of the records sent so far, summed. */
  private elements = 0;
  private streaming: boolean;
  /** The rows added made the answer longer than the bound: none are kept, and add() refuses more. */
  private tooLong = false;

  constructor(
    private readonly fields: readonly string[],
    private readonly post: ((bytes: Uint8Array) => void) | undefined,
    private readonly maxJsonLength: number,
    private readonly overBound: () => void,
  ) {
    // Checks the fields now, where the module can see its mistake.
    new RecordRows(fields, []);
    this.streaming = post !== undefined;
  }

  add(row: unknown): void {
    if (this.tooLong) throw Object.assign(new Error(`the answer is longer than limits.hostDataBytes (${this.maxJsonLength}) already; no more rows are taken`), { code: "E_HOST_DATA_TOO_LARGE" });
    this.rows.push(row);
    if (this.streaming && this.rows.length - this.sent >= PART_ROWS) this.flush();
  }

  answer(): unknown {
    if (this.streaming && this.sent < this.rows.length) this.flush();
    const streamed = this.streaming && this.parts > 0 ? { parts: this.parts, elementsLength: this.elements } : undefined;
    return new RecordRows(this.fields, this.rows, streamed);
  }

  private flush(): void {
    const count = this.rows.length - this.sent;
    const onTooLong = () => {
      this.tooLong = true;
      this.rows.length = 0;
      this.overBound();
    };
    const written = writeBinary(new RecordRows(this.fields, this.rows.slice(this.sent)), this.maxJsonLength - this.elements, { onTooLong });
    if (!written) {
      this.streaming = false;
      return;
    }
    // The part's JSON is [r1,…,rn]: its records' lengths are what is left without the brackets, commas and wrapper.
    this.elements += written.jsonLength - WRAPPER - 2 - (count - 1);
    this.post!(written.bytes);
    this.parts++;
    this.sent = this.rows.length;
  }
}

/**
 * The forms one call may shape its answer in; `post` sends a part ahead of the answer (absent: tables are sent whole
 * with it), and `maxJsonLength` bounds what the parts may add up to.
 */
export function answerForms(post?: (bytes: Uint8Array) => void, maxJsonLength = Number.POSITIVE_INFINITY): AnswerForms {
  let used = false;
  let tooLong = false;
  return {
    table(fields) {
      used = true;
      return new StreamedTable(fields, post, maxJsonLength, () => (tooLong = true));
    },
    get used() {
      return used;
    },
    get tooLong() {
      return tooLong;
    },
  };
}
