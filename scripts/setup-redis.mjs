#!/usr/bin/env node
// Makes sure the queue tests and the queue benchmark have Debian's redis-server (BullMQ needs Redis >= 5; Debian 12
// ships 7.0). Installs the `redis-server` package with apt-get when it is missing and this user may; otherwise says
// how to. The tests start their own server on a free loopback port with persistence off and stop it after; this
// script starts nothing, and stops the service apt may have started (nothing should listen on 6379 on its own).
// Runs before the test suite (`pnpm test`) and in .ci/run; does nothing when redis-server is already there.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const REDIS = process.env.CAPSULE_REDIS_SERVER ?? "/usr/bin/redis-server";
if (existsSync(REDIS)) process.exit(0);

const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!hasAptGet || !isRoot) {
  console.warn(`[setup-redis] redis-server is not at ${REDIS}; the queue tests will fail. Install Debian's redis-server (apt-get install redis-server) or set CAPSULE_REDIS_SERVER.`);
  process.exit(0);
}
console.log("[setup-redis] installing Debian's redis-server for the queue tests (once)…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update", "-qq"], ["install", "-y", "-qq", "redis-server"]]) {
  const result = spawnSync("apt-get", args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.warn(`[setup-redis] apt-get ${args.join(" ")} failed (exit ${result.status}); the queue tests will fail until redis-server is installed.`);
    process.exit(0);
  }
}
// Where the package's service did start (a machine with an init system), stop it: the tests start their own.
spawnSync("sh", ["-c", "command -v service >/dev/null && service redis-server stop"], { stdio: "ignore" });
