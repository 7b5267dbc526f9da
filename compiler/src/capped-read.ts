// A light entry (`@capsule/compiler/capped-read`): the capped reader discovery uses and the limits table, without
// the rest of the compiler. The CLI reads pack manifests on every command; importing them from the package's index
// loaded esbuild, ajv and the whole compiler into a trivial `capsule run` (0.17 → 0.29 s wall, CPU ×1.9).
export { readCappedSync, type CappedRead } from "./fsutil.js";
export { LIMITS } from "./limits.js";
