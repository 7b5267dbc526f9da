// Test and benchmark support: starts Debian's redis-server on a free loopback port with persistence off
// (`--port <free> --bind 127.0.0.1 --save '' --appendonly no`), waits until it accepts connections, and stops it.
// Plain JavaScript so the benchmarks (scripts/bench/*.mjs) use the same helper as the vitest files.
// Refuses to start without redis-server (the message says to run scripts/setup-redis.mjs); never reaches the network.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

const REDIS = process.env.CAPSULE_REDIS_SERVER ?? "/usr/bin/redis-server";
/** How long a server may take to say it is ready; a loaded machine can be slow, so this is generous. */
const READY_TIMEOUT_MS = 20_000;
const running = new Set();

// A test process that dies without its afterAll must not leave servers behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a private redis-server. Resolves with `{ port, url, stop() }`; stop() ends it (SIGTERM, then SIGKILL).
 * @returns {Promise<{ port: number, url: string, pid: number, stop(): Promise<void> }>}
 */
export async function startRedis() {
  if (!existsSync(REDIS)) throw new Error(`redis-server is not at ${REDIS}: run \`node scripts/setup-redis.mjs\` (apt-get install redis-server) or set CAPSULE_REDIS_SERVER`);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await launch(port);
    } catch (error) {
      // Another process may have taken the port between the probe and the bind: try another one.
      if (attempt >= 3) throw error;
    }
  }
}

function launch(port) {
  const child = spawn(REDIS, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--logfile", "", "--protected-mode", "yes"], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  exited.then(() => running.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let said = "";
    const timer = setTimeout(() => fail(new Error(`redis-server on port ${port} was not ready within ${READY_TIMEOUT_MS} ms:\n${said}`)), READY_TIMEOUT_MS);
    const fail = (error) => {
      clearTimeout(timer);
      stop().then(() => reject(error));
    };
    const listen = (chunk) => {
      said += chunk;
      if (/Ready to accept connections/.test(said)) {
        clearTimeout(timer);
        child.stdout.off("data", listen);
        child.stdout.resume();
        child.stderr.resume();
        resolve({ port, url: `redis://127.0.0.1:${port}`, pid: child.pid, stop });
      }
    };
    child.stdout.setEncoding("utf8").on("data", listen);
    child.stderr.setEncoding("utf8").on("data", (chunk) => (said += chunk));
    child.once("exit", (code, signal) => fail(new Error(`redis-server on port ${port} exited (${signal ?? code}) before it was ready:\n${said}`)));
  });
}
