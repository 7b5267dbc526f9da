// Owns the Node worker's engine powers: the quickjs variant's WASM file and the guest scripts, read from disk once
// per thread. Refuses nothing; a missing file is a broken install and fails the worker's warm-up loudly.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { EnginePowers, GuestFile } from "./engine-powers.js";

const sources = new Map<GuestFile, string>();

export const nodeEngine: EnginePowers = {
  engineBinary: () => readFile(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm")),
  guestSource(name) {
    let source = sources.get(name);
    if (source === undefined) {
      source = readFileSync(new URL(`../guest/${name}.js`, import.meta.url), "utf8");
      sources.set(name, source);
    }
    return source;
  },
};
