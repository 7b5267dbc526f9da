// Owns running the real npm client for installs: always without install scripts (--ignore-scripts) and without bin
// links (--no-bin-links: nothing lands in node_modules/.bin), quiet, never auditing or asking for funding; spawned
// asynchronously so the home's lock holder stays responsive. Refuses nothing itself: a failure is { ok: false, output }.

import { spawn } from "node:child_process";

const npmCommand = process.platform === "win32" ? "npm.cmd" : "npm";

export const NPM_SAFETY_FLAGS = ["--ignore-scripts", "--no-bin-links", "--no-audit", "--no-fund", "--loglevel=error"] as const;

export function npm(args: readonly string[], cwd: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(npmCommand, [...args, ...NPM_SAFETY_FLAGS], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ ok: false, output: `${output}${error.message}`.trim() }));
    child.on("close", (status) => resolve({ ok: status === 0, output: output.trim() }));
  });
}
