// Owns what Capsule knows of the zip host module without loading fflate: its host id, the one package allowed to
// declare it, its exports with argument shapes, and its limits. The registry pins it; index.ts enforces the limits.
// Refuses nothing itself.

import { options, type HostModuleDescriptor } from "../descriptor.js";

const MiB = 1024 * 1024;

export const ZIP_LIMITS = {
  maxEntries: { default: 10_000, ceiling: 10_000, floor: 1, code: "too-many-entries", doc: "unzip `maxEntries` default and ceiling (entries read, directories included); entries zip accepts" },
  maxInflatedBytes: { default: 50 * MiB, ceiling: 50 * MiB, floor: 0, code: "zip-bomb", doc: "unzip `maxBytes` default and ceiling (bytes produced, across all entries); content zip accepts" },
  maxNameBytes: { default: 1_024, ceiling: 1_024, floor: 1, code: "entry-name-invalid", doc: "entry name UTF-8 bytes for zip" },
  timeoutMs: { default: 60_000, ceiling: 60_000, floor: 1, code: "timeout", doc: "one zip call in the worker (reading or building an archive); the worker is then replaced" },
} as const;

export const zip = {
  id: "capsule.zip",
  package: "@capsule/zip",
  exports: {
    unzip: { params: [{ name: "bytes", type: "bytes" }, options()], summary: "Entries of a zip as { entries: { path: Uint8Array } }, inflation capped while streaming." },
    zip: { params: [{ name: "entries", type: "entries" }, options()], summary: "A zip file from { path: Uint8Array | string }." },
  },
  hostOnly: ["shutdown"],
  callContext: true,
  limits: ZIP_LIMITS,
  load: () => import("./index.js"),
} satisfies HostModuleDescriptor;
