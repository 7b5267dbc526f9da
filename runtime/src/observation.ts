// Owns rendering a run's result as an observation a model (or a person) reads on its next turn: the console lines,
// the value (JSON for plain data; Map, Set, Date, Error, undefined, bigint, NaN, -0 and bytes shown as what they are),
// or the error with its code, name, message and guest stack (repeated frames collapsed), and one line of host calls.
// Refuses nothing; over maxChars it cuts the value and the console, and says what it cut.

import type { RunResult } from "./types.js";

export interface ObservationOptions {
  /** Longest text returned (default 8,000 characters); the value and the console share what the rest leaves. */
  maxChars?: number;
}

const DEFAULT_MAX_CHARS = 8_000;
/** Frames of a run of identical frames kept before the rest are counted. */
const REPEATED_FRAMES_KEPT = 3;

export function formatObservation(result: RunResult, options: ObservationOptions = {}): string {
  const maxChars = Math.max(200, options.maxChars ?? DEFAULT_MAX_CHARS);
  const closing = result.ok
    ? [`ok (${summary(result)})`, "value:"]
    : [`error ${result.error.code} ${result.error.name}: ${result.error.message}`, ...(result.error.guestStack ? [collapseFrames(result.error.guestStack)] : []), `(${summary(result)})`];
  for (const w of result.warnings ?? []) closing.push(`warning ${w.code}: ${w.message}`);
  const fixed = closing.join("\n");
  const logs = result.logs.map((l) => (l.level === "log" || l.level === "info" ? l.message : `[${l.level}] ${l.message}`));
  const consoleHead = logs.length ? `console (${logs.length} line${logs.length === 1 ? "" : "s"}${result.stats.logsTruncated ? ", cut by limits.logLines/logBytes" : ""}):` : "";
  let room = maxChars - fixed.length - consoleHead.length - 2;
  const value = result.ok ? renderValue(result.value) : "";
  // The console may take half of what is left when there is a value, all of it otherwise; the value takes the rest.
  const consoleText = logs.length ? fit(logs.join("\n"), Math.max(0, result.ok && value.length > room / 2 ? Math.floor(room / 2) : room), "console") : "";
  room -= consoleText.length;
  const parts = logs.length ? [consoleHead, consoleText, fixed] : [fixed];
  if (result.ok) parts.push(fit(value, Math.max(0, room), "value"));
  return parts.join("\n");
}

function summary(result: RunResult): string {
  const { stats } = result;
  const calls = stats.hostCalls ? `, ${stats.hostCalls} host call${stats.hostCalls === 1 ? "" : "s"}${stats.callTargets ? `: ${targets(stats.callTargets)}` : ""}` : "";
  return `${Math.round(stats.wallMs)} ms, cpu ${Math.round(stats.cpuMs)} ms${calls}`;
}

function targets(counts: Record<string, number>): string {
  return Object.entries(counts).map(([name, n]) => `${name} ×${n}`).join(", ");
}

/** `text` within `max` characters, or its head with a line saying how much was cut. */
function fit(text: string, max: number, what: string): string {
  if (text.length <= max) return text;
  const kept = Math.max(0, max - 80);
  return `${text.slice(0, kept)}\n… [${what} truncated: showed ${kept.toLocaleString("en-US")} of ${text.length.toLocaleString("en-US")} characters]`;
}

/** Runs of identical frames (recursion) keep their first few frames and a count of the rest. */
export function collapseFrames(stack: string): string {
  const lines = stack.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && lines[j] === lines[i]) j++;
    const run = j - i;
    out.push(...lines.slice(i, i + Math.min(run, REPEATED_FRAMES_KEPT)));
    if (run > REPEATED_FRAMES_KEPT) {
      const name = /^\s*at\s+([^\s(]+)\s+\(/.exec(lines[i])?.[1] ?? "the same frame";
      out.push(`    … ${(run - REPEATED_FRAMES_KEPT).toLocaleString("en-US")} more calls of ${name}`);
    }
    i = j;
  }
  return out.join("\n");
}

/** A stable rendering: JSON for plain data (2-space indent when long), explicit forms for what JSON cannot say. */
export function renderValue(value: unknown, indent = ""): string {
  const inner = indent + "  ";
  switch (typeof value) {
    case "string": return JSON.stringify(value);
    case "number": return Object.is(value, -0) ? "-0" : String(value);
    case "bigint": return `${value}n`;
    case "undefined": return "undefined";
    case "boolean": return String(value);
    case "symbol": return value.toString();
    case "function": return "[Function]";
  }
  if (value === null) return "null";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Date(Invalid)" : `Date(${value.toISOString()})`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value instanceof RegExp) return String(value);
  if (value instanceof ArrayBuffer) return `ArrayBuffer(${value.byteLength})`;
  if (ArrayBuffer.isView(value)) {
    const items = value instanceof DataView ? [] : Array.from(value as unknown as ArrayLike<number | bigint>, (n) => (typeof n === "bigint" ? `${n}n` : String(n)));
    return `${value.constructor.name}(${items.length || value.byteLength}) [${items.join(", ")}]`;
  }
  const list = (open: string, close: string, items: string[]) => {
    const flat = `${open}${items.join(", ")}${close}`;
    if (flat.length <= 80 && !flat.includes("\n")) return flat;
    return `${open}\n${items.map((i) => inner + i).join(",\n")}\n${indent}${close}`;
  };
  if (value instanceof Map) return `Map(${value.size}) ` + list("{", "}", [...value].map(([k, v]) => `${renderValue(k, inner)} => ${renderValue(v, inner)}`));
  if (value instanceof Set) return `Set(${value.size}) ` + list("{", "}", [...value].map((v) => renderValue(v, inner)));
  if (Array.isArray(value)) return list("[", "]", Array.from(value, (v) => renderValue(v, inner)));
  return list("{", "}", Object.entries(value as object).map(([k, v]) => `${JSON.stringify(k)}: ${renderValue(v, inner)}`));
}
