// `capsule packs uninstall <name>`: removes an installed pack as one transaction under the home's lock — npm uninstall
// in a staged generation, the ledger updated there (the pack, and packs that came with it and are gone now), then one
// rename makes it current. Refuses a name that is not installed (exit 2) and an npm failure (nothing changes).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { compileRoots } from "./catalog-file.js";
import { HomeLockedError, type HomeLock } from "./home-lock.js";
import { currentGeneration, migrate, removeLeftovers, stageGeneration, switchTo } from "./install-root.js";
import { packFolders } from "./installed-check.js";
import { readLedgerAt, writeLedgerAt } from "./ledger.js";
import { npm } from "./npm-client.js";
import { dependencies, lockHome, printRefusal, Refusal } from "./packs-install.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { shown, shownMessage } from "./terminal-text.js";

export async function packsUninstallCommand(name: string, options: LocationOptions & { wait?: number }): Promise<number> {
  const locations = resolveLocations(options);
  let lock: HomeLock | undefined;
  try {
    lock = await lockHome(locations, `packs uninstall ${name}`, options.wait);
    migrate(locations.home);
    await removeLeftovers(locations.home);
    const current = currentGeneration(locations.home)!;
    const ledger = await readLedgerAt(current);
    // Own entries only: "toString" was found on every object, and "uninstalled" (a success it never had).
    if (!Object.hasOwn(ledger.packs, name) && !Object.hasOwn(dependencies(current), name)) {
      process.stderr.write(`capsule packs uninstall: ${shown(name)} is not installed (see \`capsule packs list\`)\n`);
      return 2;
    }
    const staging = await stageGeneration(locations.home);
    const removed = await npm(["uninstall", name], staging);
    if (!removed.ok) {
      await fsp.rm(staging, { recursive: true, force: true });
      process.stderr.write(`capsule packs uninstall: npm could not uninstall ${shown(name)}:\n${shownMessage(removed.output)}\n`);
      return 1;
    }
    const left = await packFolders(path.join(staging, "node_modules"));
    for (const entry of Object.values(ledger.packs)) if (entry.name === name || !left.has(entry.name)) delete ledger.packs[entry.name];
    await writeLedgerAt(staging, ledger);
    if (!(await lock.held())) {
      await fsp.rm(staging, { recursive: true, force: true });
      throw new Refusal("home-lock-lost", "the home's lock was taken over while the uninstall was staged; nothing was switched");
    }
    switchTo(locations.home, staging);
    await fsp.rm(current, { recursive: true, force: true });
    await compileRoots(locations);
    process.stdout.write(`uninstalled ${shown(name)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof HomeLockedError) {
      printRefusal("packs uninstall", error);
      return 1;
    }
    throw error;
  } finally {
    await lock?.release();
  }
}
