// Owns the codes the CLI itself gives a refusal (the compiler's, the registry's and the runtime's are theirs), in
// the compiler's row shape: a one-line meaning and the hint `capsule pack check` prints under it. Refuses any
// other code of the CLI's own: `CliCode` is this table's keys. hints.ts reads this table with the others.

import type { CodeRow } from "@capsule/compiler";

export const CLI_CODES = {
  "pack-not-allowed": {
    meaning: "the operator's policy (<home>/policy.json) does not allow this pack, so its modules left the catalog",
    hint: "ask the operator to add the pack (or its @scope/*) to \"packs\" in <home>/policy.json, or import a pack the policy allows",
  },
} as const satisfies Record<string, CodeRow>;

export type CliCode = keyof typeof CLI_CODES;
