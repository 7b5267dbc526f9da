// The Quickstart's main job: `capsule run examples/hello.ts` with a guest pack and a host pack, deterministic.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../cli/dist/main.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../examples/hello.ts", import.meta.url));

describe("the Quickstart example", () => {
  it("prints the same result on every run", async () => {
    const home = mkdtempSync(join(tmpdir(), "capsule-quickstart-"));
    // Asynchronous: a cold compile on a loaded machine may outlast vitest's 60 s RPC timeout, which a spawnSync would block.
    const run = () => promisify(execFile)(process.execPath, [CLI, "run", EXAMPLE, "--seed", "7", "--now", "2026-01-01T00:00:00Z", "--home", home], { encoding: "utf8", env: { ...process.env, CAPSULE_PACK_PATH: "" } });
    const first = await run(); // rejects, with the CLI's stderr, when it exits non-zero
    // The observation: the console, a summary line, then the value (JSON for plain data).
    const value = JSON.parse(first.stdout.slice(first.stdout.indexOf("\nvalue:\n") + "\nvalue:\n".length));
    expect(value).toEqual({
      totals: { tea: 22.5, cake: 12 },
      grandTotal: 34.5,
      luckyOrder: 1,
      at: "2026-01-01T00:00:00.000Z",
      report: "totals:\n  tea: 22.5\n  cake: 12\n",
      csv: "item,total\r\ntea,22.5\r\ncake,12",
    });
    expect(first.stdout.startsWith("console (1 line):\n| processed 3 orders\nok (")).toBe(true);
    // Everything but the timings is the same on every run.
    const untimed = (text: string) => text.replace(/\d+ ms/g, "N ms");
    expect(untimed((await run()).stdout)).toBe(untimed(first.stdout));
  }, 120_000);
});
