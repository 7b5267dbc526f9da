// Owns the scope-aware scan of bundled output (acorn + eslint-scope). Reports every free reference to a
// forbidden global (npm-module-forbidden-global, or forbidden-global-guarded when it is only a feature
// test), `globalThis.X` / `globalThis["X"]` reads of a forbidden X (treated exactly like a bare X),
// `globalThis[<computed>]` (global-dynamic-access, a warning), and import() with a non-literal argument
// (npm-module-dynamic-import). A local binding that shadows a name, a property key or a member property
// named like a global (`a.process`, `{ process: 1 }`) is not a reference. The scan is an admission check,
// not the security boundary: the sandbox simply has none of these globals.

import { parse } from "acorn";
import { analyze } from "eslint-scope";
import { FORBIDDEN_GLOBALS, GLOBAL_OBJECT_NAMES } from "../forbidden-globals.js";
import { parentMap, staticPropertyName, walk, type AstNode } from "./ast.js";
import { isGuarded, type GuardContext } from "./guards.js";

export type ScanCode = "npm-module-forbidden-global" | "forbidden-global-guarded" | "global-dynamic-access" | "npm-module-dynamic-import";

export interface ScanFinding {
  code: ScanCode;
  /** The global's name (for globalThis.X, X); absent for dynamic import. */
  name?: string;
  /** "globalThis" when the global was reached as a property of the global object. */
  via?: string;
  /** 1-based line in the scanned source. */
  line: number;
  /** 1-based column (UTF-16 code units) in the scanned source. */
  column: number;
  /** 0-based character offset. */
  offset: number;
}

export type ScanResult = { ok: true; findings: ScanFinding[] } | { ok: false; message: string; line?: number; column?: number };

export interface ScanOptions {
  /** Names to refuse; defaults to FORBIDDEN_GLOBALS. */
  forbidden?: readonly string[];
}

/** Bump when scan rules change (part of the cache key). */
export const SCAN_RULES_VERSION = 1;

function at(node: AstNode): { line: number; column: number; offset: number } {
  const pos = node.loc?.start ?? { line: 1, column: node.start };
  return { line: pos.line, column: pos.column + 1, offset: node.start };
}

export function scanSource(source: string, options: ScanOptions = {}): ScanResult {
  let ast: AstNode;
  try {
    ast = parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true, ranges: true }) as unknown as AstNode;
  } catch (e) {
    const loc = (e as { loc?: { line: number; column: number } }).loc;
    return { ok: false, message: (e as Error).message, line: loc?.line, column: loc ? loc.column + 1 : undefined };
  }
  try {
    return { ok: true, findings: findingsOf(ast, options) };
  } catch (e) {
    // eslint-scope recurses; absurdly deep output must be a result, never a crash of the compile
    return { ok: false, message: `scan failed: ${(e as Error).message}` };
  }
}

function findingsOf(ast: AstNode, options: ScanOptions): ScanFinding[] {
  const forbidden = new Set(options.forbidden ?? FORBIDDEN_GLOBALS);
  const globalObjectNames = new Set<string>(GLOBAL_OBJECT_NAMES);
  const manager = analyze(ast, { ecmaVersion: 2022, sourceType: "module" });
  const through = manager.globalScope?.through ?? [];
  const free = new Set(through.map((r) => r.identifier as unknown as AstNode));
  const ctx: GuardContext = { parents: parentMap(ast), free, globalObjectNames };
  const findings: ScanFinding[] = [];

  for (const ref of through) {
    const id = ref.identifier as unknown as AstNode & { name: string };
    if (forbidden.has(id.name)) {
      const code = isGuarded(id, id.name, ctx) ? "forbidden-global-guarded" : "npm-module-forbidden-global";
      findings.push({ code, name: id.name, ...at(id) });
      continue;
    }
    if (!globalObjectNames.has(id.name)) continue;
    const parent = ctx.parents.get(id);
    if (parent?.type !== "MemberExpression" || parent.object !== id) continue;
    const prop = staticPropertyName(parent);
    if (prop === undefined) {
      findings.push({ code: "global-dynamic-access", name: `${id.name}[…]`, via: id.name, ...at(parent) });
    } else if (forbidden.has(prop)) {
      const code = isGuarded(parent, prop, ctx) ? "forbidden-global-guarded" : "npm-module-forbidden-global";
      findings.push({ code, name: prop, via: id.name, ...at(parent) });
    }
  }

  walk(ast, (node) => {
    if (node.type !== "ImportExpression") return;
    const src = node.source as AstNode;
    const literal =
      (src.type === "Literal" && typeof src.value === "string") ||
      (src.type === "TemplateLiteral" && (src.expressions as unknown[]).length === 0);
    if (!literal) findings.push({ code: "npm-module-dynamic-import", ...at(node) });
  });

  findings.sort((a, b) => a.offset - b.offset);
  return findings;
}
