// `capsule run`: reads the guest program, runs it in a one-shot sandbox, prints its observation (formatObservation:
// console, value or error, host calls) or, with --json, the whole result.
// A program that imports anything is run against the catalog of the pack roots (compiled first — warm
// compiles are cheap), restricted to --allow when given; a program without `import` never compiles.
// With --mcp <name>=<command…>, stdio MCP servers are started for the run, their tools offered as @mcp/<name> (side
// effects denied unless --grant), and closed after it.
// With --redis, the run is sent to `capsule worker` processes (remote-run.ts) and nothing is compiled here.
// Run limits come from the limit flags (limit-flags.ts: --cpu, --timeout, --memory, …, one per runtime limit row).
// Refuses an unreadable file or an invalid --now as bad usage (exit 2); a guest failure exits 1.

import { appendFileSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Catalog } from "@capsule/compiler";
import { defaultPolicy, formatObservation, run, type JournalRecord, type RunEvent, type RunResult } from "@capsule/runtime";
// The JSON rules alone: @capsule/mcp's main entry loads the MCP SDK, which only --mcp needs (loaded then).
import { jsonSafeReplacer as jsonReplacer } from "@capsule/mcp/json-safe";
import type { ConnectedServers } from "@capsule/mcp";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { catalogDispatcher, compileRunCatalog, mayImport, unknownAllowed } from "./run-catalog.js";
import { forStream, shown, shownMessage } from "./terminal-text.js";
import { limitsFromFlags } from "./limit-flags.js";
import { takePrereadProgram } from "./run-process.js";
import { explainUnresolved, policyWorded } from "./unresolved-note.js";

interface RunOptions extends LocationOptions {
  json?: boolean;
  /** Print console lines and the bare value (the error on stderr) instead of the observation. */
  value?: boolean;
  seed?: number;
  now?: string;
  /** Specifiers the program may import; absent means every admitted module. */
  allow?: string[];
  /** Write the run's events to this file as JSON Lines. */
  trace?: string;
  /** A JSON file whose content becomes the guest's global `inputs`. */
  inputs?: string;
  /** name=specifier pairs: the run's import map. */
  import?: string[];
  /** Write the run's journal to this file as JSON Lines, each call as it completes. */
  journal?: string;
  /** Stdio MCP servers as <name>=<command…>, offered as @mcp/<name>. */
  mcp?: string[];
  /** Side-effecting tools the run may call ("@mcp/files.write", or a whole "@mcp/files"). */
  grant?: string[];
  /** Submit the run to `capsule worker` processes through this Redis (remote-run.ts), on this queue. */
  redis?: string;
  queue?: string;
}

/** What startMcpServers() gives for no --mcp, without loading it. */
const NO_SERVERS: ConnectedServers = { servers: [], belt: {}, close: async () => undefined };

/** Longest observation printed without --json (the whole result is in --json). */
const OBSERVATION_MAX_CHARS = 20_000;

