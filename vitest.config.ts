import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/tests/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    // Generous: most tests spawn real processes (the CLI, workers, chromium, redis-server), and the suite must pass on a
    // loaded machine. A test that hangs still fails, later.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    minWorkers: 1,
    // .ci/run asks for a JSON report to print a closing "N passed, N failed" line.
    reporters: process.env.CAPSULE_TEST_REPORT ? ["default", "json"] : ["default"],
    outputFile: process.env.CAPSULE_TEST_REPORT ? { json: process.env.CAPSULE_TEST_REPORT } : undefined,
  },
});
