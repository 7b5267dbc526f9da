// A server's whole process group ends when it is closed: its own helper processes, and the server behind a `sh -c`
// wrapper, are not left running under init (the SDK signals only the process it spawned).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { connectStdioServers } from "../src/index.js";
import { tempDir } from "./helpers.js";

const SERVER = fileURLToPath(new URL("./fixtures/parent-server.mjs", import.meta.url));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Resolves once `check` holds; rejects after `ms` (a bound on cleanup, not a speed assertion). */
async function until(check: () => boolean, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!existsSync("/usr/bin/setsid") && !existsSync("/bin/setsid"))("a closed server", () => {
  for (const [how, spec] of [
    ["started directly", (file: string) => ({ command: process.execPath, args: [SERVER], env: { HELPER_PID_FILE: file } })],
    ["started through sh -c", (file: string) => ({ command: "sh", args: ["-c", `HELPER_PID_FILE='${file}' '${process.execPath}' '${SERVER}'`], env: {} })],
  ] as const) {
    it(`ends the processes it started, ${how}`, async () => {
      const file = join(tempDir(), "helper.pid");
      const servers = await connectStdioServers([{ name: "parent", ...spec(file) }]);
      await until(() => existsSync(file) && readFileSync(file, "utf8") !== "");
      const helper = Number(readFileSync(file, "utf8"));
      expect(alive(helper)).toBe(true);
      await servers.close();
      await until(() => !alive(helper));
    }, 60_000);
  }
});
