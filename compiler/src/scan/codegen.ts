// Owns the rule for the code-generating globals, `eval` and `Function`. The guest has a `Function` (for
// `instanceof`, `Function.prototype`, `.toString`) but throws EvalError when it is asked to compile code,
// and has no `eval`; so what matters is whether code can reach a *call*, not whether the name appears.
// A reference is:
//  • benign (no finding): a member read other than .call/.apply/.bind/.constructor and
//    .prototype.constructor (`Function.prototype`,
//    `Function.toString.call(x)`), an operand of instanceof / in / == / === / != / !==, a typeof operand;
//  • an alias: `const F = Function`, `F = Function` (a local binding, not exported): its own references are
//    classified the same way (depth-limited), so `const F = Function; new F("")` is a call through F;
//  • a call site: called or constructed (`Function("…")`, `new F(…)`, `(0, eval)(…)`), reached through
//    .call/.apply/.bind/.constructor;
//  • an escape: passed along anywhere else (an argument, a property value, a return value, an exported
//    binding). Someone may call it later and meet the guest's refusal then; the scan reports it as a warning
//    (scan.ts), since a read alone generates nothing (get-intrinsic keeps `eval` and `Function` in a table).
// A call site is a *feature test* when it sits in a try block whose catch swallows the error (zod:
// `try { const F = Function; new F(""); return true } catch { return false }`; get-intrinsic's
// `try { return $Function('… return (' + syntax + ').constructor')() } catch {}`): the library handles the
// EvalError there and has a path without code generation. Its arguments need not be constant — what makes it a
// test is that the failure is swallowed, not what would have been compiled.

import { isIdentifier, staticPropertyName, type AstNode } from "./ast.js";
import { inCatchingTry } from "./guards.js";
import type { ScopeIndex, ScopeVariable } from "./scope.js";

export const CODEGEN_GLOBALS: ReadonlySet<string> = new Set(["eval", "Function"]);

const INVOKING_MEMBERS = new Set(["call", "apply", "bind", "constructor"]);
const BENIGN_BINARY = new Set(["instanceof", "in", "==", "===", "!=", "!=="]);
const MAX_ALIAS_DEPTH = 4;

interface CodegenSite {
  /** Where the call happens (the callee identifier/member, or the escaping expression). */
  node: AstNode;
  /** True when it is a call inside a try whose catch swallows the error (a feature test). */
  featureTest: boolean;
  /** True when the value is passed along rather than called where the scan sees it. */
  escape: boolean;
}

function isReflectInvoker(callee: AstNode): boolean {
  return callee.type === "MemberExpression" && isIdentifier(callee.object as AstNode, "Reflect") && ["construct", "apply"].includes(staticPropertyName(callee) ?? "");
}

function isExported(declarator: AstNode, parents: Map<AstNode, AstNode>): boolean {
  const decl = parents.get(declarator);
  return parents.get(decl!)?.type === "ExportNamedDeclaration";
}

/**
 * The call sites reached from the reference `ref` (a free Identifier `eval`/`Function`, or a
 * `globalThis.X` MemberExpression). Empty when every use is benign.
 */
export function codegenSites(ref: AstNode, parents: Map<AstNode, AstNode>, scopes: ScopeIndex): CodegenSite[] {
  const sites: CodegenSite[] = [];
  const seen = new Set<ScopeVariable>();

  const site = (node: AstNode, call: AstNode | undefined, args: AstNode[] | undefined, escape = false) => {
    const featureTest = !escape && args !== undefined && inCatchingTry(call ?? node, parents) !== undefined;
    sites.push({ node, featureTest, escape });
  };

  const followAlias = (v: ScopeVariable, depth: number) => {
    if (seen.has(v)) return;
    seen.add(v);
    for (const r of v.references) {
      if (r.init || !r.isRead()) continue;
      classify(r.identifier, depth + 1);
    }
  };

  const classify = (node: AstNode, depth: number): void => {
    // climb through expressions that pass the value on unchanged: (0, F), a || F, c ? F : G
    let cur = node;
    let p = parents.get(cur);
    while (
      p &&
      ((p.type === "SequenceExpression" && (p.expressions as AstNode[]).at(-1) === cur) ||
        (p.type === "LogicalExpression" && (p.left === cur || p.right === cur)) ||
        (p.type === "ConditionalExpression" && (p.consequent === cur || p.alternate === cur)) ||
        p.type === "ChainExpression" ||
        p.type === "ParenthesizedExpression")
    ) {
      if (p.type === "LogicalExpression" && p.left === cur && p.operator === "&&") break; // `F && x`: F is only tested
      cur = p;
      p = parents.get(cur);
    }
    if (!p) return;
    if (p.type === "UnaryExpression" && (p.operator === "typeof" || p.operator === "!" || p.operator === "void")) return;
    if (p.type === "BinaryExpression" && BENIGN_BINARY.has(p.operator as string)) return;
    if ((p.type === "IfStatement" || p.type === "ConditionalExpression" || p.type === "WhileStatement") && p.test === cur) return;
    if (p.type === "LogicalExpression" && p.left === cur) return; // `F && …`: a truthiness test
    if ((p.type === "CallExpression" || p.type === "NewExpression") && p.callee === cur) {
      site(node, p, p.arguments as AstNode[]);
      return;
    }
    // handed to an API that calls it right there: Reflect.construct(Function, [...]), Reflect.apply(eval, …)
    if (p.type === "CallExpression" && (p.arguments as AstNode[])[0] === cur && isReflectInvoker(p.callee as AstNode)) {
      site(node, p, undefined);
      return;
    }
    if (p.type === "TaggedTemplateExpression" && p.tag === cur) {
      site(node, p, undefined);
      return;
    }
    if (p.type === "MemberExpression" && p.object === cur) {
      const prop = staticPropertyName(p);
      if (prop === "prototype") {
        // Function.prototype.constructor is Function again
        const next = parents.get(p);
        if (next?.type === "MemberExpression" && next.object === p && staticPropertyName(next) === "constructor") {
          const call = parents.get(next);
          site(node, (call?.type === "CallExpression" || call?.type === "NewExpression") && call.callee === next ? call : undefined, undefined);
        }
        return;
      }
      if (prop !== undefined && !INVOKING_MEMBERS.has(prop)) return;
      const call = parents.get(p);
      const isCall = (call?.type === "CallExpression" || call?.type === "NewExpression") && call.callee === p;
      site(node, isCall ? call : undefined, isCall && prop === "call" ? (call!.arguments as AstNode[]).slice(1) : undefined);
      return;
    }
    if (depth < MAX_ALIAS_DEPTH) {
      if (p.type === "VariableDeclarator" && p.init === cur && isIdentifier(p.id) && !isExported(p, parents)) {
        const vars = scopes.declared(p);
        if (vars.length) {
          for (const v of vars) followAlias(v, depth);
          return;
        }
      }
      if (p.type === "AssignmentExpression" && p.operator === "=" && p.right === cur && isIdentifier(p.left)) {
        const v = scopes.referenceOf(p.left as AstNode)?.resolved;
        if (v && !v.defs.some((d) => d.type === "ImportBinding")) {
          followAlias(v, depth);
          return;
        }
      }
    }
    site(node, undefined, undefined, true); // escapes: an argument, a property value, a return value, an export
  };

  classify(ref, 0);
  return sites;
}
