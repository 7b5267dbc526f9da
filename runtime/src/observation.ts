// Owns rendering a run's result as an observation a model (or a person) reads on its next turn: the console lines,
// the value (JSON for plain data; Map, Set, Date, Error, undefined, bigint, NaN, -0 and bytes shown as what they are),
// or the error with its code, name, message and guest stack (repeated frames collapsed), and one line of host calls.
// Refuses nothing; over maxChars it cuts the value, the console, the error's message and stack, and says what it cut:
// the text is never longer than maxChars. Values deeper than MAX_DEPTH are shown to that depth. Control characters
// (other than newline and tab), line separators and bidi controls are shown as \u escapes, so no guest text writes
// terminal escape sequences or reorders what is shown. Guest text cannot pass for the observation's own lines: each
// console line (and each line of a multi-line error message) starts with "| ", stack lines are indented, and names
// and messages inside a value stay on one line.

import type { RunResult } from "./types.js";

export interface ObservationOptions {
  /** Longest text returned (default 8,000 characters); the value and the console share what the rest leaves. */
  maxChars?: number;
}

const DEFAULT_MAX_CHARS = 8_000;
/** Frames of a run of identical frames kept before the rest are counted. */
const REPEATED_FRAMES_KEPT = 3;
/** Levels of nesting rendered; deeper containers are one "… nested deeper" item (rendering recurses per level). */
export const MAX_DEPTH = 64;
/**
 * C0 controls but tab and newline, DEL and C1 controls (ESC, CSI and OSC drive terminals), the line and paragraph
 * separators, and the bidi controls (which reorder how a line reads): shown escaped.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
/** `text` with those characters as \u escapes (the observation, and doc comments made from descriptions). */
export const escapeControls = (text: string) => text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
/** Guest text laid out as a quote: every line of it starts with "| ", where none of the observation's own lines does. */
const quoted = (text: string) => text.replace(/\n/g, "\n| ");
/** A stack's lines indented (a frame's function name may hold a newline): none starts where the observation's do. */
const indented = (stack: string) => stack.replace(/^(?! )/gm, "    ");
/** Guest text that must stay on its line (an error's name and message inside a value). */
const oneLine = (text: string) => text.replace(/\n/g, "\\n");

export function formatObservation(result: RunResult, options: ObservationOptions = {}): string {
  const maxChars = Math.max(200, options.maxChars ?? DEFAULT_MAX_CHARS);
  // The error's message and stack take at most a quarter of the text each, the warnings a quarter together.
  const quarter = Math.floor(maxChars / 4);
  const closing = result.ok
    ? [`ok (${summary(result)})`, "value:"]
    : [
        fit(`error ${result.error.code} ${oneLine(result.error.name)}: ${quoted(result.error.message)}`, quarter, "error message"),
        ...(result.error.guestStack ? [fitFrames(indented(collapseFrames(result.error.guestStack)), quarter)] : []),
        `(${summary(result)})`,
      ];
  const warnings = (result.warnings ?? []).map((w) => `warning ${w.code}: ${w.message}`).join("\n");
  if (warnings) closing.push(fit(warnings, quarter, "warnings"));
  const fixed = closing.join("\n");
  const logs = result.logs.map((l) => `| ${l.level === "log" || l.level === "info" ? "" : `[${l.level}] `}${quoted(l.message)}`);
  const consoleHead = logs.length ? `console (${logs.length} line${logs.length === 1 ? "" : "s"}${result.stats.logsTruncated ? ", cut by limits.logLines/logBytes" : ""}):` : "";
  let room = maxChars - fixed.length - consoleHead.length - 2;
  // Rendered only a little past what can be shown: cutting a 100 MB value should cost what is kept, not the value.
  const budget: RenderBudget = { left: Math.max(0, room) + 1 };
  const value = result.ok ? renderValue(result.value, "", budget) : "";
  // The console may take half of what is left when there is a value, all of it otherwise; the value takes the rest.
  const consoleText = logs.length ? fit(logs.join("\n"), Math.max(0, result.ok && value.length > room / 2 ? Math.floor(room / 2) : room), "console") : "";
  room -= consoleText.length;
  const parts = logs.length ? [consoleHead, consoleText, fixed] : [fixed];
  if (result.ok) parts.push(fit(value, Math.max(0, room), "value", budget.cut));
  // Escapes lengthen the text, and the summary lines are never cut: the whole is held to maxChars last.
  return fit(escapeControls(parts.join("\n")), maxChars, "observation");
}

