// Owns the codes the CLI itself gives a refusal (the compiler's, the registry's and the runtime's are theirs), in
// the compiler's row shape: a one-line meaning and the hint `capsule pack check` prints under it. Refuses any
// other code of the CLI's own: `CliCode` is this table's keys. hints.ts reads this table with the others.

import type { CodeRow } from "@capsule/compiler";

export const CLI_CODES = {
  "pack-not-allowed": {
    meaning: "the operator's policy (<home>/policy.json) does not allow this pack, so its modules left the catalog",
    hint: "ask the operator to add the pack (or its @scope/*) to \"packs\" in <home>/policy.json, or import a pack the policy allows",
  },
  "pack-drifted": {
    meaning: "an installed pack's files (or the modules they compile to) are not what was installed: the ledger's digests differ, so it is not compiled or served",
    hint: "reinstall the pack (`capsule packs install <spec>`, the spec is in the ledger), or see what changed with `capsule packs audit`",
  },
  "pack-not-installed": {
    meaning: "a pack sits in the install root without a ledger entry (copied in by hand, or left by an install that did not finish); it is not compiled",
    hint: "install it with `capsule packs install <spec>` (or delete the folder); `capsule packs audit` lists what is on disk without a ledger entry",
  },
  "pack-shadows-shipped": {
    meaning: "`packs install` was asked for a pack named like a shipped pack (from a registry, a folder or a tarball); it would replace the shipped one",
    hint: "install a pack with another name; to replace the shipped pack on purpose, install it with --allow-shadow-shipped (the ledger records the choice)",
  },
  "pack-install-refused": {
    meaning: "`packs install` refused the pack as a whole (npm failed, a module was refused, the caps were passed): nothing changed",
    hint: "read the reason printed with it; `capsule pack check <folder>` shows every problem of a pack and how to fix it",
  },
  "library-not-installed": {
    meaning: "`pack new --npm <library>` found no installed copy of the library in a node_modules above the pack's folder or the working directory",
    hint: "install the library first (npm install <library>) in the project that will hold the pack, then run `capsule pack new` again",
  },
  "pack-types-stale": {
    meaning: "`pack check`: the pack's .d.ts declares an export a module does not have (or a module the pack does not declare); a program written from it fails to link",
    hint: (d) => {
      const exports = typeof d.details?.exports === "string" ? d.details.exports : "";
      return `fix the declarations in ${typeof d.details?.file === "string" ? d.details.file : "the .d.ts"} to what the module exports${exports ? ` (${exports})` : ""}; \`capsule pack check --json\` lists each module's real exports`;
    },
  },
  "pack-types-incomplete": {
    meaning: "`pack check`: a module exports names its .d.ts does not declare, so a TypeScript guest cannot import them (warning)",
    hint: "declare them in the pack's .d.ts, or leave them out on purpose if the declarations cover only the commonly used surface",
  },
  "pack-skill-stale": {
    meaning: "`pack check`: a code example in SKILL.md imports a name the module does not export",
    hint: (d) => {
      const exports = typeof d.details?.exports === "string" ? d.details.exports : "";
      return `rewrite the example to import what the module exports${exports ? ` (${exports})` : ""}; examples are what guest authors copy`;
    },
  },
  "pack-install-drift": {
    meaning: "`packs install --frozen` would change what the home's lockfile pins (a locked package resolved to another version, tarball or integrity): nothing changed",
    hint: "install the locked version (name@<version> from `capsule packs list`), or run without --frozen to accept the new resolution",
  },
  "home-locked": {
    meaning: "another capsule command (install, uninstall, audit) holds the home's lock and did not finish within the wait",
    hint: "wait for the other command to finish, or pass a longer --wait; a lock left by a killed command is taken over automatically",
  },
  "home-lock-lost": {
    meaning: "the home's lock was taken over while this command ran (its holder looked dead), so it stopped before switching anything",
    hint: "run the command again; nothing was switched",
  },
  "packs-root-missing": {
    meaning: "a --packs (or $CAPSULE_PACK_PATH) root does not exist or cannot be read, so no pack is read from it (a warning: the command goes on)",
    hint: "check the path; --packs takes the folder that holds your pack folders (a node_modules, or a folder of packs)",
  },
  "packs-root-empty": {
    meaning: "a --packs (or $CAPSULE_PACK_PATH) root holds no pack: no child folder (or @scope/child) has a package.json with a `capsule` field (a warning)",
    hint: "point --packs at the folder that holds your pack folders; `capsule pack new <dir>` scaffolds a pack",
  },
  "packs-root-is-a-pack": {
    meaning: "a --packs (or $CAPSULE_PACK_PATH) root is itself a pack folder; a root is read for the packs it holds, so this pack is not read (a warning)",
    hint: "pass the pack's parent folder: --packs <the folder that holds it>",
  },
} as const satisfies Record<string, CodeRow>;

export type CliCode = keyof typeof CLI_CODES;
