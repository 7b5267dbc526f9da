// `capsule replay <journal>`: re-runs a journaled run offline — its source, seed and clock from the journal, every
// call answered from it — and says whether it ended the same (the same value's digest, or the same error code) or
// where it diverged. This is how a user's failing run is reproduced on a laptop with its real host results.
// Host functions and tools the journal names are stood in for by stubs that are never called while the journal lasts
// (a call past its end fails, saying the host is not here). Refuses a file that is not a journal, and a journal the
// runtime refuses as a request (exit 2). Everything it prints from the journal or the guest goes through
// terminal-text.ts: a journal is a file anyone may hand over.

import { readFile, stat } from "node:fs/promises";
import { text } from "node:stream/consumers";
import { journalFromLines, run, type HostFunctions, type Journal, type ToolBelt } from "@capsule/runtime";
import { catalogDispatcher, compileRunCatalog, mayImport } from "./run-catalog.js";
import type { Catalog } from "@capsule/compiler";
import type { LocationOptions } from "./paths.js";
import { limitsFromFlags } from "./limit-flags.js";
import { shown, shownMessage } from "./terminal-text.js";

interface ReplayOptions extends LocationOptions {
  json?: boolean;
}

const offline = (name: string) => () => {
  throw new Error(`${name} is not available offline: the journal has no answer for this call`);
};

/**
 * Stand-ins for what the journal's calls name, so the program finds its namespaces and tool modules. Built in Maps and
 * made objects of own properties: a journal naming "__proto__.toJSON" wrote onto Object.prototype of this process.
 */
function standIns(journal: Journal): { hostFunctions: HostFunctions; tools: ToolBelt } {
  const hostFunctions = new Map<string, Map<string, () => never>>();
  const tools = new Map<string, Map<string, ToolBelt[string][string]>>();
  const inside = <T>(outer: Map<string, Map<string, T>>, key: string) => outer.get(key) ?? outer.set(key, new Map()).get(key)!;
  for (const call of journal.calls) {
    if (call.kind === "host-function") inside(hostFunctions, call.target.split(".")[0]!).set(call.export, offline(call.target));
    else if (call.kind === "tool" && !call.target.startsWith("capsule:")) {
      inside(tools, call.target).set(call.export, { description: "offline stand-in", inputSchema: true, handler: offline(`${call.target} ${call.export}`) });
    }
  }
  const objects = <T>(outer: Map<string, Map<string, T>>) => Object.fromEntries([...outer].map(([key, inner]) => [key, Object.fromEntries(inner)]));
  return { hostFunctions: objects(hostFunctions), tools: objects(tools) };
}

export async function replayCommand(file: string, options: ReplayOptions): Promise<number> {
  let journal: Journal | string;
  try {
    // A FIFO or a device would be read until it ends, which may be never: a journal is a file (or "-", stdin).
    if (file !== "-" && !(await stat(file)).isFile()) {
      process.stderr.write(`capsule replay: ${shown(file)} is not a file; pass the journal capsule run --journal wrote (or - to read it from stdin)\n`);
      return 2;
    }
    journal = journalFromLines(file === "-" ? await text(process.stdin) : await readFile(file, "utf8"));
  } catch (error) {
    process.stderr.write(`capsule replay: cannot read ${shown(file)}: ${shownMessage((error as NodeJS.ErrnoException).code ?? String(error))}\n`);
    return 2;
  }
  if (typeof journal === "string") {
    process.stderr.write(`capsule replay: ${shown(file)}: ${shownMessage(journal)}\n`);
    return 2;
  }
  const { header } = journal;
  let catalog: Catalog | undefined;
  if (mayImport(header.source)) {
    try {
      catalog = (await compileRunCatalog(options)).catalog;
    } catch (error) {
      process.stderr.write(`capsule replay: cannot compile the pack roots: ${shownMessage((error as Error).message)}\n`);
      return 1;
    }
  }
  const dispatcher = catalog ? catalogDispatcher(catalog) : undefined;
  // The journal does not record the run's limits: a run that ended on one replays the same only with the same flags.
  const limits = limitsFromFlags(options);
  const result = await run(
    { source: header.source, filename: header.filename, replay: journal, ...standIns(journal), ...(header.allow ? { allow: header.allow } : {}), ...(limits ? { limits } : {}) },
    { ...(catalog ? { catalog, hostModules: dispatcher } : {}), maxWorkers: 1 },
  ).finally(() => dispatcher?.close());
  // A journal the runtime refuses as a request (its source too long, its filename odd) is unusable input, as for run.
  if (!result.ok && (result.error.code === "E_BAD_REQUEST" || result.error.code === "E_BAD_LIMIT")) {
    process.stderr.write(`capsule replay: ${shown(file)}: ${shownMessage(result.error.message)}\n`);
    return 2;
  }
  const expected = journal.end;
  const ended = result.journal?.end;
  const matches = expected !== undefined && ended !== undefined && expected.ok === ended.ok && expected.valueDigest === ended.valueDigest && expected.code === ended.code;
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ matches, expected, replayed: ended, error: result.ok ? undefined : result.error }, null, 2)}\n`);
    return matches ? 0 : 1;
  }
  const calls = journal.calls.length;
  const how = result.ok ? "ok" : `${result.error.code}: ${shownMessage(result.error.message)}`;
  if (matches) process.stdout.write(`replayed ${calls} call${calls === 1 ? "" : "s"} from the journal: the run ended the same (${expected!.ok ? "the same value" : shown(expected!.code)})\n`);
  else if (!result.ok && result.error.code === "E_REPLAY_DIVERGED") process.stdout.write(`diverged: ${shownMessage(result.error.message)}\n`);
  else if (!expected) {
    // What a crashed run leaves: how far the replay got is the answer (exit 0 when it then ended ok).
    process.stdout.write(`the journal has no end record (the run it recorded did not finish): replayed its ${calls} call${calls === 1 ? "" : "s"}, then the run ended ${how}\n`);
    return result.ok ? 0 : 1;
  } else process.stdout.write(`diverged: the journal ended ${expected.ok ? "with a value" : `with ${shown(expected.code)}`}, the replay ${result.ok ? (ended?.valueDigest === expected.valueDigest ? "with the same value" : "with another value") : `with ${how}`}\n`);
  return matches ? 0 : 1;
}
