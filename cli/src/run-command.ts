// `capsule run`: reads the guest program, runs it in a one-shot sandbox, prints the value or the result.
// Refuses an unreadable file or an invalid --now as bad usage (exit 2); a guest failure exits 1.

import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { run, type RunResult } from "@capsule/runtime";

export interface RunOptions {
  json?: boolean;
  seed?: number;
  now?: string;
  timeout?: number;
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
  const result = await run({
    source,
    filename,
    seed: options.seed,
    now: options.now,
    limits: options.timeout !== undefined ? { wallMs: options.timeout } : undefined,
  });
  if (!result.ok && (result.error.code === "E_BAD_LIMIT" || result.error.code === "E_BAD_REQUEST")) {
    process.stderr.write(`capsule run: ${result.error.message}\n`);
    return 2;
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, jsonReplacer, 2)}\n`);
    return result.ok ? 0 : 1;
  }
  printHuman(result);
  return result.ok ? 0 : 1;
}

function printHuman(result: RunResult): void {
  for (const log of result.logs) {
    const stream = log.level === "error" || log.level === "warn" ? process.stderr : process.stdout;
    stream.write(`${log.message}\n`);
  }
  if (result.ok) {
    process.stdout.write(`${typeof result.value === "string" ? result.value : JSON.stringify(result.value, jsonReplacer, 2) ?? "undefined"}\n`);
  } else {
    process.stderr.write(`${result.error.code} ${result.error.name}: ${result.error.message}\n`);
    if (result.error.guestStack) process.stderr.write(`${result.error.guestStack}\n`);
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
