// Owns `capsule --version` and the options given before the subcommand (`capsule --home x run f.js`, `capsule --packs ./mine packs list`):
// --home and --packs on the program itself, merged into the subcommand's own before its action runs — the
// subcommand's --home wins (it comes later on the line), and global --packs roots come before its own.
// Options are positional: a program option after the subcommand is the subcommand's, so each command's help is whole.
// Every command that reads the pack roots warns about a --packs root that is missing, empty or a pack folder
// (packs-root-warnings.ts).
// Refuses nothing; a global --packs given to a command that reads no pack root is warned about, not silently dropped.

import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { warnPackRoots } from "./packs-root-warnings.js";

/** The CLI's version, from its own package.json (cli/dist/ → cli/package.json), so it cannot drift from the package. */
function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: string };
  return manifest.version ?? "unknown";
}

const collect = (value: string, previous?: string[]) => [...(previous ?? []), value];

const declares = (command: Command, attribute: string) => command.options.some((o) => o.attributeName() === attribute);

/** The words of a command from the program down ("packs install"), for messages. */
const commandPath = (command: Command): string => {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
};

/** Adds --version, the global --home and --packs to `program`, and the hook that hands them to the subcommand that runs. */
export function withGlobalOptions(program: Command): Command {
  return program
    .enablePositionalOptions()
    .version(cliVersion(), "-V, --version", "print the version of capsule")
    .option("--home <dir>", "Capsule home for any command (default: $CAPSULE_HOME or ~/.capsule)")
    .option("--packs <dir>", "an extra pack root for any command that reads them (repeatable)", collect)
    .hook("preAction", (root, action) => {
      const globals = root.opts<{ home?: string; packs?: string[] }>();
      if (globals.home !== undefined && declares(action, "home") && action.getOptionValue("home") === undefined) {
        action.setOptionValueWithSource("home", globals.home, "cli");
      }
      if (globals.packs?.length) {
        if (declares(action, "packs")) {
          action.setOptionValueWithSource("packs", [...globals.packs, ...((action.getOptionValue("packs") as string[] | undefined) ?? [])], "cli");
        } else {
          process.stderr.write(`capsule: warning: --packs is not read by \`capsule ${commandPath(action)}\` (it reads no pack root); ignored\n`);
        }
      }
      // Every command that reads the pack roots says first what is wrong with the ones the user named.
      if (declares(action, "packs")) warnPackRoots(action.opts(), commandPath(action));
    });
}
