// Shared by the runtime tests: one small sandbox per test file, closed after it.
import { afterAll } from "vitest";
import { createSandbox, type RunRequest, type RunResult, type SandboxOptions } from "../src/index.js";

export function useSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ maxWorkers: 2, ...options });
  afterAll(() => sandbox.close());
  return sandbox;
}

/** Runs and asserts success, returning the value (the failure is shown if it was not ok). */
export async function valueOf<T = unknown>(sandbox: ReturnType<typeof createSandbox>, request: RunRequest | string): Promise<T> {
  const result: RunResult<T> = await sandbox.run<T>(typeof request === "string" ? { source: request } : request);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Runs and asserts failure, returning the error. */
export async function errorOf(sandbox: ReturnType<typeof createSandbox>, request: RunRequest | string) {
  const result = await sandbox.run(typeof request === "string" ? { source: request } : request);
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}
