// Owns which cells merged ranges hide, without exceljs's merge handling: exceljs expands every <mergeCell> cell by
// cell (a 10 KB file merging A1:XFD1048576 makes it loop over 17 billion cells), so worker.mjs tells it to skip
// <mergeCells> and asks this file instead. A value a file keeps in a merged-away cell (LibreOffice can keep one) is
// hidden, as exceljs hides it (its merged-away cells give the master's value, which read's rule maps to null).
// Refuses nothing itself: prepare.mjs collects the ranges (bounded in number) and bounds references to the grid.
// Work is O((ranges + cells with a value) · log 16,384): a sweep over rows with a Fenwick tree over columns.

const COLUMNS = 16_384;

/** A1-style "A1:C2" (or "A1") as [top, left, bottom, right], or null if it is not one inside the grid. */
export function parseRange(ref, maxRows) {
  const match = /^\s*\$?([A-Za-z]{1,3})\$?([0-9]{1,7})(?::\$?([A-Za-z]{1,3})\$?([0-9]{1,7}))?\s*$/.exec(ref);
  if (!match) return null;
  const column = (letters) => [...letters.toUpperCase()].reduce((value, char) => value * 26 + char.charCodeAt(0) - 64, 0);
  const c1 = column(match[1]);
  const r1 = parseInt(match[2], 10);
  const c2 = match[3] === undefined ? c1 : column(match[3]);
  const r2 = match[4] === undefined ? r1 : parseInt(match[4], 10);
  for (const [v, max] of [[c1, COLUMNS], [c2, COLUMNS], [r1, maxRows], [r2, maxRows]]) if (!(v >= 1 && v <= max)) return null;
  return [Math.min(r1, r2), Math.min(c1, c2), Math.max(r1, r2), Math.max(c1, c2)];
}

/** Coverage counts per column: add over a column span, read one column (a Fenwick tree over differences). */
function coverage() {
  const tree = new Int32Array(COLUMNS + 2);
  const addFrom = (column, delta) => {
    for (let i = column; i <= COLUMNS + 1; i += i & -i) tree[i] += delta;
  };
  return {
    add(left, right, delta) {
      addFrom(left, delta);
      addFrom(right + 1, -delta);
    },
    at(column) {
      let sum = 0;
      for (let i = column; i > 0; i -= i & -i) sum += tree[i];
      return sum;
    },
  };
}

const key = (row, column) => row * (COLUMNS + 1) + column;

/**
 * The cells of `worksheet` that hold a value but lie in a merged range other than at its top-left, as a Set of
 * key(row, column); null when there are no ranges. `ranges` are [top, left, bottom, right].
 */
export function mergedAwayCells(worksheet, ranges) {
  if (!ranges || ranges.length === 0) return null;
  const byTop = [...ranges].sort((a, b) => a[0] - b[0]);
  const byBottom = [...ranges].sort((a, b) => a[2] - b[2]);
  const masters = new Map();
  for (const [top, left] of ranges) masters.set(key(top, left), (masters.get(key(top, left)) ?? 0) + 1);
  const covered = coverage();
  const away = new Set();
  let opened = 0;
  let closed = 0;
  // eachRow visits rows in ascending order, and only rows that exist; eachCell only cells that hold a value.
  worksheet.eachRow((row, r) => {
    while (opened < byTop.length && byTop[opened][0] <= r) {
      const [, left, , right] = byTop[opened++];
      covered.add(left, right, 1);
    }
    while (closed < byBottom.length && byBottom[closed][2] < r) {
      const [, left, , right] = byBottom[closed++];
      covered.add(left, right, -1);
    }
    row.eachCell((cell, c) => {
      if (c > COLUMNS) return;
      if (covered.at(c) > (masters.get(key(r, c)) ?? 0)) away.add(key(r, c));
    });
  });
  return away;
}

/** Whether the cell at row `r`, column `c` is merged away (`away` from mergedAwayCells). */
export function isMergedAway(away, r, c) {
  return away !== null && away.has(key(r, c));
}
