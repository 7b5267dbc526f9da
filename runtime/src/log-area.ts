// Owns a run's console lines as shared memory: the worker writes every line it keeps (guest-console.ts) into an area
// the host gave the run, so a run whose worker is terminated (a guest stuck in native code, a recursion that catches
// its stack overflows, a cancel the guest did not yield to) or dies still reports what it printed. A run that ends
// normally carries its lines in its outcome as before; the host reads the area only when the worker could not answer.
// Refuses nothing: lines past the area's room are counted, and the host notes how many were lost.
//
// Areas are recycled (allocating 64 KiB of shared memory costs ~8 µs, a trivial run ~160 µs): one goes back to the
// free list only after its worker answered the run, never after the worker was terminated (a dying thread could still
// write into it while another run owned it).

import type { LogEntry } from "./protocol.js";

/** Bytes of one area: 16 of header, then UTF-16 records (level, length in two units, the text). */
export const LOG_AREA_BYTES = 64 * 1024;
const HEADER_BYTES = 16;
// Int32 words of the header.
const UNITS = 0; // UTF-16 units of complete records written (published last, so a reader sees whole records only)
const KEPT = 1; // records written
const SEEN = 2; // lines the console kept, written or not
const TRUNCATED = 3; // 1 once the console cut the run's output (limits.logLines / logBytes)
const RECORD_HEAD = 3;
const LEVELS: LogEntry["level"][] = ["log", "info", "warn", "error", "debug"];
const FREE_MAX = 8;
const free: SharedArrayBuffer[] = [];

/** An area for one run, or undefined where there is no shared memory (a page that is not cross-origin isolated). */
export function takeLogArea(): SharedArrayBuffer | undefined {
  if (free.length) return free.pop();
  const shared = typeof SharedArrayBuffer === "function" && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
  return shared ? new SharedArrayBuffer(LOG_AREA_BYTES) : undefined;
}

/** Gives back the area of a run whose worker answered it (so no thread writes to it any more). */
export function returnLogArea(area: SharedArrayBuffer | undefined): void {
  if (!area || free.length >= FREE_MAX) return;
  new Int32Array(area, 0, 4).fill(0);
  free.push(area);
}

/** The worker's side: appends each kept line while it fits, and counts every line. */
export class LogAreaWriter {
  private readonly header: Int32Array;
  private readonly text: Uint16Array;
  private units = 0;
  private kept = 0;
  private seen = 0;

  constructor(area: SharedArrayBuffer) {
    this.header = new Int32Array(area, 0, 4);
    this.text = new Uint16Array(area, HEADER_BYTES);
  }

  append(level: LogEntry["level"], message: string, truncated: boolean): void {
    Atomics.store(this.header, SEEN, ++this.seen);
    if (truncated) Atomics.store(this.header, TRUNCATED, 1);
    const length = message.length;
    if (this.units + RECORD_HEAD + length > this.text.length) return;
    const text = this.text;
    let at = this.units;
    text[at++] = Math.max(0, LEVELS.indexOf(level));
    text[at++] = length >>> 16;
    text[at++] = length & 0xffff;
    for (let i = 0; i < length; i++) text[at + i] = message.charCodeAt(i);
    this.units = at + length;
    Atomics.store(this.header, KEPT, ++this.kept);
    Atomics.store(this.header, UNITS, this.units);
  }
}

/** The host's side, after the worker was terminated: the lines written, a note for those that did not fit. */
export function readLogArea(area: SharedArrayBuffer | undefined): { logs: LogEntry[]; truncated: boolean } {
  if (!area) return { logs: [], truncated: false };
  const header = new Int32Array(area, 0, 4);
  const text = new Uint16Array(area, HEADER_BYTES);
  const units = Math.min(Atomics.load(header, UNITS), text.length);
  const seen = Atomics.load(header, SEEN);
  const logs: LogEntry[] = [];
  let at = 0;
  while (at + RECORD_HEAD <= units) {
    const level = LEVELS[text[at]!] ?? "log";
    const length = text[at + 1]! * 0x10000 + text[at + 2]!;
    at += RECORD_HEAD;
    if (at + length > units) break;
    logs.push({ level, message: decodeUnits(text, at, length) });
    at += length;
  }
  if (seen > logs.length) {
    const lost = seen - logs.length;
    logs.push({ level: "warn", message: `[capsule] ${lost} more console ${lost === 1 ? "line was" : "lines were"} lost when the run's worker was terminated (only the first ${LOG_AREA_BYTES / 1024} KiB of a run's console output outlives its worker)` });
  }
  return { logs, truncated: Atomics.load(header, TRUNCATED) === 1 };
}

function decodeUnits(text: Uint16Array, from: number, length: number): string {
  let out = "";
  for (let i = 0; i < length; i += 8192) out += String.fromCharCode(...text.subarray(from + i, from + Math.min(length, i + 8192)));
  return out;
}
