// `capsule run`: reads the guest program, runs it in a one-shot sandbox, prints the value or the result.
// A program that imports anything is run against the catalog of the pack roots (compiled first — warm
// compiles are cheap), restricted to --allow when given; a program without `import` never compiles.
// Refuses an unreadable file or an invalid --now as bad usage (exit 2); a guest failure exits 1.

import { readFile, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Catalog } from "@capsule/compiler";
import { run, type RunEvent, type RunResult } from "@capsule/runtime";
import { createCapsuleDispatcher, defaultRegistry } from "@capsule/registry";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { forStream, shown, shownMessage } from "./terminal-text.js";

interface RunOptions extends LocationOptions {
  json?: boolean;
  seed?: number;
  now?: string;
  timeout?: number;
  /** Specifiers the program may import; absent means every admitted module. */
  allow?: string[];
  /** Write the run's events to this file as JSON Lines. */
  trace?: string;
}

/** Cheap check: only a source that mentions `import` can need the catalog (false positives just compile). */
const mayImport = (source: string): boolean => /\bimport\b/.test(source);

/** Literal specifiers of static imports and re-exports, for notes about refused or missing modules. */
function importedSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/\b(?:import|export)\s*(?:[^'"`;]*?\bfrom\s*)?["']([^"']+)["']/g)) found.add(m[1]!);
  for (const m of source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) found.add(m[1]!);
  return [...found];
}

export async function runCommand(file: string, options: RunOptions): Promise<number> {
  let source: string;
  try {
    source = file === "-" ? await readStdin() : await readFile(file, "utf8");
  } catch (error) {
    process.stderr.write(`capsule run: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return 2;
  }
  if (options.now !== undefined && Number.isNaN(Date.parse(options.now))) {
    process.stderr.write(`capsule run: --now must be an ISO 8601 date, got ${JSON.stringify(options.now)}\n`);
    return 2;
  }
  const filename = file === "-" ? "stdin.js" : basename(file).replace(/[^A-Za-z0-9_.-]/g, "_").slice(-64);
  let catalog: Catalog | undefined;
  if (mayImport(source)) {
    try {
      catalog = (await compileRoots(resolveLocations(options))).catalog;
    } catch (error) {
      process.stderr.write(`capsule run: cannot compile the pack roots: ${shownMessage((error as Error).message)}\n`);
      return 1;
    }
    for (const specifier of options.allow ?? []) {
      if (!catalog.modules.some((m) => m.specifier === specifier)) {
        process.stderr.write(`capsule run: warning: --allow ${shown(specifier)}: no admitted module has that name (see \`capsule packs list\`)\n`);
      }
    }
  }
  // Host modules through the shipped registry, WASM modules through the host's WASM pool.
  const dispatcher = catalog ? createCapsuleDispatcher({ registry: defaultRegistry(), catalog }) : undefined;
  const events: RunEvent[] = [];
  const result = await run(
    {
      source,
      filename,
      seed: options.seed,
      now: options.now,
      limits: options.timeout !== undefined ? { wallMs: options.timeout } : undefined,
      ...(options.allow ? { allow: options.allow } : {}),
    },
    { ...(catalog ? { catalog, hostModules: dispatcher } : {}), maxWorkers: 1, onEvent: (e) => events.push(e) },
  ).finally(() => dispatcher?.close());
  if (options.trace) {
    try {
      await writeFile(options.trace, events.map((e) => JSON.stringify(e, jsonReplacer)).join("\n") + "\n");
    } catch (error) {
      process.stderr.write(`capsule run: cannot write the trace to ${options.trace}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      return 2;
    }
  }
  if (!result.ok && result.error.code === "E_IMPORT_UNRESOLVED" && catalog) explainUnresolved(source, catalog);
  if (!result.ok && (result.error.code === "E_BAD_LIMIT" || result.error.code === "E_BAD_REQUEST")) {
    process.stderr.write(`capsule run: ${shownMessage(result.error.message)}\n`);
    return 2;
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, jsonReplacer, 2)}\n`);
    return result.ok ? 0 : 1;
  }
  printHuman(result);
  printCallSummary(events);
  return result.ok ? 0 : 1;
}

/** Says why an import is not in the catalog when the compiler knows: refused (with its code) or not yet admitted. */
function explainUnresolved(source: string, catalog: Catalog): void {
  for (const specifier of importedSpecifiers(source)) {
    const refused = catalog.refused.find((m) => m.specifier === specifier);
    const pending = catalog.pending.find((m) => m.specifier === specifier);
    if (refused) process.stderr.write(`note: ${shown(specifier)} was refused by the compiler (${shown(refused.code)}): ${shownMessage(refused.message)}; run \`capsule pack check\` on its folder for how to fix it\n`);
    else if (pending) process.stderr.write(`note: ${shown(specifier)} is a ${pending.kind} module awaiting admission; it cannot be imported yet\n`);
  }
}

function printHuman(result: RunResult): void {
  for (const log of result.logs) {
    const stream = log.level === "error" || log.level === "warn" ? process.stderr : process.stdout;
    stream.write(`${forStream(log.message, stream)}\n`);
  }
  if (result.ok) {
    const value = typeof result.value === "string" ? result.value : JSON.stringify(result.value, jsonReplacer, 2) ?? "undefined";
    process.stdout.write(`${forStream(value, process.stdout)}\n`);
  } else {
    process.stderr.write(`${shown(result.error.code)} ${shown(result.error.name)}: ${shownMessage(result.error.message)}\n`);
    if (result.error.guestStack) process.stderr.write(`${shownMessage(result.error.guestStack)}\n`);
  }
}

/** JSON for values JSON cannot show: bytes as arrays, Map/Set as entries, bigint as a string. */
function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return `${value}n`;
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array);
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return value;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** One line on stderr naming the calls the program made (host modules, wasm), when it made any. */
function printCallSummary(events: RunEvent[]): void {
  const counts = new Map<string, { n: number; failed: number; ms: number }>();
  for (const e of events) {
    if (e.type !== "call") continue;
    const key = `${e.target}.${e.export}`.replace(/^wasm:/, "");
    const entry = counts.get(key) ?? { n: 0, failed: 0, ms: 0 };
    entry.n++;
    if (!e.ok) entry.failed++;
    entry.ms += e.durationMs;
    counts.set(key, entry);
  }
  if (counts.size === 0) return;
  const parts = [...counts].map(([name, c]) => `${shown(name)} x${c.n}${c.failed ? ` (${c.failed} failed)` : ""} ${c.ms.toFixed(1)} ms`);
  process.stderr.write(`[capsule] calls: ${parts.join(", ")}\n`);
}
