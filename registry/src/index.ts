// @capsule/registry: host-module pins, facades, admission and dispatch, and the catalog's HTTP server.

export { createRegistry, defaultRegistry, HostCallError, type AdmitCode, type AdmitResult, type DispatchCode, type Registry } from "./registry.js";
export { SHIPPED_PINS, type ExportPin, type HostPin, type ParamShape } from "./pins.js";
export { facadeSource, wasmFacadeSource } from "./facade.js";
export { isLookalike, skeleton } from "./lookalike.js";
export { createCapsuleDispatcher, type CapsuleDispatcher, type WasmCatalogEntry, type WasmExportDeclaration } from "./wasm-dispatch.js";
export { createCatalogServer, type CatalogServer, type CatalogServerOptions, type ServedModule } from "./catalog-server.js";
export { staticAssets, type StaticAssets } from "./static-assets.js";
