// Owns the public shapes of @capsule/runtime: requests, results, host functions, module resolution.

import type { Limits } from "./limits.js";
import type { RunError } from "./errors.js";
import type { LogEntry } from "./protocol.js";
import type { CatalogLike, RunWarning } from "./catalog-resolver.js";
import type { ModuleResolver, ResolvedModule } from "./resolver.js";
import type { EventListener } from "./events.js";
import type { Policy } from "./policy.js";
import type { HostModuleCall, HostModuleDispatcher } from "./bridge.js";
import type { ToolBelt } from "./tools.js";
import type { Journal, JournalSink } from "./journal.js";
import type { Suspended } from "./run-journal.js";

export type { Limits, RunError, LogEntry, CatalogLike, RunWarning, ModuleResolver, ResolvedModule };
export type { HostModuleCall, HostModuleDispatcher } from "./bridge.js";

/** A host function: receives decoded copies of the guest's arguments; may be async. */
export type HostFunction = (...args: any[]) => unknown;

/** Namespaces of host functions: `{ users: { find } }` gives the guest a global `users.find()`. */
export type HostFunctions = Record<string, Record<string, HostFunction>>;

export interface RunRequest {
  /** JavaScript or TypeScript, evaluated as the body of an async function. */
  source: string;
  /** Module name of the source in guest stacks and errors (a bare file name). Default "main.js". */
  filename?: string;
  hostFunctions?: HostFunctions;
  /** Tool modules this run may import, beside the sandbox's (see tools.ts). */
  tools?: ToolBelt;
  /** Names the program may write for admitted modules: { "js-yaml": "@capsule/yaml" } (beside the sandbox's map). */
  imports?: Readonly<Record<string, string>>;
  /** Record every call that leaves the guest (result.journal); a function also receives each record as it completes. */
  journal?: boolean | JournalSink;
  /** Re-execute from this journal: its seed and clock, each call answered from it in order, then live (resume). */
  replay?: Journal;
  /** Data for the program: a deep-frozen copy becomes the guest's global `inputs` (counted against hostDataBytes). */
  inputs?: unknown;
  limits?: Partial<Limits>;
  /** Seeds Math.random. Default: random; the seed used is reported in stats so a run can be replayed. */
  seed?: number;
  /** The guest clock's start (epoch ms, Date, or ISO string). Default: the host's current time. */
  now?: number | Date | string;
  signal?: AbortSignal;
  /** Resolves this run's imports, overriding the sandbox's resolver and catalog. */
  resolver?: ModuleResolver;
  /** With a catalog: the specifiers this run may import (default: every admitted module). */
  allow?: readonly string[];
  /** With a catalog: expected sha256 per specifier; drift is a warning, or a refusal with strictPins. */
  pins?: Readonly<Record<string, string>>;
  strictPins?: boolean;
  /** Receives this run's trace events (in addition to the sandbox's onEvent). */
  onEvent?: EventListener;
  /** Consulted before every host-function, host-module and wasm call of this run (overrides the sandbox's). */
  policy?: Policy;
  /** Put call arguments and results into "call" events (off by default: sizes only). */
  traceData?: boolean;
}

export interface RunStats {
  /** Time spent executing guest code, in ms. */
  cpuMs: number;
  /** Time from request to result, in ms. */
  wallMs: number;
  /** Largest guest heap seen at the run's turn boundaries, in bytes. */
  peakHeapBytes: number;
  hostCalls: number;
  /** Host calls by what they named ("users.find", "capsule.csv.parse"), when the run made any. */
  callTargets?: Record<string, number>;
  /** The seed and clock start this run used: pass them back to replay it. */
  seed: number;
  now: number;
  logsTruncated: boolean;
}

export type RunResult<T = unknown> =
  | { ok: true; value: T; logs: LogEntry[]; stats: RunStats; warnings?: RunWarning[]; journal?: Journal }
  | { ok: false; error: RunError; logs: LogEntry[]; stats: RunStats; warnings?: RunWarning[]; journal?: Journal; suspended?: Suspended };

export interface SandboxOptions {
  /** Worker threads in the pool. Default: available parallelism. */
  maxWorkers?: number;
  /** Workers kept warm. Default: maxWorkers. */
  minWorkers?: number;
  /** Resolves static imports; without one (or a catalog), any import fails before the guest starts. */
  resolver?: ModuleResolver;
  /** A compiled catalog: imports resolve to its admitted, digest-verified modules. */
  catalog?: CatalogLike;
  /** Tool modules every run of this sandbox may import: { "@tools/web": { search: { description, inputSchema, handler } } }. */
  tools?: ToolBelt;
  /** Names programs may write for admitted modules: { "js-yaml": "@capsule/yaml" }. */
  imports?: Readonly<Record<string, string>>;
  /** Answers calls from host-module facades (e.g. `defaultRegistry()` of @capsule/registry). */
  hostModules?: HostModuleDispatcher;
  /** Receives every run's trace events. */
  onEvent?: EventListener;
  /** Consulted before every host-function, host-module and wasm call (see defaultPolicy()). */
  policy?: Policy;
  /** Put call arguments and results into "call" events. */
  traceData?: boolean;
  /** Default limits for runs of this sandbox (each still within its ceiling). */
  limits?: Partial<Limits>;
  /**
   * Advanced: URL of a worker module that wraps the runtime's own (for instrumentation or fault injection).
   * It must default-export a function with the same contract as `@capsule/runtime/dist/worker.js`.
   */
  workerFile?: string;
  /**
   * A directory where workers keep template images (template-image.ts): the evaluated guest prelude, and each module
   * set's template with its modules evaluated. A fresh engine instance that finds an image of its engine, guest files
   * and (for a set) every byte the set evaluated restores it instead of evaluating them: ~100 ms sooner ready on a
   * 2-core machine, more for a large set. At most 32 images, least recently used first out. Trusted like the
   * program's own files (a writer of this directory changes what guests start from).
   */
  engineCacheDir?: string;
  /**
   * The secret that seals resume()'s approvals (approval-seal.ts; ≥ 16 bytes). A journal is data: a yes in it for a
   * call a policy suspended is taken only under this seal, else the policy is asked again. Default: a random key per
   * process; set the same one on every queue worker's sandbox and in the submitter's approvalSeal(key).
   */
  approvalKey?: string | Uint8Array;
}
