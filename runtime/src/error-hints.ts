// Owns making a guest's error worth reading for the person or model who wrote the program: "not a function" and "not
// a constructor" name the callee as written, a read of undefined names what was undefined, a global the sandbox does
// not have (setTimeout, require, fetch, process, Buffer, crypto, performance, …) says what to do instead, strict-mode
// refusals say why, and `export` at the top level says the program is a function body. Reads only the user's own
// source, at the position of the error's first frame. Refuses nothing; an error it cannot improve is returned as is.

import type { RunError } from "./errors.js";

/** What to do instead of a global the sandbox does not have. */
const MISSING_GLOBALS: Record<string, string> = {
  setTimeout: "the sandbox has no timers: await host calls or tools instead (a delay is the host's job)",
  setInterval: "the sandbox has no timers: loop over awaited host calls instead",
  setImmediate: "the sandbox has no timers: await a resolved promise (await null) to yield",
  require: "there is no require(): import modules statically at the top of the program (import yaml from \"@capsule/yaml\")",
  module: "the program is not a CommonJS module: return its value instead of assigning module.exports",
  exports: "the program is not a CommonJS module: return its value instead of assigning exports",
  fetch: "the sandbox has no network: call a tool or host function that fetches, and import it",
  XMLHttpRequest: "the sandbox has no network: call a tool or host function that fetches",
  WebSocket: "the sandbox has no network: call a tool or host function instead",
  process: "there is no process: data arrives as the global `inputs`, everything else through host functions or tools",
  Buffer: "there is no Buffer: use Uint8Array, TextEncoder/TextDecoder and atob/btoa",
  crypto: "there is no crypto: Math.random is seeded and deterministic; ask a host function for secrets, UUIDs or hashes",
  performance: "there is no performance timer: the guest clock is virtual (Date advances 1 ms per reading)",
  window: "there is no window or DOM: the guest runs in QuickJS, not a browser page",
  document: "there is no document or DOM: the guest runs in QuickJS, not a browser page",
  __dirname: "there is no file system or module path in the sandbox",
  __filename: "there is no file system or module path in the sandbox",
  global: "use globalThis",
};

const STRICT = "guests always run as strict code (the program is evaluated inside an ES module)";

const NODE_BUILTINS = new Set(["assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns", "events", "fs", "fs/promises", "http", "http2", "https", "module", "net", "os", "path", "perf_hooks", "process", "querystring", "readline", "stream", "string_decoder", "timers", "tls", "tty", "url", "util", "v8", "vm", "worker_threads", "zlib"]);

export function improveError(error: RunError, source: string): RunError {
  const withHint = (message: string) => ({ ...error, message });
  const imported = error.code === "E_IMPORT_UNRESOLVED" ? /cannot import "([^"]+)"/.exec(error.message)?.[1] : undefined;
  if (imported && (imported.startsWith("node:") || NODE_BUILTINS.has(imported))) {
    return withHint(`${error.message} — "${imported}" is a Node built-in: the sandbox has no file system, network or processes; use a pack (capsule packs list) or a host function`);
  }
  if (error.code === "E_SYNTAX") {
    if (/Unexpected "export"/.test(error.message)) return withHint(`${error.message}: the program is the body of an async function — return its value instead of exporting it`);
    if (/[Ww]ith statements/.test(error.message)) return withHint(`${error.message}; ${STRICT}, where \`with\` does not exist`);
    return error;
  }
  if (error.code !== "E_GUEST_ERROR") return error;
  const missing = /^'([A-Za-z_$][\w$]*)' is not defined$/.exec(error.message);
  if (error.name === "ReferenceError" && missing) {
    const name = missing[1];
    if (MISSING_GLOBALS[name]) return withHint(`${name} is not defined: ${MISSING_GLOBALS[name]}`);
    const at = position(error, source);
    if (at && /^\s*=[^=]/.test(at.line.slice(at.column - 1 + name.length))) return withHint(`${name} is not defined: assigning an undeclared name creates no global here — ${STRICT}; declare it with let or const`);
    return error;
  }
  if (error.name !== "TypeError") return error;
  const at = position(error, source);
  if (!at) return error;
  if (error.message === "not a function" || error.message === "not a constructor") {
    const callee = expressionBefore(at.line, at.column - 1);
    return callee ? withHint(`${callee} is ${error.message}`) : error;
  }
  const read = /^cannot read property '(.*)' of (undefined|null)$/.exec(error.message);
  if (read) {
    const object = expressionBefore(at.line, at.column - 1);
    return object ? withHint(`cannot read property '${read[1]}' of ${object}, which is ${read[2]}`) : error;
  }
  return error;
}

/** The user's line and column of the error's first frame in the main module. */
function position(error: RunError, source: string): { line: string; column: number } | undefined {
  const frame = /\((?:[\w.-]+):(\d+):(\d+)\)/.exec(error.guestStack ?? "") ?? /at (?:[\w.-]+):(\d+):(\d+)/.exec(error.guestStack ?? "");
  if (!frame) return undefined;
  const line = source.split("\n")[Number(frame[1]) - 1];
  return line === undefined ? undefined : { line, column: Number(frame[2]) };
}

/** The member or call expression that ends right before `end` (0-based) of `line`, as written: `o.compute`, `a[i].f`. */
function expressionBefore(line: string, end: number): string | undefined {
  let i = Math.min(end, line.length);
  while (i > 0 && line[i - 1] === " ") i--;
  const stop = i;
  while (i > 0) {
    const c = line[i - 1];
    if (/[\w$.]/.test(c) || (c === "?" && line[i] === ".")) i--;
    else if (c === "]" || c === ")") {
      const open = c === "]" ? "[" : "(";
      let depth = 0;
      let j = i - 1;
      for (; j >= 0; j--) {
        if (line[j] === c) depth++;
        else if (line[j] === open && --depth === 0) break;
      }
      if (j < 0) break;
      i = j;
    } else break;
  }
  const text = line.slice(i, stop).replace(/^\.+/, "");
  return text && /[\w$]/.test(text) && text.length <= 120 ? text : undefined;
}
