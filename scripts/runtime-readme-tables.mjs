// Rewrites the generated tables of runtime/README.md (limits and error codes) from the runtime's rows, after a build.
// tests/limits-config.test.ts and tests/errors.test.ts check that the README holds exactly these tables.
import { readFileSync, writeFileSync } from "node:fs";
import { limitsTable } from "../runtime/dist/limits.js";
import { errorCodesTable } from "../runtime/dist/errors.js";

const file = new URL("../runtime/README.md", import.meta.url);
let text = readFileSync(file, "utf8");
for (const [marker, table] of [["<!-- limits-table:", limitsTable()], ["<!-- error-codes-table:", errorCodesTable()]]) {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.startsWith(marker));
  if (at < 0) throw new Error(`runtime/README.md has no ${marker} marker`);
  let end = at + 1;
  while (end < lines.length && lines[end].startsWith("|")) end++;
  lines.splice(at + 1, end - at - 1, ...table.split("\n"));
  text = lines.join("\n");
}
writeFileSync(file, text);
