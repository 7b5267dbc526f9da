// Owns papaparse's own pass over a CSV text, the part whose cost a hostile text can blow up (a 5 MiB text of empty
// lines is 5 M rows; one of malformed escapes, 1.7 M errors): it parses, drops empty lines, keeps at most `keep`
// rows (what the page can use), and gives its errors as typed arrays. The same function runs on the calling thread
// for short texts and in the csv worker for long ones (worker.mjs), so both give the same rows; pack/unpack carry a
// result across a thread as a few strings and typed arrays (cloning 5 M small arrays took 10 s). Refuses nothing:
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

/** `raw` as a message: the cells joined into one string with their lengths, and every typed array transferred. */
export function packRaw(raw) {
  let cells = 0;
  for (const row of raw.rows) cells += row.length;
  const widths = new Uint32Array(raw.rows.length);
  const lengths = new Uint32Array(cells);
  const parts = new Array(cells);
  let c = 0;
  raw.rows.forEach((row, r) => {
    widths[r] = row.length;
    for (const cell of row) {
      lengths[c] = cell.length;
      parts[c++] = cell;
    }
  });
  const { errors } = raw;
  const value = { text: parts.join(""), widths, lengths, rawIndex: raw.rawIndex, errors, meta: raw.meta };
  const transfer = [widths.buffer, lengths.buffer, errors.row.buffer, errors.index.buffer, errors.kind.buffer];
  if (raw.rawIndex) transfer.push(raw.rawIndex.buffer);
  return { value, transfer };
}

/** A parseRaw result with its rows read through `at` (the shape both threads give; see unpackRaw). */
export function readable(raw) {
  const { rows } = raw;
  return { ...raw, rows: { length: rows.length, at: (k) => rows[k] } };
}

/**
 * The result packRaw packed, its rows decoded as they are read (`at(k)` for k = 0, 1, …; any other order scans from
 * the start), so that the caller's own loop, which yields now and then, does the decoding rather than one block.
 */
export function unpackRaw({ text, widths, lengths, rawIndex, errors, meta }) {
  let next = 0;
  let at = 0;
  let c = 0;
  const read = (k) => {
    if (k !== next) {
      next = 0;
      at = 0;
      c = 0;
      while (next < k) for (let j = widths[next++]; j > 0; j--) at += lengths[c++];
    }
    const row = new Array(widths[k]);
    for (let j = 0; j < row.length; j++) {
      const end = at + lengths[c++];
      row[j] = text.slice(at, end);
      at = end;
    }
    next = k + 1;
    return row;
  };
  return { rows: { length: widths.length, at: read }, rawIndex, errors, meta };
}
