// The `capsule` command line (loaded by main.ts). Owns argument parsing (commander) and exit codes: 0 ok, 1 guest error or refusal,
// 2 bad usage. Each subcommand lives in its own file; this one only wires options to them, and loads a subcommand
// only when it runs (`await import`): a command pays for its own dependencies, never for the others' (the MCP SDK,
// the compiler, esbuild…).

import { Command, CommanderError, InvalidArgumentError } from "commander";
import { withLimitFlags } from "./limit-flags.js";
import { withGlobalOptions } from "./global-options.js";

const program = withGlobalOptions(
  new Command()
    .name("capsule")
    .description("Run untrusted JavaScript or TypeScript in a QuickJS sandbox, with vetted library packs")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) }),
);

const integer = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a non-negative integer`);
  return n;
};

const positive = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return n;
};

const collect = (value: string, previous?: string[]) => [...(previous ?? []), value];

/** --home on every command; --packs on every command that reads the pack roots. */
function withHome(command: Command): Command {
  return command.option("--home <dir>", "Capsule home (default: $CAPSULE_HOME or ~/.capsule)");
}
function withRoots(command: Command): Command {
  return withHome(command).option("--packs <dir>", "an extra pack root, searched after the others (repeatable)", collect);
}

withLimitFlags(withRoots(
  program
    .command("run")
    .description("run a guest program and print its result")
    .argument("<file>", "a .js or .ts file, or - for standard input")
    .option("--json", "print the whole result object as JSON")
    .option("--value", "print the console lines and the bare value (a string as is, else JSON), for scripts")
    .option("--inputs <file>", "a JSON file whose content is the guest's frozen global `inputs`")
    .option("--import <name=specifier>", "map a name the program imports to an admitted module (repeatable), e.g. js-yaml=@capsule/yaml", collect)
    .option("--seed <n>", "seed for Math.random", integer("--seed"))
    .option("--now <iso>", "the guest clock's start, as an ISO 8601 date")
    .option("--allow <specifier>", "a module the program may import (repeatable; default: every admitted module)", collect)
    .option("--trace <file>", "write the run's events (calls, console lines, limits) to <file> as JSON Lines")
    .option("--journal <file>", "write the run's journal (every call and what the host answered) to <file> as JSON Lines, each call as it completes")
    .option("--mcp <name=command>", "start a stdio MCP server for the run; its tools are importable as @mcp/<name> (repeatable)", collect)
    .option("--grant <tool>", "a side-effecting tool the run may call, e.g. @mcp/files.write or all of @mcp/files (repeatable)", collect)
    .option("--redis <url>", "run it on a fleet: submit to `capsule worker` processes through this Redis (BullMQ) and print the result as a local run would")
    .option("--queue <name>", "with --redis: the queue (default capsule-runs)"),
), "the run's").action(async (file: string, options) => {
  const code = await (await import("./run-command.js")).runCommand(file, options);
  await (await import("./run-process.js")).exitWhenWritten(code);
});

withLimitFlags(withRoots(
  program
    .command("worker")
    .description("serve runs queued in Redis (capsule run --redis, @capsule/queue) with the home's catalog and the shipped host modules, until SIGINT/SIGTERM")
    .requiredOption("--redis <url>", "the Redis of the queue, e.g. redis://127.0.0.1:6379")
    .option("--concurrency <n>", "runs at once", positive("--concurrency"), 1)
    .option("--queue <name>", "the queue (default capsule-runs)")
    .option("--lock-duration <ms>", "how long a dead worker's run stays locked before another takes it over (default 30000)", positive("--lock-duration"))
    .option("--stalled-interval <ms>", "how often this worker looks for runs whose worker died (default 15000)", positive("--stalled-interval")),
), "each queued run's default").action(async (options) => {
  process.exitCode = await (await import("./worker-command.js")).workerCommand(options);
});

withLimitFlags(withRoots(
  program
    .command("replay")
    .description("re-run a journaled run offline and say whether it ends the same, or where it diverges; a journal does not record the run's limits, so give the limit flags it ran with")
    .argument("<journal>", "a journal written by capsule run --journal")
    .option("--json", "print { matches, expected, replayed } as JSON"),
), "the replay's").action(async (file: string, options) => {
  process.exitCode = await (await import("./replay-command.js")).replayCommand(file, options);
});

withRoots(
  program
    .command("check")
    .description("check a guest program before running it: syntax, imports, missing globals and types, at your lines")
    .argument("<file>", "a .js or .ts file, or - for standard input")
    .option("--json", "print { ok, file, language, diagnostics } as JSON")
    .option("--allow <specifier>", "a module the program may import (repeatable; default: every admitted module)", collect),
).action(async (file: string, options) => {
  process.exitCode = await (await import("./check-command.js")).checkCommand(file, options);
});

withRoots(
  program
    .command("init")
    .description("write a tsconfig.json and capsule-env.d.ts so an editor checks guest programs in [dir] against the sandbox")
    .argument("[dir]", "the folder of your guest programs (default: the current folder)")
    .option("--allow <specifier>", "declare only this module (repeatable; default: every admitted module)", collect),
).action(async (dir: string | undefined, options) => {
  process.exitCode = await (await import("./init-command.js")).initCommand(dir, options);
});

const packs = program.command("packs").description("compile and list the installed packs");

withRoots(
  packs
    .command("compile")
    .description("compile every pack root into the cache and save the catalog")
    .option("--force", "rebuild and re-probe every module, ignoring the cache")
    .option("--prune", "then remove cached bundles, pointers and facades the new catalog does not use (older than an hour)")
    .option("--json", "print { catalog, diagnostics, stats } as JSON"),
).action(async (options) => {
  process.exitCode = await (await import("./packs-compile.js")).packsCompileCommand(options);
});

withRoots(
  packs
    .command("list")
    .description("list installed packs and their modules from the last compiled catalog")
    .option("--json", "print the packs and modules as JSON (full digests)")
    .option("--refresh", "compile before listing, even when a catalog exists"),
).action(async (options) => {
  process.exitCode = await (await import("./packs-list.js")).packsListCommand(options);
});

withRoots(
  packs
    .command("docs")
    .description("print the reference for the modules a run may import (summaries, exports, .d.ts, guest surface, limits)")
    .option("--allow <specifier>", "a module the run may import (repeatable; default: every admitted module)", collect)
    .option("--format <format>", "md or dts", "md")
    .option("--mcp <name=command>", "include the tools of a stdio MCP server as @mcp/<name> (repeatable)", collect),
).action(async (options) => {
  process.exitCode = await (await import("./packs-docs.js")).packsDocsCommand(options);
});

/** --wait on the commands that take the home's lock. */
function withWait(command: Command): Command {
  return withHome(command).option("--wait <ms>", "how long to wait for another install/uninstall/audit of this home (default 120000)", integer("--wait"));
}

withWait(
  packs
    .command("install")
    .description("install a pack from npm (name@range), a tarball or a directory, without install scripts or bin links; staged and switched in one step, so a refused or interrupted install leaves nothing behind")
    .argument("<spec>", "an npm spec, a .tgz file or a folder")
    .option("--json", "print the ledger entry as JSON")
    .option("--allow-shadow-shipped", "let the pack replace the shipped pack of the same name (recorded in the ledger)")
    .option("--frozen", "refuse (pack-install-drift) if the install would change any version the home's lockfile pins")
    .option("--max-files <n>", "most files the install may add (PACK_INSTALL_MAX_FILES, within its ceiling)", integer("--max-files"))
    .option("--max-bytes <n>", "most unpacked bytes the install may add (PACK_INSTALL_MAX_BYTES, within its ceiling)", integer("--max-bytes")),
).action(async (spec: string, options) => {
  process.exitCode = await (await import("./packs-install.js")).packsInstallCommand(spec, options);
});

withWait(packs.command("uninstall").description("remove an installed pack").argument("<name>", "the pack's package name")).action(
  async (name: string, options) => {
    process.exitCode = await (await import("./packs-uninstall.js")).packsUninstallCommand(name, options);
  },
);

withWait(
  packs
    .command("audit")
    .description("check installed packs against the ledger and the catalog's digests; report packs without a ledger entry and staging leftovers")
    .option("--json", "print findings as JSON"),
).action(async (options) => {
  process.exitCode = await (await import("./packs-audit.js")).packsAuditCommand(options);
});

withRoots(
  program
    .command("serve")
    .description("serve the compiled catalog over HTTP (the index, modules by specifier and by digest, the playground) and run programs sent to POST /run")
    .option("--port <port>", "port to listen on (0 picks a free one)", integer("--port"), 7300)
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--tokens <file>", 'JSON file of bearer tokens and the packs each grants: { "<token>": ["@capsule/*"] }, or { "<token>": { "packs": [...], "limits": { "wallMs": 5000 } } }')
    .option("--ceiling <limit=value>", "the most POST /run may ask of a limit, e.g. wallMs=120000 (repeatable)", collect)
    .option("--max-body <bytes>", "largest POST /run body (default 1 MiB)", positive("--max-body"))
    .option("--max-runs <n>", "POST /run programs running at once before it answers run-busy (default 16)", positive("--max-runs"))
    .option("--max-runs-per-token <n>", "POST /run programs one token may run at once before it answers run-token-busy (default: half of --max-runs)", positive("--max-runs-per-token")),
).action(async (options) => {
  process.exitCode = await (await import("./serve.js")).serveCommand(options);
});

withLimitFlags(withRoots(
  program
    .command("mcp")
    .description("serve Capsule as an MCP server (stdio, or Streamable HTTP on loopback): execute_code, list_modules, the reference as resources")
    .option("--http <port>", "serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio (0 picks a free port)", integer("--http"))
    .option("--connect <name=command>", "start a stdio MCP server whose tools programs may import as @mcp/<name> (repeatable)", collect)
    .option("--grant <tool>", "a side-effecting tool programs may call, e.g. @mcp/files.write or all of @mcp/files (repeatable)", collect)
    .option("--ceiling <limit=value>", "the most execute_code may ask of a limit, e.g. wallMs=120000 (repeatable)", collect)
    .option("--workers <n>", "sandbox worker threads, all kept warm (default: one per core)", integer("--workers")),
), "execute_code's default (at most its ceiling)").action(async (options) => {
  process.exitCode = await (await import("./mcp-command.js")).mcpCommand(options);
});

const pack = program.command("pack").description("author a pack: scaffold one, check why a module is refused");

withHome(
  pack
    .command("check")
    .description("validate, compile and probe the pack in <dir>, with a hint for every problem")
    .argument("<dir>", "the pack's folder (the one holding package.json)")
    .option("--json", "print the report as JSON"),
).action(async (dir: string, options) => {
  process.exitCode = await (await import("./pack-check.js")).packCheckCommand(dir, options);
});

withHome(
  pack
    .command("new")
    .description("scaffold a new pack (one guest module, SKILL.md, types, tests) in <dir>, or one wrapping an installed npm library (--npm)")
    .argument("<dir>", "a new or empty folder")
    .option("--name <package-name>", "the npm package name (default: from the folder, @scope/ from an @scope parent)")
    .option("--npm <library>", "wrap this installed npm library (found from <dir> or the working directory): its description, README and types"),
).action(async (dir: string, options) => {
  process.exitCode = await (await import("./pack-new.js")).packNewCommand(dir, options);
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
  else throw error;
}
