// Owns the process around `capsule run`: its worker thread started first, and its exit as soon as its output is
// written. Measured (quiet 2-core machine, `return 1 + 1`): the worker used to start ~170 ms after the process,
// once commander, the runtime and the run command had loaded; and the process lived ~110 ms after the run was
// closed, while the worker thread tore down its engine. Refuses nothing: a wrong guess here costs only time
// (the runtime adopts the prestarted worker only when it is the one it would have made).

import { readFileSync, statSync } from "node:fs";
import { prestartRunWorker, type PrestartOptions } from "@capsule/runtime/prestart";
import { engineCacheDir } from "./paths.js";

/** Options before the subcommand that take a value (global-options.ts). */
const GLOBAL_VALUED = new Set(["--home", "--packs"]);
/** `run` options whose value is a file that is not the program. */
const FILE_VALUED = new Set(["--inputs", "--trace", "--journal"]);
const PROGRAM_MAX_BYTES = 4 * 1024 * 1024;

/** Starts the run's worker now when the command line is a local `capsule run` (see runWorkerFor). */
export function prestartForCommandLine(args: readonly string[]): void {
  const start = runWorkerFor(args);
  if (start) prestartRunWorker(start);
}

/**
 * For `capsule run <file>` run here (not on a fleet, not asking for help), the worker its run will want: warming the
 * default template unless the program imports (its worker then builds the module set's template instead), and the
 * engine compiled by V8's baseline compiler only (WorkerStart.wasmTierUp: this process runs one guest and exits;
 * measured in the README's "Start-up").
 */
export function runWorkerFor(args: readonly string[]): PrestartOptions | undefined {
  let at = 0;
  while (at < args.length && args[at]!.startsWith("-")) at += GLOBAL_VALUED.has(args[at]!) ? 2 : 1;
  if (args[at] !== "run") return undefined;
  const rest = args.slice(at + 1);
  if (rest.some((arg) => arg === "--redis" || arg.startsWith("--redis=") || arg === "--help" || arg === "-h")) return undefined;
  return { warm: !programImports(rest), imageDir: engineCacheDir(lastHome(args)), wasmTierUp: false };
}

/** The last `--home` on the line (the subcommand's wins over the program's, as global-options.ts merges them). */
function lastHome(args: readonly string[]): string | undefined {
  let home: string | undefined;
  for (let i = 0; i < args.length && args[i] !== "--"; i++) {
    if (args[i] === "--home") home = args[++i];
    else if (args[i]!.startsWith("--home=")) home = args[i]!.slice("--home=".length);
  }
  return home;
}

/** The program file as read here, for the run command to take instead of reading it a second time. */
let preread: { path: string; text: string } | undefined;

/** The text of `path` if this module read it at start-up (once: later reads go to the file). */
export function takePrereadProgram(path: string): string | undefined {
  const taken = preread?.path === path ? preread.text : undefined;
  preread = undefined;
  return taken;
}

/** Whether the program file among `args` mentions `import` (the runtime's own test); false when it cannot tell. */
function programImports(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (FILE_VALUED.has(arg)) i++;
    if (arg.startsWith("-")) continue;
    try {
      if (statSync(arg).size > PROGRAM_MAX_BYTES) continue;
      preread = { path: arg, text: readFileSync(arg, "utf8") };
      return /\bimport\b/.test(preread.text);
    } catch {
      // Not a file: an option's value.
    }
  }
  return false;
}

/**
 * Ends the process with `code` once stdout and stderr have taken everything written to them: a finished run leaves
 * nothing to wait for but its worker thread's teardown.
 */
export async function exitWhenWritten(code: number): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write("", () => resolve()))));
  process.exit(code);
}
