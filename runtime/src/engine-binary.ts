// Owns where this worker gets the engine's WASM binary: the quickjs variant's own file, read from disk.
// (The browser runner's build replaces this module with one that fetches the binary from the page's server.)

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

export function engineBinary(): Promise<Uint8Array> {
  return readFile(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
}
