// Test support: compiles the repository's shipped packs (packs/) once per test file, with the real probe,
// into a cache shared by all test files of a run (the compiler's cache is safe under concurrent compiles).
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { compileWithSandbox, type CompileResult } from "../../compiler/src/index.js";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../runtime/src/index.js";
import { createCapsuleDispatcher, defaultRegistry } from "../../registry/src/index.js";

export const PACKS_ROOT = fileURLToPath(new URL("../../packs/", import.meta.url));
export const TEST_CACHE = join(tmpdir(), "capsule-test-cache");

let compiled: Promise<CompileResult> | undefined;

/** The catalog of the shipped packs (compiled on first call, cached on disk across test files). */
export function shippedCatalog(): Promise<CompileResult> {
  compiled ??= compileWithSandbox({ roots: [PACKS_ROOT], cacheDir: TEST_CACHE });
  return compiled;
}

/** A sandbox over the shipped catalog (host and WASM modules answered as `capsule run` does), closed after the file. */
export async function shippedSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { catalog } = await shippedCatalog();
  const dispatcher = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const sandbox = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher, ...options });
  afterAll(async () => {
    await sandbox.close();
    await dispatcher.close();
  });
  return sandbox;
}
