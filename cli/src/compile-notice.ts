// Owns what a command says when it is the first to compile a home's pack roots (no <home>/catalog.json yet): a cold
// compile bundles and probes every shipped pack and takes seconds, so a first `capsule run` that only printed its
// answer long after looked hung. One line on stderr says what is happening (all a pipe or a log gets), and on a
// terminal the compile's progress bar (output.ts, cli-progress) follows it. Later commands are warm and say nothing.
// Refuses nothing.

import { existsSync } from "node:fs";
import type { CompileProgress } from "@capsule/compiler";
import { progressReporter } from "./output.js";
import type { Locations } from "./paths.js";

export interface CompileNotice {
  onProgress(event: CompileProgress): void;
  stop(): void;
}

/** The notice for a compile of `locations`, or undefined when the home has a catalog already (a warm compile). */
export function firstCompileNotice(locations: Locations): CompileNotice | undefined {
  if (existsSync(locations.catalogFile)) return undefined;
  process.stderr.write(`capsule: compiling the packs into ${locations.home} (the first command of this home; later ones reuse the cache)…\n`);
  return progressReporter();
}
