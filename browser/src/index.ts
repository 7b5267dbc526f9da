// @capsule/browser: run untrusted JavaScript in a Web Worker on QuickJS, importing packs from a catalog server.

export { createBrowserSandbox, type BrowserRunRequest, type BrowserSandbox, type BrowserSandboxOptions } from "./sandbox.js";
export type { PageHostModules } from "./page-modules.js";
export type { ServedEntry } from "./catalog-client.js";
// The observation formatter and the codec's JSON form, so a page renders results (its own, or a server's POST /run
// answer) with the same words as `capsule run` and the MCP server.
export { decodeValue, encodedFromJson, formatObservation, renderValue, type EncodedJson, type ObservationOptions } from "@capsule/runtime/host";
export { ERROR_CODES, defaultPolicy, describeHostFunction, sideEffecting, type ErrorCode, type RunError, type Policy, type PolicyCall, type PolicyDecision, type EventListener, type RunEvent } from "@capsule/runtime/host";
