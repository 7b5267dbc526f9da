// Shared by the tests that run real worker processes (queue/tests, cli/tests): spawns a Node script, resolves once it
// prints its ready line, and stops every process it started after the test file (SIGTERM, then SIGKILL), so none
// outlives the tests.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll } from "vitest";

export interface Started {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when it exits. */
  exited: Promise<unknown>;
}

/** How long a process may take to print its ready line: it may compile the pack roots first. */
const READY_TIMEOUT_MS = 120_000;

export function useProcesses() {
  const started = new Set<Started>();
  afterAll(async () => {
    await Promise.all([...started].map((p) => stop(p)));
  });
  return {
    start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Started> {
      const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      let said = "";
      const exited = new Promise((resolve) => child.once("exit", resolve));
      const entry: Started = { child, output: () => said, exited };
      started.add(entry);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${args.join(" ")} printed no ready line within ${READY_TIMEOUT_MS} ms:\n${said}`)), READY_TIMEOUT_MS);
        const onData = (chunk: Buffer) => {
          said += chunk;
          if (ready.test(said)) {
            clearTimeout(timer);
            resolve(entry);
          }
        };
        child.stdout!.on("data", onData);
        child.stderr!.on("data", (chunk: Buffer) => (said += chunk));
        child.once("exit", (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`${args.join(" ")} exited (${signal ?? code}) before it was ready:\n${said}`));
        });
      });
    },
  };
}

export async function stop(p: Started): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => p.child.kill("SIGKILL"), 10_000);
  await p.exited;
  clearTimeout(timer);
}

/** Polls `check` until it returns something truthy (every 25 ms, at most `ms`). Tests wait on behaviour, not time. */
export async function until<T>(check: () => T | Promise<T>, what: string, ms = 60_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
