// Owns rendering the README's reference tables from the data they describe: the shipped modules' exports (from their
// descriptors), every limit row, the tuning constants and the error codes. tests/docs.test.ts checks that the README
// holds exactly what these render, so a table cannot drift from the code. Refuses nothing itself.

import { moduleName, type LimitRow, type ParamShape } from "./descriptor.js";
import { HOST_MODULE_CODES } from "./errors.js";
import { LIMIT_GROUPS } from "./limits.js";
import { SHIPPED_MODULES } from "./shipped.js";
import { TUNING } from "./tuning.js";

const MiB = 1024 * 1024;

const count = (value: number): string => value.toLocaleString("en-US");

/** A byte count that is a whole number of MiB also says so: "5,242,880 (5 MiB)". */
function amount(name: string, value: number): string {
  return /Bytes$/.test(name) && value >= MiB && value % MiB === 0 ? `${count(value)} (${value / MiB} MiB)` : count(value);
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  // A "|" inside a cell (even in code) would end the cell: GitHub's tables take it escaped.
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

const param = (p: ParamShape): string => `${p.name}${p.optional ? "?" : ""}: ${p.type}`;

/** Every guest export of every shipped module, with the argument shapes the registry checks and its summary. */
function renderExportsTable(): string {
  const rows = SHIPPED_MODULES.flatMap((m) => [
    ...Object.entries(m.exports).map(([name, e]) => [`\`${moduleName(m)}.${name}\``, `\`${e.params.map(param).join(", ")}\``, e.summary]),
    ...(m.hostOnly ?? []).map((name) => [`\`${moduleName(m)}.${name}\``, "", "host only: never pinned for guests"]),
  ]);
  return table(["export", "arguments (checked before the implementation loads)", "summary"], rows);
}

/** Which host id and package each shipped module is pinned to, and its subpath of this package. */
function renderModulesTable(): string {
  const rows = SHIPPED_MODULES.map((m) => [`\`@capsule/host-modules/${moduleName(m)}\``, `\`${m.id}\``, `\`${m.package}\``, Object.keys(m.exports).map((e) => `\`${e}\``).join(", ")]);
  return table(["subpath", "host id", "pinned package", "guest exports"], rows);
}

/** Every limit row, grouped as LIMIT_GROUPS groups them. */
function renderLimitsTable(): string {
  const rows = Object.entries(LIMIT_GROUPS).flatMap(([group, limits]) =>
    Object.entries(limits).map(([name, row]: [string, LimitRow]) => [
      `\`${group}.${name}\``,
      amount(name, row.default),
      count(row.floor),
      row.ceiling === row.default ? "= default" : amount(name, row.ceiling),
      `\`${row.code}\``,
      row.doc,
    ]),
  );
  return table(["limit", "default", "floor", "ceiling", "past it", "what it bounds"], rows);
}

function renderTuningTable(): string {
  return table(["constant", "value", "what it tunes"], Object.entries(TUNING).map(([name, row]) => [`\`tuning.${name}\``, count(row.value), row.doc]));
}

function renderCodesTable(): string {
  return table(["code", "meaning", "what to do"], Object.entries(HOST_MODULE_CODES).map(([code, row]) => [`\`${code}\``, row.meaning, row.hint]));
}

/** The README's generated sections by marker name (`<!-- generated:NAME -->` … `<!-- /generated:NAME -->`). */
export const README_SECTIONS: Readonly<Record<string, () => string>> = {
  modules: renderModulesTable,
  exports: renderExportsTable,
  limits: renderLimitsTable,
  tuning: renderTuningTable,
  codes: renderCodesTable,
};
