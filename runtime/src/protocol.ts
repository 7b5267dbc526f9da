// Owns the messages between the main thread and a sandbox worker: the task, host-call traffic, the outcome.
// Nothing here carries a handle or a function: only copies (strings, numbers, byte arrays).

import type { RunPort } from "./ports.js";
import type { WorkerModules } from "./bridge.js";
import type { Limits } from "./limits.js";
import type { ErrorCode, RunError } from "./errors.js";
import type { ToolInputSchemas } from "./tool-input.js";

/** A value encoded for crossing: JSON text, whether it holds tagged objects, and its sidecar. */
export interface Encoded {
  json: string;
  tagged: boolean;
  side: Array<Uint8Array | string>;
}


export interface WorkerTask {
  /** The guest's main module, already transformed to plain JS. */
  code: string;
  /** Module name the main module is evaluated under (appears in guest stacks). */
  filename: string;
  /** Every module the run may load, by resolved specifier. */
  modules: Record<string, string>;
  /** `${referrer}\0${requested}` → resolved specifier, for every static import found before the run. */
  links: Record<string, string>;
  /** Identifies `modules` (specifiers and digests): the worker keeps a template with them already evaluated. */
  moduleSetKey: string;
  limits: Limits;
  /**
   * CPU time (ms) evaluating `modules` may take: limits.cpuMs plus their declared load budgets (limits.ts
   * moduleLoadCpuMs). Loading is not charged to the program, which then gets limits.cpuMs whole.
   */
  loadCpuMs: number;
  /** The run's wall clock as the host keeps it: limits.wallMs plus its modules' declared load budgets (runWallMs). */
  wallMs: number;
  seed: number;
  now: number;
  /** The run's inputs, encoded (the guest's global `inputs`), when it was given any. */
  inputs?: Encoded;
  /** Host-function namespaces and their function names. */
  namespaces: Record<string, string[]>;
  /** Host-module ids the run imported (their facades call through the bridge). */
  hostModules: string[];
  /** Specifiers of those facades: evaluated (and the bridge sealed) before any other module. */
  facades: string[];
  /** Present when the run has host functions: carries HostCallMessage / HostReplyMessage. */
  port?: RunPort;
  /** The run's control block (control.ts): shared memory, or a plain copy in a page that is not cross-origin isolated. */
  control: SharedArrayBuffer | ArrayBuffer;
  /** Where the worker writes each kept console line, for the host to read if the worker is terminated (log-area.ts). */
  logArea?: SharedArrayBuffer;
  /** Post each kept console line over `port` as it is written (the run is being traced). */
  streamLogs: boolean;
  /** Host modules this worker calls itself, without the main thread (local-calls.ts). */
  workerModules?: WorkerModules;
  /** Input schemas of the run's tool modules: the worker checks each tool call's input before it is sent (tool-input.ts). */
  toolInputs?: ToolInputSchemas;
}

/** Host ids of tool modules: `tool:<specifier>`. */
export const TOOL_HOST_PREFIX = "tool:";

export interface HostCallMessage {
  t: "call";
  id: number;
  ns: string;
  fn: string;
  /** Set for a host-module call through a facade: the host id (then `ns` repeats it). */
  module?: string;
  args: Encoded;
  /** A tool call's input as the worker checked it against the tool's schema: the host takes this verdict. */
  input?: { problem?: string };
  /** Set when the worker's engine reads answers in its binary object format (binary-reader.ts): a big plain-JSON
   * answer may then come as { t: "bin" }. */
  b?: 1;
}

/** A console line, streamed while the run is traced. */
export interface LogMessage {
  t: "log";
  level: string;
  message: string;
}

export type HostReplyMessage =
  | { t: "ok"; id: number; value: Encoded }
  /** A plain-JSON answer in the engine's binary object format (binary-writer.ts): never journaled or traced. With
   * `parts`, the parts sent before it fill the place (null) of a table: the value itself, or its own key `key`. */
  | { t: "bin"; id: number; bytes: Uint8Array; parts?: { count: number; key?: string } }
  /** Rows of a table in an answer still to come, sent ahead (answer-table.ts): an array of records, binary. */
  | { t: "part"; id: number; bytes: Uint8Array }
  | { t: "err"; id: number; name: string; message: string }
  | { t: "fatal"; id: number; code: ErrorCode; message: string };

export interface LogEntry {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
}

export interface WorkerStats {
  cpuMs: number;
  peakHeapBytes: number;
  hostCalls: number;
  logsTruncated: boolean;
  /** Calls the worker made itself (local-calls.ts), by what they named, for the run's callTargets. */
  localCalls?: Record<string, number>;
}

export type WorkerOutcome =
  | { ok: true; value: Encoded; logs: LogEntry[]; stats: WorkerStats }
  | { ok: false; error: RunError; logs: LogEntry[]; stats: WorkerStats };
