// Owns how the CLI draws tables (cli-table3) and its progress bar (cli-progress): colours and the bar only on
// a terminal, wrapped columns sized to the terminal (or 120 columns when piped), plain text otherwise. Every cell
// goes through shownMessage (terminal-text.ts): a pack's name or message cannot carry escape sequences into a table.

import cliProgress from "cli-progress";
import Table from "cli-table3";
import type { CompileProgress } from "@capsule/compiler";
import { shown, shownMessage } from "./terminal-text.js";

/** Width to lay tables out for. */
function outputWidth(): number {
  return process.stdout.isTTY && process.stdout.columns ? Math.max(60, process.stdout.columns) : 120;
}

/**
 * A table whose columns share the output width: `fixed` columns keep their natural width (capped), the
 * `flexible` ones split what is left and wrap on word boundaries.
 */
export function makeTable(head: string[], cells: string[][], flexible: number[] = []): string {
  const rows = cells.map((row) => row.map((cell) => shownMessage(cell)));
  const width = outputWidth();
  const natural = head.map((h, i) => Math.max(h.length, ...rows.map((r) => longestLine(r[i] ?? ""))) + 2);
  const fixedTotal = natural.reduce((sum, w, i) => (flexible.includes(i) ? sum : sum + w), 0) + head.length + 1;
  const room = Math.max(20 * flexible.length, width - fixedTotal);
  const flexNatural = flexible.reduce((sum, i) => sum + natural[i]!, 0);
  const colWidths = natural.map((w, i) => {
    if (!flexible.includes(i)) return w;
    return flexNatural <= room ? w : Math.max(16, Math.floor((room * w) / flexNatural));
  });
  const tty = process.stdout.isTTY === true;
  const table = new Table({
    head,
    colWidths,
    wordWrap: true,
    wrapOnWordBoundary: true,
    style: tty ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
    // No rule between rows: lists stay compact, and wrapped cells still line up under their column.
    chars: { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" },
  });
  for (const row of rows) table.push(row);
  return table.toString();
}

function longestLine(text: string): number {
  return Math.max(0, ...text.split("\n").map((l) => l.length));
}

/** Progress callbacks for compile(): a bar on stderr when it is a terminal, nothing otherwise. */
export function progressReporter(enabled = process.stderr.isTTY === true): { onProgress: (e: CompileProgress) => void; stop(): void } {
  if (!enabled) return { onProgress: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: "compiling {bar} {value}/{total} {specifier}",
      hideCursor: true,
      clearOnComplete: true,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress(e) {
      if (e.type === "start") {
        if (e.total > 0) {
          bar.start(e.total, 0, { specifier: "" });
          started = true;
        }
      } else if (e.type === "module" && started) {
        bar.update(e.done, { specifier: `${shown(e.specifier)} (${e.status})` });
      } else if (e.type === "end" && started) {
        bar.stop();
        started = false;
      }
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
