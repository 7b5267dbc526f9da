// @capsule/browser: run untrusted JavaScript in a Web Worker on QuickJS, importing packs from a catalog server.

export { createBrowserSandbox, type BrowserRunRequest, type BrowserSandbox, type BrowserSandboxOptions } from "./sandbox.js";
export type { PageHostModules } from "./host-calls.js";
export type { ServedEntry } from "./catalog-client.js";
export { ERROR_CODES, type ErrorCode, type RunError } from "@capsule/runtime/internal/errors";
export { defaultPolicy, describeHostFunction, sideEffecting, type Policy, type PolicyCall, type PolicyDecision } from "@capsule/runtime/internal/policy";
export type { EventListener, RunEvent } from "@capsule/runtime/internal/events";
