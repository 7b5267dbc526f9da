// `capsule init [dir]`: makes a folder a home for guest programs in an editor (and `tsc --noEmit`): a tsconfig.json
// with the compiler options checkProgram uses, and capsule-env.d.ts holding exactly the guest's globals and the
// declarations of the modules a program may import (docs() in dts format over the compiled catalog). Refuses to
// overwrite a tsconfig.json or capsule-env.d.ts it did not write, and a `dir` that is a file (exit 2); its own files
// are rewritten, so running it again after installing packs refreshes them. Top-level `return` stays TypeScript's
// error (TS1108): `capsule check` is the checker of record (README, "capsule init").

import { promises as fsp } from "node:fs";
import path from "node:path";
import { docs, GUEST_COMPILER_OPTIONS, guestGlobalsDeclarations } from "@capsule/compiler";
import { compileRoots, homeDiscoverOptions } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";

interface InitOptions extends LocationOptions {
  /** Declare only these modules (default: every admitted module). */
  allow?: string[];
}

/** In both files: what makes them ours to rewrite. */
const MARKER = "Written by `capsule init`";
const ENV_FILE = "capsule-env.d.ts";
const TSCONFIG = "tsconfig.json";

export async function initCommand(dir: string | undefined, options: InitOptions): Promise<number> {
  const target = path.resolve(dir ?? ".");
  const stat = await fsp.stat(target).catch(() => undefined);
  if (stat && !stat.isDirectory()) return usage(`${target} is not a folder`);
  for (const name of [TSCONFIG, ENV_FILE]) {
    const existing = await fsp.readFile(path.join(target, name), "utf8").catch(() => undefined);
    if (existing !== undefined && !existing.includes(MARKER)) return usage(`${path.join(target, name)} exists and was not written by capsule init; move it away first`);
  }
  const locations = resolveLocations(options);
  const { catalog } = await compileRoots(locations);
  const unknown = (options.allow ?? []).filter((s) => !catalog.modules.some((m) => m.specifier === s));
  if (unknown.length) return usage(`not admitted: ${unknown.join(", ")} (see \`capsule packs list\`)`);
  const modules = await docs({ catalog, roots: locations.roots, discover: await homeDiscoverOptions(locations), allow: options.allow, format: "dts" });
  const declared = options.allow?.length ?? catalog.modules.length;
  await fsp.mkdir(target, { recursive: true });
  await fsp.writeFile(path.join(target, ENV_FILE), envFile(await guestGlobalsDeclarations(), modules));
  await fsp.writeFile(path.join(target, TSCONFIG), tsconfig());
  process.stdout.write(
    `wrote ${TSCONFIG} and ${ENV_FILE} in ${target} (the guest's globals and ${declared} module${declared === 1 ? "" : "s"})\n` +
      "an editor (or `npx tsc --noEmit`) now checks guest programs here against the sandbox's globals and these modules;\n" +
      "top-level `return` stays TypeScript's error TS1108: `capsule check <file>` is the checker of record.\n" +
      "run `capsule init` again after installing packs.\n",
  );
  return 0;
}

function envFile(globals: string, modules: string): string {
  return [
    `// ${MARKER}: the globals of a Capsule guest, and the modules a program may import. Rewritten by every`,
    "// `capsule init`; do not edit.",
    globals,
    "// ---- the modules a program may import (`capsule packs docs --format dts`)",
    "",
    modules,
  ].join("\n");
}

/** tsconfig.json allows comments: the marker lives in one. */
function tsconfig(): string {
  return [
    `// ${MARKER}: guest programs in this folder are checked with exactly the sandbox's globals and the installed`,
    "// packs' declarations (capsule-env.d.ts). `capsule check <file>` is the checker of record (it accepts top-level return).",
    JSON.stringify({ compilerOptions: GUEST_COMPILER_OPTIONS }, null, 2),
    "",
  ].join("\n");
}

function usage(message: string): number {
  process.stderr.write(`capsule init: ${message}\n`);
  return 2;
}
