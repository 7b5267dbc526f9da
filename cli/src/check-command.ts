// `capsule check <file>`: checks a guest program before it runs — syntax, its imports against the catalog of the pack
// roots (narrowed by --allow), globals the sandbox lacks, and TypeScript types against the packs' declarations and
// exactly the guest's globals (the compiler's checkProgram) — and prints each problem at the user's line with a code
// frame and a hint. Exit 1 when there is any problem, 0 when there is none; an unreadable file is bad usage (2).

import { readFile } from "node:fs/promises";
import { checkProgram, type Catalog, type CheckDiagnostic } from "@capsule/compiler";
import { compileRoots, homeDiscoverOptions } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";

interface CheckCommandOptions extends LocationOptions {
  json?: boolean;
  /** Specifiers the program may import; absent means every admitted module. */
  allow?: string[];
}

export async function checkCommand(file: string, options: CheckCommandOptions): Promise<number> {
  let source: string;
  try {
    source = file === "-" ? await readStdin() : await readFile(file, "utf8");
  } catch (error) {
    process.stderr.write(`capsule check: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return 2;
  }
  const locations = resolveLocations(options);
  let catalog: Catalog | undefined;
  // The same cheap test as `capsule run`: only a source that mentions `import` needs the catalog compiled.
  if (/\bimport\b/.test(source)) {
    try {
      catalog = (await compileRoots(locations)).catalog;
    } catch (error) {
      process.stderr.write(`capsule check: cannot compile the pack roots: ${(error as Error).message}\n`);
      return 1;
    }
    for (const specifier of options.allow ?? []) {
      if (!catalog.modules.some((m) => m.specifier === specifier)) {
        process.stderr.write(`capsule check: warning: --allow ${specifier}: no admitted module has that name (see \`capsule packs list\`)\n`);
      }
    }
  }
  const result = await checkProgram(source, { catalog, allow: options.allow, roots: locations.roots, discover: await homeDiscoverOptions(locations) });
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ok: result.ok, file, language: result.language, diagnostics: result.diagnostics }, null, 2)}\n`);
  } else {
    for (const d of result.diagnostics) process.stdout.write(describe(file, d));
    const count = result.diagnostics.length;
    process.stdout.write(count ? `${count} problem${count === 1 ? "" : "s"}\n` : `ok: no problems (checked as ${result.language === "javascript" ? "JavaScript" : "TypeScript"})\n`);
  }
  return result.ok ? 0 : 1;
}

/** One problem: where (the program, or the declarations file it is in), what, the code frame, how to fix it. */
function describe(file: string, d: CheckDiagnostic): string {
  const frame = d.frame.split("\n").map((line) => `  ${line}`).join("\n");
  return `${d.file ?? file}:${d.line}:${d.column} error ${d.code}: ${d.message}\n${frame}\n  hint: ${d.hint}\n\n`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
