// Owns the playground's table of the guest's globals for completion, made at build time from the compiler's
// guest-globals.d.ts (the exact surface a guest sees) with the TypeScript checker: every global value with its kind
// and type, and the members of each (Math.max, JSON.parse, console.log, …). The declarations are ~500 KB; the table
// is a small fraction of that, so the page gets the guest's real surface without a TypeScript service.
// Refuses nothing: a declaration the checker cannot type is listed without detail.

import { createRequire } from "node:module";
import ts from "typescript";

const require = createRequire(import.meta.url);
/** Longest type text kept for one completion's detail. */
const DETAIL_CHARS = 90;
/** Most members kept per global (the longest interfaces are the typed arrays'). */
const MEMBERS_MAX = 80;

const clip = (text) => (text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS - 1)}…` : text);

function kindOf(checker, symbol, type) {
  if (symbol.flags & ts.SymbolFlags.Class || type.getConstructSignatures().length) return "class";
  if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Method) || type.getCallSignatures().length) return "function";
  if (symbol.flags & ts.SymbolFlags.Namespace) return "namespace";
  return "variable";
}

/** { globals: [{ label, type, detail }], members: { [global]: [{ label, type, detail }] } } */
export function guestCompletions() {
  const file = require.resolve("@capsule/compiler/guest-globals.d.ts");
  const program = ts.createProgram([file], { noLib: true, types: [], skipLibCheck: true, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const globals = [];
  const members = {};
  const scope = checker.getSymbolsInScope(source, ts.SymbolFlags.Value);
  for (const symbol of scope.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = symbol.name;
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || name.startsWith("__")) continue;
    const type = checker.getTypeOfSymbolAtLocation(symbol, source);
    const kind = kindOf(checker, symbol, type);
    globals.push({ label: name, type: kind, detail: clip(checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)) });
    const props = checker.getPropertiesOfType(type).filter((p) => /^[A-Za-z_$][\w$]*$/.test(p.name) && p.name !== "prototype");
    if (!props.length) continue;
    members[name] = props.slice(0, MEMBERS_MAX).map((p) => {
      const propType = checker.getTypeOfSymbolAtLocation(p, source);
      const isCall = propType.getCallSignatures().length > 0;
      return { label: p.name, type: isCall ? "method" : "property", detail: clip(checker.typeToString(propType, undefined, ts.TypeFormatFlags.NoTruncation)) };
    });
  }
  return { globals, members };
}

/** An esbuild plugin: `import { GUEST_COMPLETIONS } from "capsule:guest-completions"` gets the table above. */
export const guestCompletionsPlugin = {
  name: "capsule-guest-completions",
  setup(b) {
    b.onResolve({ filter: /^capsule:guest-completions$/ }, () => ({ path: "guest-completions", namespace: "capsule-completions" }));
    b.onLoad({ filter: /.*/, namespace: "capsule-completions" }, () => ({ loader: "js", contents: `export const GUEST_COMPLETIONS = ${JSON.stringify(guestCompletions())};` }));
  },
};
