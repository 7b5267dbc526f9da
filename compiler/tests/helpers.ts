// Shared test helpers: temp folders, fixture copies, fake probes and a spy bundler. Not a test file.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { afterAll } from "vitest";
import { COMPILER_CODES, type Bundler, type HintSource, type Probe } from "../src/index.js";

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
export const ROOTS = path.join(FIXTURES, "roots");

/** The hint the code table gives for diagnostic `d` (a string, or what the code's hint function says of it). */
export function hintOf(d: HintSource): string {
  const h = COMPILER_CODES[d.code as keyof typeof COMPILER_CODES].hint;
  return typeof h === "function" ? h(d) : h;
}

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test file. */
export function tmp(prefix = "capsule-compiler-"): string {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}

/** Copies fixtures/roots/<name> into a temp folder and returns the copy (a root). */
export function copyRoot(name: string): string {
  const dest = path.join(tmp(), name);
  cpSync(path.join(ROOTS, name), dest, { recursive: true, verbatimSymlinks: true });
  return dest;
}

/** Fake probe: export names from esbuild's metafile (outputs[*].exports) of the given source. */
export const metafileProbe: Probe = async (source) => {
  const r = await esbuild.build({
    stdin: { contents: source, loader: "js", sourcefile: "probe.js" },
    bundle: false,
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    outfile: "probe-out.js",
  });
  return { ok: true, exports: Object.values(r.metafile.outputs).flatMap((o) => o.exports) };
};

/** Fake probe that fails for specifiers ending in /boom, and otherwise behaves like metafileProbe. */
export const boomProbe: Probe = async (source, specifier) =>
  specifier.endsWith("/boom") ? { ok: false, message: "ReferenceError: boom is not defined" } : metafileProbe(source, specifier);

/** Fake probe that always fails. */
export const failingProbe: Probe = async () => ({ ok: false, message: "SyntaxError: unexpected token in guest" });

/** A bundler that counts calls and forwards to esbuild. */
export function spyBundler(version = esbuild.version): Bundler & { calls: number } {
  const spy = {
    version,
    calls: 0,
    build(options: esbuild.BuildOptions) {
      spy.calls++;
      return esbuild.build(options);
    },
  };
  return spy;
}

/** Writes `files` (path → content) under `dir`, creating folders. */
export function writeTree(dir: string, files: Record<string, string>): string {
  for (const [f, body] of Object.entries(files)) {
    const full = path.join(dir, f);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
  }
  return dir;
}

/** Imports a compiled module's source in Node (copied to a .mjs file) to check it really works. */
export async function importCompiled(sourcePath: string): Promise<Record<string, unknown>> {
  const file = path.join(tmp(), "m.mjs");
  writeFileSync(file, readFileSync(sourcePath));
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}
