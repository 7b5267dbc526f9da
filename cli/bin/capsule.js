#!/usr/bin/env node
// Owns the `capsule` bin: a committed file, so a package manager links the bin at install time even before the
// first build (pnpm skips a bin whose target does not exist yet, and tsc never sets the executable bit on dist/).
// Refuses nothing: it only loads the built command.
import "../dist/main.js";
