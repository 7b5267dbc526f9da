// Preloaded (--import) into every process scripts/bench/cli.mjs spawns: at exit, the main thread writes the process's
// CPU time (user + system, all threads) to $CAPSULE_BENCH_CPU_FILE. Node gives a parent no child's rusage.
import { writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

const file = process.env.CAPSULE_BENCH_CPU_FILE;
if (file && isMainThread) {
  process.on("exit", () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, String((user + system) / 1000));
  });
}
