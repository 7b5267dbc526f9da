// @capsule/registry: host-module pins, facades, admission and dispatch, and the catalog's HTTP server.

export { createRegistry, defaultRegistry, type AdmitResult, type Declarer, type DispatchOptions, type Registry } from "./registry.js";
export { HostCallError, REGISTRY_CODES, type AdmitCode, type DispatchCode, type RegistryCode, type RegistryCodeRow, type ServeCode } from "./codes.js";
export { SHIPPED_PINS, shippedPackRoot, type ExportPin, type HostPin, type ParamShape } from "./pins.js";
export { facadeSource, wasmFacadeSource } from "./facade.js";
export { isLookalike, skeleton } from "./lookalike.js";
export { createCapsuleDispatcher, type CapsuleDispatcher, type WasmCatalogEntry, type WasmExportDeclaration } from "./wasm-dispatch.js";
export { createCatalogServer, MANIFEST_SCHEMA_PATH, type CatalogServer, type CatalogServerOptions, type ServedModule, type TokenGrant } from "./catalog-server.js";
export { RUN_BODY_MAX_BYTES, RUN_MAX_IN_FLIGHT, RUN_STATUS, perTokenShare, runBodyProblem, type Grant, type RunAnswer, type RunBody, type RunHandler, type RunRouteOptions } from "./run-route.js";
export { staticAssets, type StaticAssets } from "./static-assets.js";
