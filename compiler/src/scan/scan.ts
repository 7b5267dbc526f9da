// Owns the scope-aware scan of bundled output (acorn + eslint-scope). Reports every free reference to a
// forbidden global: npm-module-forbidden-global when it runs at module load without a feature test,
// forbidden-global-guarded when it is only a feature test, sits in a branch that is dead in a guest, or
// runs at load only inside a try whose catch swallows the error (load-time.ts: "caught"),
// forbidden-global-deferred when it only runs inside a function the module does not call at load (the
// probe, which evaluates the module, catches load-time use; a deferred use throws only when called).
// `globalThis.X` / `globalThis["X"]` reads of a forbidden X are treated exactly like a bare X;
// `globalThis[<computed>]` is global-dynamic-access (a warning); import() with a non-literal argument is
// npm-module-dynamic-import. A local binding that shadows a name, a property key or a member property
// named like a global (`a.process`, `{ process: 1 }`) is not a reference.
// Code generation (eval, Function — see codegen.ts) is judged by call sites, not by mentions: a call stays a
// refusal even inside a function, unless it is a feature test in a catching try; and deferred call sites
// are only warnings when the bundle also holds such a feature test (the library checks whether code
// generation works and has a path without it — zod — while ajv, which has none, stays refused).
// The scan is an admission check, not the security boundary: the sandbox simply has none of these globals.

import { parse } from "acorn";
import { EVAL_STUB } from "../bundle/options.js";
import { FORBIDDEN_GLOBALS, GLOBAL_OBJECT_NAMES } from "../forbidden-globals.js";
import { parentMap, staticPropertyName, walk, type AstNode } from "./ast.js";
import { commonJsWrappers } from "./cjs-wrapper.js";
import { CODEGEN_GLOBALS, codegenSites } from "./codegen.js";
import { guardOf, inDeadBranch, isGuarded, type GuardContext } from "./guards.js";
import { analyzeLoadTime } from "./load-time.js";
import { scopeIndex } from "./scope.js";

export type ScanCode =
  | "npm-module-forbidden-global"
  | "forbidden-global-guarded"
  | "forbidden-global-deferred"
  | "global-dynamic-access"
  | "npm-module-dynamic-import";

/** Scan codes that are warnings (the rest refuse the module). */
export const SCAN_WARNING_CODES: ReadonlySet<ScanCode> = new Set<ScanCode>(["forbidden-global-guarded", "forbidden-global-deferred", "global-dynamic-access"]);

/** Why a finding got its code, when the code alone does not say it (shown after the message). */
type ScanReason =
  /** eval/Function call inside a catching try with constant arguments. */
  | "codegen-feature-test"
  /** deferred eval/Function call in a bundle that feature-tests code generation. */
  | "codegen-feature-tested"
  /** eval/Function passed along (property value, argument, return value) without a call in sight. */
  | "codegen-escape"
  /** a load-time finding the probe overruled: the module loaded in a fresh guest (compile/module.ts). */
  | "probe-loaded"
  /** in a branch that never runs because the guest has globalThis. */
  | "dead-branch"
  /** runs at load only inside a try whose catch swallows the error (or in code only loaded from one). */
  | "caught";

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
  /** Why, when the code alone does not say it. */
  reason?: ScanReason;
}

export type ScanResult = { ok: true; findings: ScanFinding[] } | { ok: false; message: string; line?: number; column?: number };

export interface ScanOptions {
  /** Names to refuse; defaults to FORBIDDEN_GLOBALS. */
  forbidden?: readonly string[];
}

/** Bump when scan rules change (part of the cache key). */
export const SCAN_RULES_VERSION = 3;

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
    unstubEval(ast);
    return { ok: true, findings: findingsOf(ast, options) };
  } catch (e) {
    // eslint-scope recurses; absurdly deep output must be a result, never a crash of the compile
    return { ok: false, message: `scan failed: ${(e as Error).message}` };
  }
}

/**
 * The bundle defines `eval` as EVAL_STUB, declared by a footer `var <stub>;` (bundle/options.ts). The scan judges
 * what the library wrote: the footer declaration is dropped and every stub identifier is read as `eval` again, so a
 * free `eval` keeps every rule it had (a call is code generation; a `typeof eval` test guards).
 */
