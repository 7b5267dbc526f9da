// Owns how a parseRaw result crosses from the csv worker: a head (the row count, rawIndex, errors, meta), then the
// rows in parts of about `partCells` cells, each its cells joined into one string with their lengths (cloning 5 M
// small arrays took 10 s), so that the calling thread builds the page's first rows while the worker packs the next
// (one packed message made it wait for all of them: ~30 ms of 5 MiB). StreamedRows reads them back in order as they
// come. Refuses nothing: a worker's failure mid-way reaches the reader's next wait. Plain JavaScript because worker
// threads load files as they are.

/** `raw` as messages, each { value, transfer }: the head first, then the parts of its rows. */
export function* packParts(raw, partCells) {
  const { errors, rawIndex } = raw;
  const transfer = [errors.row.buffer, errors.index.buffer, errors.kind.buffer];
  if (rawIndex) transfer.push(rawIndex.buffer);
  yield { value: { length: raw.rows.length, rawIndex, errors, meta: raw.meta }, transfer };
  const rows = raw.rows;
  for (let first = 0; first < rows.length; ) {
    let end = first;
    let cells = 0;
    // At least one row a part, however wide.
    do cells += rows[end++].length;
    while (end < rows.length && cells < partCells);
    const widths = new Uint32Array(end - first);
    const lengths = new Uint32Array(cells);
    const texts = new Array(cells);
    let c = 0;
    for (let r = first; r < end; r++) {
      const row = rows[r];
      widths[r - first] = row.length;
      for (let j = 0; j < row.length; j++) {
        lengths[c] = row[j].length;
        texts[c++] = row[j];
      }
    }
    yield { value: { text: texts.join(""), widths, lengths }, transfer: [widths.buffer, lengths.buffer] };
    first = end;
  }
}

/**
 * The rows of a head's result as its parts arrive (add), read in order through `at(k)` once `ready(k)` says row k is
 * here (any other order scans its part from the start). After fail(), a wait for a row not here rejects with why.
 */
export class StreamedRows {
  #parts = [];
  #received = 0;
  #failure = undefined;
  #wake = undefined;
  // Where the next row in order starts: its part, its cell, its character.
  #part = 0;
  #next = 0;
  #cell = 0;
  #at = 0;

  constructor(length) {
    this.length = length;
  }

  add({ text, widths, lengths }) {
    this.#parts.push({ first: this.#received, text, widths, lengths });
    this.#received += widths.length;
    this.#settle();
  }

  fail(error) {
    this.#failure ??= error;
    this.#settle();
  }

  /** undefined when row k is here, else a promise settled when it is (or rejected with the worker's failure). */
  ready(k) {
    if (k < this.#received) return undefined;
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#wake = { resolve, reject };
    }).then(() => this.ready(k));
  }

  at(k) {
    if (k !== this.#next) this.#seek(k);
    let part = this.#parts[this.#part];
    if (k - part.first === part.widths.length) {
      part = this.#parts[++this.#part];
      this.#cell = 0;
      this.#at = 0;
    }
    const { text, widths, lengths } = part;
    const row = new Array(widths[k - part.first]);
    for (let j = 0; j < row.length; j++) {
      const end = this.#at + lengths[this.#cell++];
      row[j] = text.slice(this.#at, end);
      this.#at = end;
    }
    this.#next = k + 1;
    return row;
  }

  #seek(k) {
    let p = this.#parts.length - 1;
    while (this.#parts[p].first > k) p--;
    const { first, widths, lengths } = this.#parts[p];
    this.#part = p;
    this.#cell = 0;
    this.#at = 0;
    for (let r = first; r < k; r++) for (let j = widths[r - first]; j > 0; j--) this.#at += lengths[this.#cell++];
    this.#next = k;
  }

  #settle() {
    const wake = this.#wake;
    this.#wake = undefined;
    if (wake) this.#failure === undefined ? wake.resolve() : wake.reject(this.#failure);
  }
}
