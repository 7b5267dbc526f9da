// Owns rendering limit rows as the Markdown table README.md shows (a test checks the README holds exactly this
// output for the compiler's rows and the wasm admission rows, so the table cannot drift from the code). Sizes are
// shown in B/KiB/MiB, times in ms, counts as numbers; the unit comes from the limit's name. Refuses nothing.

import type { LimitRow } from "./limits.js";

const KiB = 1024;
const MiB = 1024 * KiB;

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

function shown(name: string, n: number): string {
  if (/(_BYTES|Bytes)$/.test(name)) {
    if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
    if (n >= KiB && n % KiB === 0) return `${n / KiB} KiB`;
    return `${grouped(n)} B`;
  }
  if (/_MS$/.test(name)) return `${grouped(n)} ms`;
  return grouped(n);
}

/** The rows as a Markdown table, one line per row in the rows' order, ending with a newline. */
export function renderLimitsTable(rows: Readonly<Record<string, LimitRow>>): string {
  const lines = ["| limit | default | floor | ceiling | code | bounds |", "|---|---|---|---|---|---|"];
  for (const [name, row] of Object.entries(rows)) {
    lines.push(`| \`${name}\` | ${shown(name, row.default)} | ${shown(name, row.floor)} | ${shown(name, row.ceiling)} | \`${row.code}\` | ${row.doc} |`);
  }
  return `${lines.join("\n")}\n`;
}
