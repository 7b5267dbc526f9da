// `capsule run` starts its worker before parsing its arguments (src/run-process.ts) and exits as soon as its output
// is written: the guess of which worker the run wants, and that nothing written is lost to the early exit.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runWorkerFor, takePrereadProgram } from "../src/run-process.js";
import { resolveLocations } from "../src/paths.js";
import { capsule, tempDir, tempHome } from "./helpers.js";

const dir = tempDir();
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("which worker `capsule run` starts first", () => {
  const plain = file("plain.js", "return 1");
  const importing = file("importing.js", 'import yaml from "@capsule/yaml";\nreturn yaml.dump(1)');

  it("a warmed one for a program without imports, an unwarmed one for a program that imports", () => {
    expect(runWorkerFor(["run", plain])).toMatchObject({ warm: true, wasmTierUp: false });
    expect(runWorkerFor(["run", importing, "--json"])).toMatchObject({ warm: false });
    expect(runWorkerFor(["--home", "/somewhere", "run", "--seed", "7", importing])).toMatchObject({ warm: false });
  });

  it("keeping its template image in the home the run command will use (so the run adopts the worker)", () => {
    expect(runWorkerFor(["run", plain])?.imageDir).toBe(resolveLocations({}).engineCacheDir);
    expect(runWorkerFor(["--home", "/a", "run", "--home", "/b", plain])?.imageDir).toBe(resolveLocations({ home: "/b" }).engineCacheDir);
    expect(runWorkerFor(["--home=/a", "run", plain])?.imageDir).toBe(join("/a", "engine"));
  });

  it("reads the program, not the files other options name", () => {
    const inputs = file("inputs.json", '{"note": "import this"}');
    expect(runWorkerFor(["run", "--inputs", inputs, plain])).toMatchObject({ warm: true });
    expect(runWorkerFor(["run", "-"])).toMatchObject({ warm: true });
  });

  it("hands the program it read to the run command once, and only for that file", () => {
    runWorkerFor(["run", importing]);
    expect(takePrereadProgram(plain)).toBeUndefined();
    runWorkerFor(["run", importing]);
    expect(takePrereadProgram(importing)).toContain('import yaml from "@capsule/yaml"');
    expect(takePrereadProgram(importing)).toBeUndefined();
  });

  it("none for other commands, for help, and for a run on a fleet", () => {
    expect(runWorkerFor(["check", plain])).toBeUndefined();
    expect(runWorkerFor(["packs", "list"])).toBeUndefined();
    expect(runWorkerFor(["run", plain, "--help"])).toBeUndefined();
    expect(runWorkerFor(["run", plain, "--redis", "redis://127.0.0.1:1"])).toBeUndefined();
    expect(runWorkerFor([])).toBeUndefined();
  });
});

describe("`capsule run` exiting once its output is written", () => {
  it("writes a large value and the trace whole before it exits", async () => {
    const trace = join(dir, "trace.jsonl");
    const out = await capsule(["run", file("big.js", "console.log('first'); return 'x'.repeat(600_000)"), "--value", "--trace", trace], { env: { CAPSULE_HOME: tempHome() } });
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(`first\n${"x".repeat(600_000)}\n`);
    expect(readFileSync(trace, "utf8").trim().split("\n").map((line) => JSON.parse(line).type)).toEqual(["run.start", "console", "run.end"]);
  });

  it("runs a program whose guess was wrong (the word import in a string) as any other", async () => {
    const out = await capsule(["run", file("word.js", "return 'import is only a word here'"), "--value"], { env: { CAPSULE_HOME: tempHome() } });
    expect([out.status, out.stdout]).toEqual([0, "import is only a word here\n"]);
  });

  it("exits with its usage code when the command line is wrong after the worker started", async () => {
    const out = await capsule(["run", file("ok.js", "return 1"), "--seed", "minus-one"]);
    expect(out.status).toBe(2);
  });
});