function unstubEval(ast: AstNode): void {
  const body = ast.body as AstNode[];
  const last = body.at(-1);
  const decls = last?.type === "VariableDeclaration" ? (last.declarations as AstNode[]) : [];
  const footer = decls.length === 1 && decls[0]!.init == null && (decls[0]!.id as AstNode & { name?: string }).name === EVAL_STUB;
  if (!footer) return;
  body.pop();
  walk(ast, (n) => {
    if (n.type === "Identifier" && (n as AstNode & { name: string }).name === EVAL_STUB) (n as AstNode & { name: string }).name = "eval";
  });
}

function findingsOf(ast: AstNode, options: ScanOptions): ScanFinding[] {
  const forbidden = new Set(options.forbidden ?? FORBIDDEN_GLOBALS);
  const globalObjectNames = new Set<string>(GLOBAL_OBJECT_NAMES);
  const scopes = scopeIndex(ast, "module");
  const through = scopes.through;
  const free = new Set(through.map((r) => r.identifier as AstNode));
  const parents = parentMap(ast);
  const cjs = commonJsWrappers(ast, parents, scopes);
  const ctx: GuardContext = { parents, free, globalObjectNames, knownObjects: cjs.objects };
  const loadTime = analyzeLoadTime(ast, parents, scopes, { wrappers: cjs.wrappers, isDead: (n) => inDeadBranch(n, ctx) });
  const findings: ScanFinding[] = [];

  const judge = (node: AstNode, name: string): { code: ScanCode; reason?: ScanReason } => {
    const guard = guardOf(node, name, ctx);
    if (guard === "dead-branch") return { code: "forbidden-global-guarded", reason: "dead-branch" };
    if (guard) return { code: "forbidden-global-guarded" };
    const state = loadTime.stateOf(node);
    if (state === "caught") return { code: "forbidden-global-guarded", reason: "caught" };
    return { code: state === "deferred" ? "forbidden-global-deferred" : "npm-module-forbidden-global" };
  };

  // code generation is judged once every site is known (a feature test anywhere changes deferred sites)
  const codegen: Array<{ node: AstNode; name: string; via?: string; featureTest: boolean; escape: boolean; guarded: boolean }> = [];
  const reference = (node: AstNode, name: string, via: string | undefined) => {
    if (CODEGEN_GLOBALS.has(name)) {
      // `Function` exists in the guest, so a typeof test does not guard it; `eval` does not, so it does
      const typeofGuarded = name !== "Function" && isGuarded(node, name, ctx);
      for (const s of codegenSites(node, parents, scopes)) codegen.push({ node: s.node, name, via, featureTest: s.featureTest, escape: s.escape, guarded: typeofGuarded });
      return;
    }
    const { code, reason } = judge(node, name);
    findings.push({ code, name, ...(via ? { via } : {}), ...at(node), ...(reason ? { reason } : {}) });
  };

  for (const ref of through) {
    const id = ref.identifier;
    if (forbidden.has(id.name)) {
      reference(id, id.name, undefined);
      continue;
    }
    if (!globalObjectNames.has(id.name)) continue;
    const parent = parents.get(id);
    if (parent?.type !== "MemberExpression" || parent.object !== id) continue;
    const prop = staticPropertyName(parent);
    if (prop === undefined) {
      findings.push({ code: "global-dynamic-access", name: `${id.name}[…]`, via: id.name, ...at(parent) });
    } else if (forbidden.has(prop)) {
      reference(parent, prop, id.name);
    }
  }

  const featureTested = codegen.some((c) => c.featureTest);
  for (const c of codegen) {
    const base = { name: c.name, ...(c.via ? { via: c.via } : {}), ...at(c.node) };
    if (c.guarded) findings.push({ code: "forbidden-global-guarded", ...base });
    else if (c.featureTest) findings.push({ code: "forbidden-global-guarded", ...base, reason: "codegen-feature-test" });
    // passed along (a property value, an argument, a return value) but not called here: whoever calls it meets the
    // guest's refusal then — the read itself is harmless (get-intrinsic's table of intrinsics)
    else if (c.escape) findings.push({ code: "forbidden-global-deferred", ...base, reason: "codegen-escape" });
    else if (featureTested && loadTime.isDeferred(c.node)) findings.push({ code: "forbidden-global-deferred", ...base, reason: "codegen-feature-tested" });
    // At load by the scan's (conservative) reckoning, in a bundle that feature-tests code generation: still a
    // refusal, but one the probe may overrule — a call that ran at load would have thrown EvalError (module.ts).
    else if (featureTested) findings.push({ code: "npm-module-forbidden-global", ...base, reason: "codegen-feature-tested" });
    else findings.push({ code: "npm-module-forbidden-global", ...base });
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
