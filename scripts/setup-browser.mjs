#!/usr/bin/env node
// Makes sure the browser tests have Debian's Chromium (driven by playwright-core, which downloads no browser).
// Installs the `chromium` package with apt-get when it is missing and this user may; otherwise says how to.
// Runs before the test suite (`pnpm test`) and in .ci/run; does nothing when Chromium is already there.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = process.env.CAPSULE_CHROMIUM ?? "/usr/bin/chromium";
if (existsSync(CHROMIUM)) process.exit(0);

const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!hasAptGet || !isRoot) {
  console.warn(`[setup-browser] Chromium is not at ${CHROMIUM}; the browser tests will fail. Install Debian's chromium (apt-get install chromium) or set CAPSULE_CHROMIUM.`);
  process.exit(0);
}
console.log("[setup-browser] installing Debian's chromium for the browser tests (once)…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium"]]) {
  const result = spawnSync("apt-get", args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.warn(`[setup-browser] apt-get ${args.join(" ")} failed (exit ${result.status}); the browser tests will fail until chromium is installed.`);
    process.exit(0);
  }
}

