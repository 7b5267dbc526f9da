// @capsule/runtime/host: the host half of the runtime for hosts other than Node (the browser runner): the one run
// path, given that host's powers (its guest runner, TypeScript stripper, import resolution and host-module calls),
// and the vocabulary it shares with the Node sandbox (errors, limits, events, policy, catalog rules).
// Nothing here imports a Node built-in.

export { createRunPath, type ResolvedImports, type RunDefaults, type RunModules, type RunPath, type RunPowers } from "./run-path.js";
export type { GuestRunner, StartedTask, StopEnds } from "./guest-runner.js";
export { CONTROL, RunControl, type StopValue } from "./control.js";
export { resolveCatalogImports, type CatalogEntry, type CatalogLike, type CatalogRunOptions, type RunWarning, type SourceLoader } from "./catalog-resolver.js";
export type { Transform, PreparedSource } from "./source.js";
export type { HostCallTarget } from "./host-calls.js";
export type { WorkerOutcome, WorkerTask } from "./protocol.js";
export { STUCK_GRACE_MS, WORKER_START_GRACE_MS, type Limits } from "./limits.js";
export { ERROR_CODES, runError, type ErrorCode, type RunError } from "./errors.js";
export { defaultPolicy, describeHostFunction, sideEffecting, type Policy, type PolicyCall, type PolicyDecision } from "./policy.js";
export type { EventListener, RunEvent } from "./events.js";
export type { HostFunctions, RunRequest, RunResult, RunStats } from "./types.js";
export { formatObservation, renderValue, type ObservationOptions } from "./observation.js";
export { decodeValue } from "./codec.js";
export { encodedFromJson, type EncodedJson } from "./journal.js";
export { isToolHostId, type JsonSchema, type Tool, type ToolBelt, type ToolContext, type ToolModule } from "./tools.js";
export type { ModuleResolver } from "./resolver.js";
export { resolveImports } from "./imports.js";
export { toolDeclarations } from "./tool-docs.js";
