// Owns the "guarded feature test" rule. A forbidden-global reference is only a warning when it is:
//  • the operand of `typeof` (`typeof process`, `typeof globalThis.process`), or
//  • in the consequent/alternate of an if or ?: whose test contains a feature test for the same name, or
//    the right operand of && || ?? whose left contains one; a feature test is `typeof X`,
//    `typeof globalThis.X`, `"X" in globalThis` or a read of `globalThis.X` (reading a property of the
//    global object never throws), or
//  • for `globalThis.X` only: itself inside such a test, or the object of an optional chain (`globalThis.X?.y`).
// Anything else (early returns, try/catch, aliases of globalThis) is not recognised and stays an error.

import { isIdentifier, staticPropertyName, walk, type AstNode } from "./ast.js";

export interface GuardContext {
  parents: Map<AstNode, AstNode>;
  /** Identifier nodes that are free (unresolved) references. */
  free: ReadonlySet<AstNode>;
  globalObjectNames: ReadonlySet<string>;
}

function isGlobalMember(n: AstNode, name: string, ctx: GuardContext): boolean {
  if (n.type !== "MemberExpression") return false;
  const obj = n.object as AstNode;
  return isIdentifier(obj) && ctx.globalObjectNames.has(obj.name) && ctx.free.has(obj) && staticPropertyName(n) === name;
}

function isFeatureTest(n: AstNode, name: string, ctx: GuardContext): boolean {
  if (n.type === "UnaryExpression" && n.operator === "typeof") {
    const arg = n.argument as AstNode;
    return (isIdentifier(arg, name) && ctx.free.has(arg)) || isGlobalMember(arg, name, ctx);
  }
  if (n.type === "BinaryExpression" && n.operator === "in") {
    const left = n.left as AstNode;
    const right = n.right as AstNode;
    return left.type === "Literal" && left.value === name && isIdentifier(right) && ctx.globalObjectNames.has(right.name) && ctx.free.has(right);
  }
  return isGlobalMember(n, name, ctx);
}

/** True when `expr` contains a feature test for `name`. */
export function containsFeatureTest(expr: AstNode, name: string, ctx: GuardContext): boolean {
  let found = false;
  walk(expr, (n) => {
    if (!found && isFeatureTest(n, name, ctx)) found = true;
  });
  return found;
}

function isTestSlot(parent: AstNode, child: AstNode): boolean {
  return (
    ((parent.type === "IfStatement" || parent.type === "ConditionalExpression") && parent.test === child) ||
    (parent.type === "LogicalExpression" && parent.left === child)
  );
}

/**
 * Whether the reference `node` to forbidden global `name` is guarded. `node` is the Identifier for a bare
 * reference, or the MemberExpression for `globalThis.name`.
 */
export function isGuarded(node: AstNode, name: string, ctx: GuardContext): boolean {
  const viaGlobal = node.type === "MemberExpression";
  const parent = ctx.parents.get(node);
  if (parent?.type === "UnaryExpression" && parent.operator === "typeof" && parent.argument === node) return true;
  if (viaGlobal && parent) {
    if (parent.type === "MemberExpression" && parent.object === node && parent.optional === true) return true;
    if (parent.type === "CallExpression" && parent.callee === node && parent.optional === true) return true;
  }
  let child = node;
  let anc = parent;
  while (anc) {
    if (viaGlobal && isTestSlot(anc, child)) return true;
    if ((anc.type === "IfStatement" || anc.type === "ConditionalExpression") && (child === anc.consequent || child === anc.alternate)) {
      if (containsFeatureTest(anc.test as AstNode, name, ctx)) return true;
    }
    if (anc.type === "LogicalExpression" && child === anc.right && containsFeatureTest(anc.left as AstNode, name, ctx)) return true;
    child = anc;
    anc = ctx.parents.get(anc);
  }
  return false;
}
