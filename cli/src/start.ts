// The order of `capsule` start-up (loaded by main.ts, as cli/dist/start.js or bundled as start.bundle.js): `capsule
// run`'s worker thread is started before the command line is parsed or any command's code is loaded
// (run-process.ts), so the thread boots on the other core while this one loads the program (program.ts). Refuses
// nothing.

import { prestartForCommandLine } from "./run-process.js";

prestartForCommandLine(process.argv.slice(2));
await import("./program.js");
