// Shared by the CLI tests: spawns the built CLI (cli/dist/main.js) with a temporary Capsule home, so no test
// ever reads or writes ~/.capsule, and with CAPSULE_PACK_PATH cleared so the caller's environment cannot leak in.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../dist/main.js", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
export const FIXTURE_ROOT = join(FIXTURES, "packs");

export const tempDir = (prefix = "capsule-cli-") => mkdtempSync(join(tmpdir(), prefix));

/** A fresh, empty Capsule home. */
export const tempHome = () => tempDir("capsule-home-");

export interface SpawnOptions {
  input?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface Spawned {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end without blocking the test worker's event loop. The tests never use spawnSync for anything
 * that can take long: a synchronous spawn that outlasts vitest's 60 s RPC timeout (a cold compile on a loaded machine)
 * surfaces as an unhandled "Timeout calling onTaskUpdate" error that fails the whole suite.
 */
export function spawnAsync(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<Spawned> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdin.on("error", () => {}); // a CLI that exits before reading all of its input is not the test's error
  child.stdin.end(options.input);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** The built CLI with a throwaway CAPSULE_HOME and CAPSULE_PACK_PATH cleared (options.env adds to or overrides them). */
export async function capsule(args: string[], options: SpawnOptions = {}): Promise<Spawned> {
  const env: NodeJS.ProcessEnv = { ...process.env, CAPSULE_HOME: join(tmpdir(), "capsule-cli-tests-never-used"), CAPSULE_PACK_PATH: "", ...options.env };
  const out = await spawnAsync(process.execPath, [CLI, ...args], { input: options.input, cwd: options.cwd, env });
  // A CLI killed by a signal is never the expected outcome: leave what it said in the test log for diagnosis.
  if (out.signal) console.error(`capsule ${args.join(" ")} was killed by ${out.signal}\nstdout: ${out.stdout}\nstderr: ${out.stderr}`);
  return out;
}

/** The same as capsule(); kept for the tests written when capsule() was synchronous. */
export const capsuleAsync = capsule;

/** The table line that starts a module's row (its first cell is the specifier). */
export function rowOf(stdout: string, specifier: string): string | undefined {
  return stdout.split("\n").find((line) => line.split("│")[1]?.trim() === specifier);
}

/** stderr without the line the first compile of a fresh home prints (src/compile-notice.ts), for tests that expect nothing else. */
export const withoutCompileNotice = (stderr: string) => stderr.split("\n").filter((line) => !line.startsWith("capsule: compiling the packs into ")).join("\n");

export interface Serving {
  url: string;
  child: ChildProcess;
  out(): string;
  err(): string;
}

/** Starts `capsule serve --port 0 …args` (CAPSULE_PACK_PATH as given, else cleared) and resolves once it prints its address. */
export async function serve(args: string[], packPath = ""): Promise<Serving> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], { env: { ...process.env, CAPSULE_PACK_PATH: packPath } });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk) => (err += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /(http:\/\/\S+)\/catalog/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`capsule serve exited ${code}: ${err}`)));
  });
  return { url, child, out: () => out, err: () => err };
}
