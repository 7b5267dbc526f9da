// Owns the Node sandbox: the one run path (run-path.ts) given Node's powers — a piscina pool of worker threads,
// esbuild to strip TypeScript, imports resolved against a catalog on disk or an embedder's resolver, host-module
// calls answered by the sandbox's dispatcher. Refuses a run importing a host module when there is no dispatcher.

import { checkedOffThread } from "./schema-checks.js";
import { approvalSeal } from "./approval-seal.js";
import { createHash, randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { createWorkerPool, nodeRunner, type WorkerPool, type WorkerStart } from "./pool.js";
import { takePrestarted } from "./prestart.js";
import { threadCpuMs } from "./thread-cpu.js";
import { resolveImports } from "./imports.js";
import { catalogResolver } from "./catalog.js";
import { createRunPath, type ResolvedImports, type RunModules } from "./run-path.js";
import { CapsuleError, runError } from "./errors.js";
import { resolveLimits } from "./limits.js";
import type { Transform } from "./source.js";

/** Run ids are `run-<a random UUID per process>-<n>-<16 random hex digits>`: unique across processes, restarts and machines of a fleet (where
 * every worker may be pid 1), so a tool's idempotency key (`<runId>:<callIndex>`) never names two runs. */
const RUN_ID_PREFIX = `run-${randomUUID()}`;
import type { HostModuleDispatcher, ModuleResolver, RunRequest, RunResult, SandboxOptions } from "./types.js";
import { isToolHostId } from "./tools.js";
import { resumeRequest, type Suspended } from "./run-journal.js";
import { digestParts } from "./parts-digest.js";

export interface Sandbox {
  run<T = unknown>(request: RunRequest | string): Promise<RunResult<T>>;
  /**
   * Continues a suspended run (result.suspended, possibly from another process) by replaying its journal, with
   * `answer` for the call it waited on: a PolicyDecision when its policy suspended it, else the tool's result.
   * `request` gives what the journal cannot carry: host functions, tools, limits, policy.
   */
  resume<T = unknown>(suspended: Suspended, answer: unknown, request?: Omit<RunRequest, "source" | "replay">): Promise<RunResult<T>>;
  close(): Promise<void>;
}

// esnext: types are stripped and nothing is lowered, so a construct the engine rejects (an invalid `v`-flag regular
// expression, say) stays a parse error before any statement runs, instead of becoming a `new RegExp()` that throws
// halfway through the program.
// esbuild is CommonJS: loaded with require() (the ESM loader would first scan its 95 KB entry for export names), and
// only by the first TypeScript program — plain JavaScript is never transformed (source.ts), so most runs never load it.
let esbuild: typeof import("esbuild") | undefined;
const loadEsbuild = () => (esbuild ??= createRequire(import.meta.url)("esbuild") as typeof import("esbuild"));
const transform: Transform = (code, { sourcefile }) =>
  loadEsbuild().transform(code, { loader: "ts", format: "esm", target: "esnext", sourcemap: "external", sourcefile, logLevel: "silent" });

const sha256 = (source: string) => createHash("sha256").update(source).digest("hex");


export function createSandbox(options: SandboxOptions = {}, start?: WorkerStart): Sandbox {
  const imageDir = options.engineCacheDir;
  return sandboxOn(options, () => createWorkerPool(options.maxWorkers, options.minWorkers, options.workerFile, imageDir ? { ...start, imageDir } : start));
}

function sandboxOn(options: SandboxOptions, pool: () => WorkerPool): Sandbox {
  // Refused before any thread starts (the run path checks them again, for every host).
  const limits = resolveLimits(options.limits);
  if (!limits.ok) throw new CapsuleError(limits.code, limits.message);
  const seal = approvalSeal(options.approvalKey);
  const runner = nodeRunner(pool());
  const path = createRunPath(
    { runner, transform, resolveImports: (prepared, request, runId, front) => resolveRun(prepared, request, runId, options, front), factory: "createSandbox", runIdPrefix: RUN_ID_PREFIX, threadCpuMs, digest: digestParts, checkSchema: checkedOffThread, seal, receiveMessage: (port: MessagePort) => receiveMessageOnPort(port) },
    options,
  );
  let closed = false;
  return {
    run: (request) => path.run(request),
    resume: (suspended, answer, request = {}) => path.run({ ...request, ...resumeRequest(suspended, answer, request.allow, seal) }),
    async close() {
      if (closed) return;
      closed = true;
      path.close();
      await runner.close();
    },
  };
}

/** One-shot run: a sandbox with one worker, closed afterwards. Prefer createSandbox() for repeated runs. */
export async function run<T = unknown>(request: RunRequest, options: SandboxOptions = {}): Promise<RunResult<T>> {
  // A program that imports runs on a template of its module set: its one worker need not warm the default template
  // first (a false positive, the word in a string, only builds that template at the task instead of before it).
  const warm = !/\bimport\b/.test(request.source);
  const single = { maxWorkers: 1, ...options };
  const prestarted = takePrestarted({ workerFile: single.workerFile, maxWorkers: single.maxWorkers, warm, imageDir: single.engineCacheDir });
  const sandbox = prestarted ? sandboxOn(single, () => prestarted) : createSandbox(single, warm ? undefined : { warm: false });
  try {
    return await sandbox.run<T>(request);
  } finally {
    await sandbox.close();
  }
}

async function resolveRun(prepared: { filename: string; imports: string[] }, request: RunRequest, runId: string, options: SandboxOptions, front: (behind: ModuleResolver | undefined) => ModuleResolver | undefined): Promise<ResolvedImports> {
  const fromCatalog = !request.resolver && options.catalog
    ? catalogResolver(options.catalog, { allow: request.allow, pins: request.pins, strictPins: request.strictPins }, prepared.filename)
    : undefined;
  const resolved = await resolveImports(prepared.filename, prepared.imports, front(request.resolver ?? fromCatalog?.resolver ?? options.resolver), sha256);
  const warnings = fromCatalog?.warnings ?? [];
  if (!resolved.ok) return { ok: false, error: fromCatalog?.failure() ?? resolved.error, warnings };
  const { graph } = resolved;
  const dispatcher = options.hostModules;
  const hostIds = [...graph.hostModules.keys()].filter((id) => !isToolHostId(id));
  if (hostIds.length === 0) return { ok: true, graph, warnings };
  if (!dispatcher) {
    const [id] = hostIds;
    const error = runError("E_HOST_MODULE_UNAVAILABLE", `the run imports host module ${id}, and this sandbox has no host-module dispatcher: create it with createSandbox({ hostModules }) (for example createCapsuleDispatcher() of @capsule/registry)`);
    return { ok: false, error, warnings };
  }
  return { ok: true, graph, warnings, modules: dispatchedModules(dispatcher, graph.hostModules, runId) };
}

/** Host-module calls of one run, answered by the sandbox's dispatcher. */
function dispatchedModules(dispatcher: HostModuleDispatcher, declared: ReadonlyMap<string, string>, runId: string): RunModules {
  const worker = dispatcher.workerModules?.(declared);
  return {
    target: (id, exportName) => (args, forms) => dispatcher.dispatch({ runId, id, exportName, args, declared, ...(forms ? { table: forms.table } : {}) }),
    end: () => dispatcher.endRun?.(runId),
    ...(worker ? { worker } : {}),
  };
}
