// `capsule packs compile`: compiles every pack root into the cache, saves the catalog, and reports one row per
// module (compiled | cached | skipped, plus refused packs and pending host/wasm declarations) with codes,
// reasons and warnings. Exits 1 when anything was skipped or refused; a bar is drawn only on a terminal.

import { pruneCache, type CompileResult, type CompileStatus, type Diagnostic, type PruneReport } from "@capsule/compiler";
import { compileRoots } from "./catalog-file.js";
import { makeTable, progressReporter } from "./output.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { shown, shownMessage } from "./terminal-text.js";

interface PacksCompileOptions extends LocationOptions {
  force?: boolean;
  prune?: boolean;
  json?: boolean;
}

type RowStatus = CompileStatus | "admitted" | "refused" | "pending";

interface ModuleRow {
  specifier: string;
  pack: string;
  status: RowStatus;
  code?: string;
  reason?: string;
  warnings: Diagnostic[];
}

export async function packsCompileCommand(options: PacksCompileOptions): Promise<number> {
  const locations = resolveLocations(options);
  const statuses = new Map<string, CompileStatus>();
  const progress = progressReporter();
  let result: CompileResult;
  try {
    result = await compileRoots(locations, {
      force: options.force,
      onProgress: (e) => {
        if (e.type === "module") statuses.set(e.specifier, e.status);
        progress.onProgress(e);
      },
    });
  } catch (error) {
    progress.stop();
    process.stderr.write(`capsule packs compile: ${shownMessage((error as Error).message)}\n`);
    return 1;
  }
  progress.stop();
  const failed = result.catalog.refused.length > 0 || result.stats.skipped > 0 || result.diagnostics.some((d) => d.severity === "error" && !d.pack);
  const prune = options.prune ? await pruneCache(locations.cacheDir, result.catalog) : undefined;
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ catalog: result.catalog, diagnostics: result.diagnostics, stats: result.stats, ...(prune ? { prune } : {}) }, null, 2)}\n`);
    return failed ? 1 : 0;
  }
  const { rows, loose } = moduleRows(result, statuses);
  if (rows.length) {
    const cells = rows.map((r) => [
      r.specifier,
      r.status,
      r.code ?? "",
      [r.reason ?? "", ...warningLines(r.warnings)].filter(Boolean).join("\n"),
    ]);
    process.stdout.write(`${makeTable(["module", "status", "code", "reason / warnings"], cells, [3])}\n`);
  } else {
    process.stdout.write(`no packs found in:\n${locations.roots.map((r) => `  ${r}`).join("\n")}\n`);
  }
  for (const d of loose) process.stdout.write(`${d.severity} ${shown(d.code)}: ${shownMessage(d.message)}\n`);
  process.stdout.write(`${totalsLine(result, rows)}\n`);
  if (failed) process.stdout.write("run `capsule pack check <pack folder>` to see every problem of a refused pack and how to fix it\n");
  process.stdout.write(`catalog: ${locations.catalogFile}\n`);
  if (prune) process.stdout.write(`${pruneLine(prune)}\n`);
  return failed ? 1 : 0;
}

function pruneLine(report: PruneReport): string {
  const kib = (report.freedBytes / 1024).toFixed(0);
  return `pruned: ${report.removedFiles} unused cache file(s), ${kib} KiB freed; ${report.keptFiles} in use kept, ${report.youngFiles} unused but under an hour old kept`;
}

/** One row per module; diagnostics that belong to no row come back as `loose`. */
function moduleRows(result: CompileResult, statuses: ReadonlyMap<string, CompileStatus>): { rows: ModuleRow[]; loose: Diagnostic[] } {
  const rows: ModuleRow[] = [];
  // Guest modules report compiled/cached through progress; host modules are admitted against the registry's pins.
  for (const m of result.catalog.modules) {
    rows.push({ specifier: m.specifier, pack: m.pack, status: statuses.get(m.specifier) ?? (m.kind === "guest" ? "cached" : "admitted"), ...(m.kind !== "guest" ? { reason: `${m.kind} module (facade)` } : {}), warnings: [] });
  }
  for (const p of result.catalog.pending) rows.push({ specifier: p.specifier, pack: p.pack, status: "pending", reason: `${p.kind} module awaiting admission`, warnings: [] });
  for (const r of result.catalog.refused) {
    const skipped = statuses.get(r.specifier) === "skipped";
    let reason = r.message;
    if (!skipped) {
      const errors = result.diagnostics.filter((d) => d.severity === "error" && d.pack === r.pack && !d.specifier);
      const where = errors.find((d) => d.location)?.location;
      if (errors.length > 1) reason += ` (${errors.length} problems in all${where ? `; see \`capsule pack check ${where}\`` : ""})`;
    }
    rows.push({ specifier: r.specifier, pack: r.pack, status: skipped ? "skipped" : "refused", code: r.code, reason, warnings: [] });
  }
  rows.sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));

  const bySpecifier = new Map(rows.map((r) => [r.specifier, r]));
  const firstOfPack = new Map<string, ModuleRow>();
  for (const r of rows) if (!firstOfPack.has(r.pack)) firstOfPack.set(r.pack, r);
  const loose: Diagnostic[] = [];
  for (const d of result.diagnostics) {
    const row = d.specifier ? bySpecifier.get(d.specifier) : d.pack ? firstOfPack.get(d.pack) : undefined;
    if (d.severity === "warning") {
      if (row) row.warnings.push(d);
      else loose.push(d);
    } else if (d.severity === "error" && !row && !d.pack) {
      loose.push(d);
    }
  }
  return { rows, loose };
}

/** One line per warning code: the first message, then how many more of the same code. */
function warningLines(warnings: readonly Diagnostic[]): string[] {
  const byCode = new Map<string, Diagnostic[]>();
  for (const w of warnings) byCode.set(w.code, [...(byCode.get(w.code) ?? []), w]);
  return [...byCode].map(([code, list]) => `warning ${code}: ${list[0]!.message}${list.length > 1 ? ` (+${list.length - 1} more like it)` : ""}`);
}

function totalsLine(result: CompileResult, rows: ModuleRow[]): string {
  const count = (s: RowStatus) => rows.filter((r) => r.status === s).length;
  const warnings = result.diagnostics.filter((d) => d.severity === "warning").length;
  const { stats } = result;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return (
    `${plural(rows.length, "module")}: ${count("compiled")} compiled, ${count("cached")} cached, ${count("skipped")} skipped, ` +
    `${count("refused")} refused, ${count("pending")} pending${count("admitted") ? `, ${count("admitted")} host admitted` : ""}; ${plural(warnings, "warning")}; ` +
    `${Math.round(stats.totalMs)} ms, ${plural(stats.bundlerCalls, "esbuild build")}`
  );
}
