// @capsule/browser: run untrusted JavaScript in a Web Worker on QuickJS, importing packs from a catalog server.

export { createBrowserSandbox, type BrowserRunRequest, type BrowserSandbox, type BrowserSandboxOptions } from "./sandbox.js";
export type { PageHostModules } from "./page-modules.js";
export type { ServedEntry } from "./catalog-client.js";
export { ERROR_CODES, defaultPolicy, describeHostFunction, sideEffecting, type ErrorCode, type RunError, type Policy, type PolicyCall, type PolicyDecision, type EventListener, type RunEvent } from "@capsule/runtime/host";
