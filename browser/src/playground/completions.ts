// Owns the playground's completions: the guest's globals and their members (a table built from the compiler's
// guest-globals.d.ts at build time, see guest-completions.mjs), the specifiers the token grants inside an import's
// quotes, and each pack's exports from the server's declarations (GET /docs?format=dts, the same text as
// `capsule packs docs --format dts`) — after `import { …` of that pack, or after `name.` where the source imports
// the pack as `name`. Refuses nothing: a pack without declarations completes from the catalog's export list.

import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import { GUEST_COMPLETIONS } from "capsule:guest-completions";

export interface PackInfo {
  specifier: string;
  kind: string;
  summary?: string;
  exports?: readonly string[];
}

/** What each declared module exports: name → completion, parsed from `declare module "x" { export … }` blocks. */
export function parseModuleDeclarations(dts: string): Map<string, Completion[]> {
  const modules = new Map<string, Completion[]>();
  const block = /declare module "([^"]+)" \{\n([\s\S]*?)\n\}/g;
  for (const [, specifier, body] of dts.matchAll(block)) {
    const items = new Map<string, Completion>();
    for (const line of body!.split("\n")) {
      const m = /^\s{2}export (?:declare )?(function|const|let|class|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/.exec(line);
      if (!m) continue;
      const [, kind, name] = m;
      if (items.has(name!)) continue; // overloads: the first signature stands for them
      const type = kind === "function" ? "function" : kind === "class" ? "class" : kind === "interface" || kind === "type" ? "type" : kind === "namespace" ? "namespace" : "variable";
      items.set(name!, { label: name!, type, detail: line.trim().replace(/^export (declare )?/, "").slice(0, 100) });
    }
    modules.set(specifier!, [...items.values()]);
  }
  return modules;
}

/** Local name → specifier for the source's default and namespace imports (`import yaml from "…"`, `import * as y from "…"`). */
export function importedNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of source.matchAll(/import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s*(?:,\s*\{[^}]*\})?\s+from\s+["']([^"']+)["']/g)) names.set(m[1]!, m[2]!);
  return names;
}

const INPUTS: Completion = { label: "inputs", type: "variable", detail: "the run's frozen inputs (the Inputs field, or POST /run's inputs)" };
const GLOBALS: Completion[] = [INPUTS, ...GUEST_COMPLETIONS.globals];
const MEMBERS = GUEST_COMPLETIONS.members as Record<string, Completion[]>;

export interface CompletionState {
  packs(): readonly PackInfo[];
  declarations(): Map<string, Completion[]>;
}

/** The completion source for the editor, reading the current packs and declarations on each request. */
export function playgroundCompletions(state: CompletionState) {
  const exportsOf = (specifier: string): Completion[] => {
    const declared = state.declarations().get(specifier);
    if (declared?.length) return declared;
    const pack = state.packs().find((p) => p.specifier === specifier);
    return (pack?.exports ?? []).filter((e) => e !== "default").map((e) => ({ label: e, type: "function" }));
  };

  return (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    // Inside the quotes of an import: the specifiers the token grants.
    const quoted = /(?:from\s+|import\s+)["']([^"']*)$/.exec(before);
    if (quoted) {
      return {
        from: context.pos - quoted[1]!.length,
        options: state.packs().map((p) => ({ label: p.specifier, type: "namespace", detail: p.kind, info: p.summary })),
        validFor: /^[\w@/.-]*$/,
      };
    }
    // Inside `import { … } from "x"` on one line: the exports of x.
    const braces = /import\s*\{[^}]*?([\w$]*)$/.exec(before);
    if (braces) {
      const specifier = /\}\s*from\s*["']([^"']+)["']/.exec(line.text.slice(context.pos - line.from))?.[1];
      if (specifier) return { from: context.pos - braces[1]!.length, options: exportsOf(specifier), validFor: /^[\w$]*$/ };
    }
    // After `name.`: a global's members, or the exports of the pack imported as `name`.
    const member = /([A-Za-z_$][\w$]*)\.([\w$]*)$/.exec(before);
    if (member) {
      const [, object, partial] = member;
      const specifier = importedNames(context.state.doc.toString()).get(object!);
      const options = specifier ? exportsOf(specifier) : MEMBERS[object!];
      return options?.length ? { from: context.pos - partial!.length, options, validFor: /^[\w$]*$/ } : null;
    }
    const word = context.matchBefore(/[A-Za-z_$][\w$]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const imported = [...importedNames(context.state.doc.toString())].map(([name, specifier]) => ({ label: name, type: "namespace", detail: `import from "${specifier}"` }));
    return { from: word.from, options: [...imported, ...GLOBALS], validFor: /^[\w$]*$/ };
  };
}
