// @capsule/runtime: run untrusted JavaScript or TypeScript in a fresh QuickJS sandbox per run.

export { createSandbox, run, type Sandbox } from "./sandbox.js";
export { DEFAULT_LIMITS, LIMIT_CEILINGS, LIMIT_FLOORS, LIMIT_ROWS, describeLimits, type LimitRow, type Limits } from "./limits.js";
export { CapsuleError, ERROR_CODES, RUNTIME_CODES, type CodeRow, type ErrorCode, type RunError } from "./errors.js";
export { STANDARD_GLOBALS } from "./guest-globals.js";
export { LEGACY_STATICS_HOOK, mentionsLegacyStatics, withLegacyStatics } from "./legacy-statics.js";
export { catalogResolver } from "./catalog.js";
export type { CatalogEntry, CatalogLike, CatalogRunOptions, RunWarning } from "./catalog-resolver.js";
export { BRIDGE_SPECIFIER } from "./bridge.js";
export type {
  HostFunction, HostFunctions, HostModuleCall, HostModuleDispatcher, LogEntry, ModuleResolver, ResolvedModule, RunRequest, RunResult, RunStats, SandboxOptions,
} from "./types.js";
export { defaultPolicy, describeHostFunction, hostFunctionInfo, sideEffecting, type HostFunctionInfo, type Policy, type PolicyCall, type PolicyDecision } from "./policy.js";
export type { CallKind, EventListener, RunEvent, RunEventBody } from "./events.js";
export { formatObservation, renderValue, type ObservationOptions } from "./observation.js";
export { hintsWithinCaps } from "./limit-hints.js";
export type { JsonSchema, Tool, ToolBelt, ToolContext, ToolModule } from "./tools.js";
export { TOOL_SCHEMA_MAX_DEPTH, TOOL_SCHEMA_MAX_VALUES, schemaSizeProblem } from "./tool-schema-size.js";
export { firstSentence, schemaToType, toolDeclarations, TOOL_DOCS_FULL } from "./tool-docs.js";
export { journalFromLines, journalToLines, JOURNAL_VERSION, type Journal, type JournalCall, type JournalEnd, type JournalHeader, type JournalRecord, type JournalSink, type PendingCall } from "./journal.js";
export { resumeRequest, type ApprovalSeal, type Suspended } from "./run-journal.js";
export { approvalSeal } from "./approval-seal.js";
export { suspendRun } from "./suspension.js";
export { decodeValue, encodeValue, encodedSize } from "./codec.js";
export { encodedFromJson, encodedToJson, type EncodedJson } from "./journal.js";
export type { Encoded } from "./protocol.js";