export async function runCommand(file: string, options: RunOptions): Promise<number> {
  let source: string;
  try {
    source = file === "-" ? await readStdin() : (takePrereadProgram(file) ?? (await readFile(file, "utf8")));
  } catch (error) {
    process.stderr.write(`capsule run: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return 2;
  }
  if (options.now !== undefined && Number.isNaN(Date.parse(options.now))) {
    process.stderr.write(`capsule run: --now must be an ISO 8601 date, got ${JSON.stringify(options.now)}\n`);
    return 2;
  }
  let inputs: unknown;
  if (options.inputs !== undefined) {
    try {
      inputs = JSON.parse(await readFile(options.inputs, "utf8"));
    } catch (error) {
      process.stderr.write(`capsule run: --inputs ${options.inputs}: ${error instanceof SyntaxError ? `not valid JSON (${error.message})` : ((error as NodeJS.ErrnoException).code ?? String(error))}\n`);
      return 2;
    }
  }
  const imports: Record<string, string> = {};
  for (const pair of options.import ?? []) {
    const at = pair.indexOf("=");
    if (at <= 0 || at === pair.length - 1) {
      process.stderr.write(`capsule run: --import takes name=specifier (for example js-yaml=@capsule/yaml), got ${JSON.stringify(pair)}\n`);
      return 2;
    }
    imports[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const mcp = options.mcp?.length || options.grant?.length ? await import("./mcp-servers.js") : undefined;
  const specs = mcp ? mcp.parseMcpSpecs(options.mcp, "run", "--mcp") : [];
  if (typeof specs === "number") return specs;
  const filename = file === "-" ? "stdin.js" : basename(file).replace(/[^A-Za-z0-9_.-]/g, "_").slice(-64);
  if (options.redis && (options.mcp?.length || options.grant?.length)) {
    process.stderr.write("capsule run: --mcp and --grant start servers here, so they cannot be sent with --redis; connect the servers to the workers instead\n");
    return 2;
  }
  // A worker holds the catalog and the host modules for a run sent to Redis.
  let catalog: Catalog | undefined;
  if (!options.redis && mayImport(source)) {
    try {
      catalog = (await compileRunCatalog(options)).catalog;
    } catch (error) {
      process.stderr.write(`capsule run: cannot compile the pack roots: ${shownMessage((error as Error).message)}\n`);
      return 1;
    }
  }
  const servers = mcp ? await mcp.startMcpServers(specs, "run", "--mcp") : NO_SERVERS;
  if (typeof servers === "number") return servers;
  if (catalog) {
    for (const specifier of unknownAllowed(options.allow, catalog, Object.keys(servers.belt))) {
      process.stderr.write(`capsule run: warning: --allow ${shown(specifier)}: no admitted module has that name (see \`capsule packs list\`)\n`);
    }
  }
  mcp?.warnUnknownGrants(options.grant, servers, "run");
  const tools = servers.servers.length ? { tools: servers.belt, policy: defaultPolicy({ grant: options.grant }) } : {};
  const dispatcher = catalog ? catalogDispatcher(catalog) : undefined;
  let journalFailure: string | undefined;
  if (options.journal) {
    try {
      writeFileSync(options.journal, "");
    } catch (error) {
      process.stderr.write(`capsule run: cannot write the journal to ${options.journal}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      return 2;
    }
  }
  // Each record is appended as its call completes: a crash loses at most the calls in flight.
  const journalSink = options.journal
    ? (record: JournalRecord) => {
        try {
          appendFileSync(options.journal!, `${JSON.stringify(record)}\n`);
        } catch (error) {
          journalFailure ??= (error as NodeJS.ErrnoException).code ?? String(error);
        }
      }
    : undefined;
  const events: RunEvent[] = [];
  const request = {
    source,
    filename,
    seed: options.seed,
    now: options.now,
    ...(options.inputs !== undefined ? { inputs } : {}),
    ...(options.import ? { imports } : {}),
    limits: limitsFromFlags(options),
    ...(options.allow ? { allow: options.allow } : {}),
    ...(journalSink ? { journal: journalSink } : {}),
  };
  const ran = options.redis
    ? await (await import("./remote-run.js")).remoteRun(request, options.redis, options.queue, events)
    : await run(request, { ...(catalog ? { catalog, hostModules: dispatcher } : {}), ...tools, maxWorkers: 1, engineCacheDir: resolveLocations(options).engineCacheDir, onEvent: (e) => events.push(e) }).finally(() =>
        Promise.all([dispatcher?.close(), servers.close()]),
      );
  if ("exit" in ran) return ran.exit;
  const home = resolveLocations(options).home;
  const result = catalog ? policyWorded(ran, catalog, home) : ran;
  if (journalFailure) process.stderr.write(`capsule run: the journal ${shown(options.journal)} is incomplete (${shownMessage(journalFailure)}): it cannot replay this run; write it where there is room\n`);
  // The journal asked for is part of what the command was to produce: without it the command did not succeed.
  const ended = (ok: boolean) => (ok && !journalFailure ? 0 : 1);
  if (options.trace) {
    try {
      await writeFile(options.trace, events.map((e) => JSON.stringify(e, jsonReplacer)).join("\n") + "\n");
    } catch (error) {
      process.stderr.write(`capsule run: cannot write the trace to ${options.trace}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      return 2;
    }
  }
  if (!result.ok && result.error.code === "E_IMPORT_UNRESOLVED" && catalog) explainUnresolved(source, catalog, home);
  if (!result.ok && (result.error.code === "E_BAD_LIMIT" || result.error.code === "E_BAD_REQUEST")) {
    process.stderr.write(`capsule run: ${shownMessage(result.error.message)}\n`);
    return 2;
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, jsonReplacer, 2)}\n`);
    return ended(result.ok);
  }
  if (options.value) printValue(result);
  else process.stdout.write(`${forStream(formatObservation(result, { maxChars: OBSERVATION_MAX_CHARS }), process.stdout)}\n`);
  return ended(result.ok);
}

function printValue(result: RunResult): void {
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

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
