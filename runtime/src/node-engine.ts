// Owns the Node worker's engine powers: the quickjs variant's WASM file and the guest scripts, read from disk once
// per thread, and the thread's own CPU clock. Refuses nothing; a missing file is a broken install and fails the
// worker's warm-up loudly.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import type { EnginePowers, GuestFile } from "./engine-powers.js";
import { ownThreadCpu } from "./thread-cpu.js";

const sources = new Map<GuestFile, string>();

/** The engine powers of the calling thread (its CPU clock is its own: call it in the worker). */
export const nodeEngine = (): EnginePowers => ({
  threadCpu: ownThreadCpu(),
  receiveMessage: (port) => receiveMessageOnPort(port as MessagePort),
  engineBinary: () => readFile(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm")),
  guestSource(name) {
    let source = sources.get(name);
    if (source === undefined) {
      source = readFileSync(new URL(`../guest/${name}.js`, import.meta.url), "utf8");
      sources.set(name, source);
    }
    return source;
  },
});
