import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/tests/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
    minWorkers: 1,
    // .ci/run asks for a JSON report to print a closing "N passed, N failed" line.
    reporters: process.env.CAPSULE_TEST_REPORT ? ["default", "json"] : ["default"],
    outputFile: process.env.CAPSULE_TEST_REPORT ? { json: process.env.CAPSULE_TEST_REPORT } : undefined,
  },
});
