// Owns papaparse's own pass over a CSV text, the part whose cost a hostile text can blow up (a 5 MiB text of empty
// lines is 5 M rows; one of malformed escapes, 1.7 M errors): it parses, drops empty lines, keeps at most `keep`
// rows (what the page can use), and gives its errors as typed arrays. The same function runs on the calling thread
// for short texts and in the csv worker for long ones (worker.mjs), so both give the same rows; raw-parts.mjs carries
// a result across a thread. Refuses nothing:
// papaparse's exceptions reach the caller. Plain JavaScript because worker threads load files as they are.

import Papa from "papaparse";

/** papaparse's empty-line test for its skipEmptyLines modes. */
export function isEmptyLine(row, mode) {
  if (mode === "greedy") return row.join("").trim() === "";
  return row.length === 1 && row[0].length === 0;
}

/**
 * papaparse's rows of `text` under `config`, but without the empty lines when `skipEmpty` is set and at most `keep`
 * of them. `rawIndex[k]` is the index papaparse gave kept row k (null when every row is kept in order); errors
 * about rows past the cut are dropped, the others are { row, index, kind } columns (-1 for none) over `kinds`,
 * the distinct [type, code, message] triples.
 */
export function parseRaw(text, config, skipEmpty, keep) {
  const parsed = Papa.parse(text, config);
  const data = parsed.data;
  let rows = data;
  let rawIndex = null;
  let cut = data.length;
  if (skipEmpty || data.length > keep) {
    rows = [];
    const indexes = [];
    for (let r = 0; r < data.length; r++) {
      if (skipEmpty && isEmptyLine(data[r], skipEmpty)) continue;
      if (rows.length === keep) {
        cut = r;
        break;
      }
      rows.push(data[r]);
      indexes.push(r);
    }
    if (skipEmpty) rawIndex = Int32Array.from(indexes);
  }
  return { rows, rawIndex, errors: errorColumns(parsed.errors, cut), meta: { delimiter: String(parsed.meta.delimiter), linebreak: String(parsed.meta.linebreak), truncated: Boolean(parsed.meta.truncated) } };
}

function errorColumns(errors, cut) {
  const kept = errors.filter((error) => !(typeof error.row === "number" && error.row >= cut));
  const row = new Int32Array(kept.length);
  const index = new Int32Array(kept.length);
  const kind = new Uint32Array(kept.length);
  const kinds = [];
  const ids = new Map();
  kept.forEach((error, i) => {
    row[i] = typeof error.row === "number" && error.row >= 0 ? error.row : -1;
    index[i] = typeof error.index === "number" ? error.index : -1;
    const triple = [String(error.type), String(error.code), String(error.message)];
    const key = triple.join("\u0000");
    let id = ids.get(key);
    if (id === undefined) {
      id = kinds.length;
      ids.set(key, id);
      kinds.push(triple);
    }
    kind[i] = id;
  });
  return { row, index, kind, kinds };
}

/** A parseRaw result with its rows read through `at` (the shape both threads give; see raw-parts.mjs StreamedRows). */
export function readable(raw) {
  const { rows } = raw;
  return { ...raw, rows: { length: rows.length, at: (k) => rows[k] } };
}
