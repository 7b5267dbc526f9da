// checkProgram benchmark: a 50-line guest program (pack imports, host calls, top-level await and return) checked cold
// (a new process: typescript loaded, the guest globals parsed) and warm (the same process, a changed program each
// time), against the other ways to hold TypeScript that were measured to choose it: a Program re-parsing every
// declaration file per check, and a warm LanguageService over the same files. Prints; never asserts.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { checkProgram, GUEST_COMPILER_OPTIONS, guestGlobalsDeclarations } from "../../compiler/dist/index.js";
import { declarationFiles } from "../../compiler/dist/check/declarations.js";
import { wrapProgram } from "../../compiler/dist/check/wrap.js";
import { describeHostFunction } from "../../runtime/dist/index.js";
import { ms, percentile, table } from "./stats.mjs";

// Loaded only by the in-process alternatives: the cold measurement must pay for loading it itself.
let ts;
const FIXTURES = fileURLToPath(new URL("../../compiler/tests/fixtures/check/", import.meta.url));
const PROGRAM = readFileSync(`${FIXTURES}programs/report-50.ts`, "utf8");
const ROUNDS = 20;

const module = (specifier, exports) => ({ specifier, pack: specifier, version: "1.0.0", kind: "guest", sha256: "0", exports, size: 1, summary: "", sourcePath: "/x.js" });
const options = {
  catalog: { version: 1, modules: [module("@fx/greet", ["default", "greet", "version"]), module("@fx/plain", ["slug", "words"])], pending: [], refused: [] },
  roots: [`${FIXTURES}packs`],
  hostFunctions: {
    shop: {
      listOrders: describeHostFunction(async () => [], { signature: "(query: { status: 'open' | 'closed'; limit?: number }) => Promise<Array<{ id: string; customer: string; cents: number; items: string[] }>>" }),
      refund: describeHostFunction(async () => ({ refunded: 0 }), { signature: "(key: string, cents: number) => Promise<{ refunded: number }>" }),
    },
  },
};
/** A different program each round (one literal changes), so nothing of the program itself is reused. */
const variant = (i) => PROGRAM.replace("limit: 50", `limit: ${50 + i}`);

const median = (times) => percentile([...times].sort((a, b) => a - b), 0.5);

/** The first check of a new process (this file with --cold), and the one after it, measured inside that process. */
function coldProcess() {
  return JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--cold"], { encoding: "utf8" }));
}

async function coldChecks() {
  const first = await timed(() => checkProgram(variant(0), options));
  const second = await timed(() => checkProgram(variant(1), options));
  return { cold: first, second };
}

/** Wall time, and the process's CPU time (on a busy machine wall time also counts waiting for a core). */
async function timed(fn) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - t, cpu: (used.user + used.system) / 1000 };
}

/** The same files, as plain TypeScript would take them. */
async function inputs() {
  ts = createRequire(import.meta.url)("typescript");
  const files = new Map([["/capsule/guest-globals.d.ts", await guestGlobalsDeclarations()]]);
  (await declarationFiles(options, [])).forEach((d, i) => files.set(`/capsule/declarations-${i}.d.ts`, d.text));
  return { files, compilerOptions: ts.convertCompilerOptionsFromJson(GUEST_COMPILER_OPTIONS, "/capsule").options };
}

/** Alternative 1: a new Program per check that parses every declaration file again. */
function programWithoutCache({ files, compilerOptions }, text) {
  const all = new Map([...files, ["/capsule/program.ts", text]]);
  const host = {
    getSourceFile: (path) => (all.has(path) ? ts.createSourceFile(path, all.get(path), ts.ScriptTarget.ES2024) : undefined),
    getDefaultLibFileName: () => "/capsule/guest-globals.d.ts", writeFile: () => {}, getCurrentDirectory: () => "/capsule",
    getCanonicalFileName: (p) => p, useCaseSensitiveFileNames: () => true, getNewLine: () => "\n", fileExists: (p) => all.has(p), readFile: (p) => all.get(p),
  };
  const program = ts.createProgram({ rootNames: [...all.keys()], options: compilerOptions, host });
  program.getSemanticDiagnostics(program.getSourceFile("/capsule/program.ts"));
}

/** Alternative 2: one LanguageService kept warm; each check bumps the program file's version. */
function languageService({ files, compilerOptions }) {
  let version = 0;
  let text = "";
  const names = [...files.keys(), "/capsule/program.ts"];
  const service = ts.createLanguageService({
    getScriptFileNames: () => names,
    getScriptVersion: (path) => (path === "/capsule/program.ts" ? String(version) : "0"),
    getScriptSnapshot: (path) => ts.ScriptSnapshot.fromString(path === "/capsule/program.ts" ? text : files.get(path)),
    getCurrentDirectory: () => "/capsule", getCompilationSettings: () => compilerOptions, getDefaultLibFileName: () => "/capsule/guest-globals.d.ts",
    fileExists: (path) => names.includes(path), readFile: (path) => (path === "/capsule/program.ts" ? text : files.get(path)),
  }, ts.createDocumentRegistry());
  return (programText) => {
    version++;
    text = programText;
    service.getSyntacticDiagnostics("/capsule/program.ts");
    service.getSemanticDiagnostics("/capsule/program.ts");
  };
}

export async function checkBench() {
  console.log("== checkProgram (a 50-line program) ==\n");
  const colds = [coldProcess(), coldProcess(), coldProcess()];
  const given = await inputs();
  const service = languageService(given);
  const times = { chosen: [], uncached: [], service: [] };
  // Interleaved, so that drift on a noisy machine hits each way alike; the first rounds warm everything up.
  for (let i = 0; i < ROUNDS + 3; i++) {
    const source = variant(i);
    const text = wrapProgram(ts, source).text;
    let result;
    const chosen = await timed(async () => (result = await checkProgram(source, options)));
    if (result.diagnostics.length) throw new Error(`the bench program does not check: ${result.diagnostics[0].message}`);
    const uncached = await timed(() => programWithoutCache(given, text));
    const warmService = await timed(() => service(text));
    if (i < 3) continue;
    times.chosen.push(chosen);
    times.uncached.push(uncached);
    times.service.push(warmService);
  }
  const row = (how, list, target = "") => [how, ms(median(list.map((x) => x.wall))), ms(Math.min(...list.map((x) => x.wall))), ms(median(list.map((x) => x.cpu))), target];
  table([
    ["how", "wall median", "wall min", "CPU median", "target"],
    row("cold: first checkProgram in a new process (3 processes; loads typescript, parses the globals)", colds.map((c) => c.cold)),
    row("the second checkProgram in that process", colds.map((c) => c.second)),
    row(`warm: checkProgram, cached declaration SourceFiles, a new Program per check (${ROUNDS} rounds)`, times.chosen, "<= 150 ms"),
    row("  TypeScript alone: a new Program re-parsing every declaration file", times.uncached),
    row("  TypeScript alone: a warm LanguageService over the same files", times.service),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--cold")) console.log(JSON.stringify(await coldChecks()));
  else await checkBench();
}
