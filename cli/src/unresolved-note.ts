// Owns what `capsule run` says about an import that did not resolve (E_IMPORT_UNRESOLVED), when the catalog knows why:
// the operator's policy (<home>/policy.json) keeps the pack out — then the run's error itself says so, instead of the
// runtime's "no installed pack provides it", which sends the user to install a pack that is installed — the
// compiler refused the module (its code, and `pack check`), or it is a host/wasm module still awaiting admission.
// Refuses nothing; it only rewords and adds notes on stderr.

import path from "node:path";
import type { Catalog } from "@capsule/compiler";
import type { RunResult } from "@capsule/runtime";
import { CLI_CODES, type CliCode } from "./codes.js";
import { shown, shownMessage } from "./terminal-text.js";

const POLICY_CODE: CliCode = "pack-not-allowed";

/** Literal specifiers of static imports and re-exports, for notes about refused or missing modules. */
export function importedSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/\b(?:import|export)\s*(?:[^'"`;]*?\bfrom\s*)?["']([^"']+)["']/g)) found.add(m[1]!);
  for (const m of source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) found.add(m[1]!);
  return [...found];
}

/** The run's error reworded when its unresolved import is a module the operator's policy refused; else the result as is. */
export function policyWorded<T>(result: RunResult<T>, catalog: Catalog, home: string): RunResult<T> {
  if (result.ok || result.error.code !== "E_IMPORT_UNRESOLVED") return result;
  const specifier = /^cannot import "([^"]+)"/.exec(result.error.message)?.[1];
  const refused = catalog.refused.find((m) => m.specifier === specifier && (m.code as string) === POLICY_CODE);
  if (!refused) return result;
  const message = `cannot import "${specifier}": it is installed, but the operator's policy (${path.join(home, "policy.json")}) does not allow pack ${refused.pack} (${POLICY_CODE})`;
  return { ...result, error: { ...result.error, message } };
}

/** Says on stderr why each import of `source` is not in the catalog, when the catalog knows. */
export function explainUnresolved(source: string, catalog: Catalog, home: string): void {
  for (const specifier of importedSpecifiers(source)) {
    const refused = catalog.refused.find((m) => m.specifier === specifier);
    const pending = catalog.pending.find((m) => m.specifier === specifier);
    if (refused && (refused.code as string) === POLICY_CODE) {
      const hint = String((CLI_CODES[POLICY_CODE] as { hint: unknown }).hint).replaceAll("<home>", home);
      process.stderr.write(`note: ${shown(specifier)} is refused by the operator's policy, not missing (${POLICY_CODE}): ${shownMessage(refused.message)}\n  hint: ${shownMessage(hint)}\n`);
    } else if (refused) {
      process.stderr.write(`note: ${shown(specifier)} was refused by the compiler (${shown(refused.code)}): ${shownMessage(refused.message)}; run \`capsule pack check\` on its folder for how to fix it\n`);
    } else if (pending) {
      process.stderr.write(`note: ${shown(specifier)} is a ${pending.kind} module awaiting admission; it cannot be imported yet\n`);
    }
  }
}