/** A stack within `max` characters: its first frames and its last, with a line counting the frames between. */
function fitFrames(stack: string, max: number): string {
  if (stack.length <= max) return stack;
  const lines = stack.split("\n");
  const head: string[] = [];
  const tail: string[] = [];
  let used = 80;
  // Frames are taken from both ends in turn while they fit.
  for (let i = 0, j = lines.length - 1; i <= j; ) {
    const fromHead = head.length <= tail.length;
    const next = fromHead ? lines[i]! : lines[j]!;
    if (used + next.length + 1 > max) break;
    used += next.length + 1;
    if (fromHead) {
      head.push(next);
      i++;
    } else {
      tail.unshift(next);
      j--;
    }
  }
  if (head.length === 0) return fit(stack, max, "stack");
  const cut = lines.length - head.length - tail.length;
  return [...head, `    … ${cut.toLocaleString("en-US")} frames cut`, ...tail].join("\n");
}

function summary(result: RunResult): string {
  const { stats } = result;
  const calls = stats.hostCalls ? `, ${stats.hostCalls} host call${stats.hostCalls === 1 ? "" : "s"}${stats.callTargets ? `: ${targets(stats.callTargets)}` : ""}` : "";
  return `${Math.round(stats.wallMs)} ms, cpu ${Math.round(stats.cpuMs)} ms${calls}`;
}

function targets(counts: Record<string, number>): string {
  return Object.entries(counts).map(([name, n]) => `${name} ×${n}`).join(", ");
}

/** `text` within `max` characters, or its head with a line saying how much was cut (`partial`: text is itself a head). */
function fit(text: string, max: number, what: string, partial = false): string {
  if (text.length <= max && !partial) return text;
  const kept = Math.max(0, Math.min(text.length, max - 80));
  const of = partial ? `more than ${text.length.toLocaleString("en-US")}` : text.length.toLocaleString("en-US");
  return `${text.slice(0, kept)}\n… [${what} truncated: showed ${kept.toLocaleString("en-US")} of ${of} characters]`;
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

/** What renderValue may still write: it stops rendering a container's items once `left` is spent (`cut` says so). */
export interface RenderBudget {
  left: number;
  cut?: boolean;
}

/**
 * A stable rendering: JSON for plain data (2-space indent when long), explicit forms for what JSON cannot say. With a
 * budget, items past it are not rendered (a "… N more" item stands for them), so cutting a huge value costs what is shown.
 */
export function renderValue(value: unknown, indent = "", budget?: RenderBudget, depth = 0): string {
  const text = depth >= MAX_DEPTH && isContainer(value) ? `[… nested deeper than ${MAX_DEPTH} levels]` : renderOne(value, indent, budget, depth + 1);
  // Leaves spend the budget (containers' items already did, so nothing is counted twice), plus a separator each.
  if (budget && !isContainer(value)) budget.left -= text.length + 2;
  return text;
}

const isContainer = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !(value instanceof Date) && !(value instanceof Error) && !(value instanceof RegExp) && !(value instanceof ArrayBuffer);

function renderOne(value: unknown, indent: string, budget: RenderBudget | undefined, depth: number): string {
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
  if (value instanceof Error) return `${oneLine(value.name)}: ${oneLine(value.message)}`;
  if (value instanceof RegExp) return String(value);
  if (value instanceof ArrayBuffer) return `ArrayBuffer(${value.byteLength})`;
  /** Renders each of `count` items with `one(i)` until the budget is spent; the rest become one "… N more" item. */
  const items = (count: number, one: (i: number) => string): string[] => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      if (budget && budget.left <= 0) {
        budget.cut = true;
        out.push(`… ${(count - i).toLocaleString("en-US")} more`);
        break;
      }
      out.push(one(i));
    }
    return out;
  };
  if (ArrayBuffer.isView(value)) {
    const view = value instanceof DataView ? undefined : (value as unknown as ArrayLike<number | bigint>);
    const shown = view ? items(view.length, (i) => renderValue(view[i], inner, budget, depth)) : [];
    return `${value.constructor.name}(${view ? view.length : value.byteLength}) [${shown.join(", ")}]`;
  }
  const list = (open: string, close: string, parts: string[]) => {
    const flat = `${open}${parts.join(", ")}${close}`;
    if (flat.length <= 80 && !flat.includes("\n")) return flat;
    return `${open}\n${parts.map((i) => inner + i).join(",\n")}\n${indent}${close}`;
  };
  if (value instanceof Map) {
    const entries = [...value];
    return `Map(${value.size}) ` + list("{", "}", items(entries.length, (i) => `${renderValue(entries[i]![0], inner, budget, depth)} => ${renderValue(entries[i]![1], inner, budget, depth)}`));
  }
  if (value instanceof Set) {
    const members = [...value];
    return `Set(${value.size}) ` + list("{", "}", items(members.length, (i) => renderValue(members[i], inner, budget, depth)));
  }
  if (Array.isArray(value)) return list("[", "]", items(value.length, (i) => renderValue(value[i], inner, budget, depth)));
  const entries = Object.entries(value as object);
  return list("{", "}", items(entries.length, (i) => {
    const key = JSON.stringify(entries[i]![0]);
    if (budget) budget.left -= key.length + 2;
    return `${key}: ${renderValue(entries[i]![1], inner, budget, depth)}`;
  }));
}
