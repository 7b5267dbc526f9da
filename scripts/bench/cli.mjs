// Whole-process CLI benchmark (issue 18): `capsule run` as a user types it, a new Node process each time, against
// `node -e 0` measured in the same loop (the floor: starting Node at all). Rows: a trivial run (no imports), a run
// importing @capsule/yaml on a warm home, and a warm command over a pack root with one module the probe refuses
// (scripts/bench/fixtures/cli-refused). Wall time is what the user waits; CPU time (all threads, reported by the
// child itself through cpu-report.mjs) is what a loaded machine cannot hide. Medians of CAPSULE_BENCH_RUNS (5)
// runs, interleaved so that a burst of load hits every row alike. Prints; never asserts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { percentile, ratio, table } from "./stats.mjs";

// CAPSULE_BENCH_CLI measures another build of the CLI (say, a copy of the one before a change) the same way.
const CLI = process.env.CAPSULE_BENCH_CLI ?? fileURLToPath(new URL("../../cli/dist/main.js", import.meta.url));
const CPU_REPORT = fileURLToPath(new URL("./cpu-report.mjs", import.meta.url));
const REFUSED_ROOT = fileURLToPath(new URL("./fixtures/cli-refused/", import.meta.url));

export async function cliBench() {
  console.log("== cli (whole process) ==\n");
  const runs = Number(process.env.CAPSULE_BENCH_RUNS) || 5;
  const dir = mkdtempSync(join(tmpdir(), "capsule-bench-cli-"));
  const home = join(dir, "home");
  const cpuFile = join(dir, "cpu");
  const program = (name, text) => (writeFileSync(join(dir, name), text), join(dir, name));
  const trivial = program("trivial.js", "return 1 + 1\n");
  const yaml = program("yaml.js", 'import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1\\nb: [x, y]\\n");\n');
  const refusing = program("refusing.js", 'import { twice } from "@bench-fixture/refusing";\nreturn twice(21);\n');
  const rows = [
    ["node -e 0", ["-e", "0"]],
    ["capsule run (return 1 + 1)", [CLI, "run", trivial]],
    ["capsule run (imports @capsule/yaml, warm home)", [CLI, "run", yaml]],
    ["capsule run over a pack with one refused module (warm)", [CLI, "run", refusing, "--packs", REFUSED_ROOT]],
  ];
  // A home per row: a home's catalog is that of its last compile, so rows with other roots would undo each other's.
  const once = (args, row) => {
    const t = performance.now();
    const out = spawnSync(process.execPath, ["--import", CPU_REPORT, ...args], { env: { ...process.env, CAPSULE_HOME: `${home}-${row}`, CAPSULE_PACK_PATH: "", CAPSULE_BENCH_CPU_FILE: cpuFile }, encoding: "utf8" });
    const wall = performance.now() - t;
    // A run that fails (on a loaded machine, a one-shot run's 5 s wall clock includes its worker's start) is counted.
    return { wall, cpu: Number(readFileSync(cpuFile, "utf8")), failed: out.status !== 0 ? `${out.stderr.split("\n")[0]}` : undefined };
  };
  try {
    // Warm the home: the first compile of the shipped packs and of the fixture root is not what is measured.
    rows.forEach(([, args], r) => r > 0 && once(args, r));
    const samples = rows.map(() => ({ wall: [], cpu: [], failed: [] }));
    for (let i = 0; i < runs; i++) {
      rows.forEach(([, args], r) => {
        const { wall, cpu, failed } = once(args, r);
        samples[r].wall.push(wall);
        samples[r].cpu.push(cpu);
        if (failed) samples[r].failed.push(failed);
      });
    }
    const median = (xs) => percentile([...xs].sort((a, b) => a - b), 0.5);
    const base = { wall: median(samples[0].wall), cpu: median(samples[0].cpu) };
    table([
      ["command", "wall (median)", "cpu (median)", "wall vs node -e 0", "cpu vs node -e 0", "failed"],
      ...rows.map(([name], r) => {
        const wall = median(samples[r].wall);
        const cpu = median(samples[r].cpu);
        return [name, `${(wall / 1000).toFixed(3)} s`, `${(cpu / 1000).toFixed(3)} s`, ratio(wall, base.wall), ratio(cpu, base.cpu), samples[r].failed.length ? `${samples[r].failed.length} (${samples[r].failed[0]})` : "0"];
      }),
    ]);
    console.log(`${runs} runs each, interleaved; CPU is user + system of every thread of the child, as it reports at exit; load average ${(await import("node:os")).loadavg()[0].toFixed(1)} at the end.\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await cliBench();
