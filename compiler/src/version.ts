// Owns the compiler's own version, read once from compiler/package.json (part of every cache key).
// Refuses nothing; a missing package.json is a broken install and throws at import time.

import { readFileSync } from "node:fs";
import { PACKAGE_ROOT } from "./package-root.js";

const pkg = JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as { version: string };

export const COMPILER_VERSION: string = pkg.version;
