// Owns the "guarded feature test" rule. A forbidden-global reference is only a warning when it is:
//  • the operand of `typeof` (`typeof process`, `typeof globalThis.process`), or
//  • in the consequent/alternate of an if or ?: whose test contains a feature test for the same name, or
//    the right operand of && || ?? whose left contains one; a feature test is `typeof X`,
//    `typeof globalThis.X`, `"X" in globalThis` or a read of `globalThis.X` (reading a property of the
//    global object never throws), or
//  • for `globalThis.X` only: itself inside such a test, or the object of an optional chain (`globalThis.X?.y`), or
//  • in a branch that is dead in a guest: the alternate of an if/?: whose test is then true (the UMD idiom
//    `typeof globalThis !== "undefined" ? globalThis : self`), the consequent when it is false, the right
//    of || / ?? after a left that is then truthy / non-nullish, the right of && after one that is falsy.
//    Tests are evaluated knowing that `globalThis` is an object, the standard globals exist with their
//    typeof (GUEST_GLOBAL_TYPEOF: `typeof Promise !== "undefined" ? Promise : require("lie")`), and in
//    esbuild's CommonJS wrapper `module`, `exports` and `module.exports` are objects (cjs-wrapper.ts);
//    esbuild's minified `typeof x < "u"` is understood too.
// Anything else (early returns, try/catch, aliases of globalThis) is not recognised and stays an error.
// Also owns `inCatchingTry`: whether code sits in a try block whose catch swallows the error (no throw).

import { GUEST_GLOBAL_TYPEOF } from "../forbidden-globals.js";
import { children, isIdentifier, staticPropertyName, walk, type AstNode } from "./ast.js";

export interface GuardContext {
  parents: Map<AstNode, AstNode>;
  /** Identifier nodes that are free (unresolved) references. */
  free: ReadonlySet<AstNode>;
  globalObjectNames: ReadonlySet<string>;
  /** Identifier nodes known to hold an object in a guest (esbuild's CommonJS wrapper's exports/module). */
  knownObjects?: ReadonlySet<AstNode>;
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
function containsFeatureTest(expr: AstNode, name: string, ctx: GuardContext): boolean {
  let found = false;
  walk(expr, (n) => {
    if (!found && isFeatureTest(n, name, ctx)) found = true;
  });
  return found;
}

const AN_OBJECT = Symbol("object");
type Known = string | boolean | number | null | typeof AN_OBJECT;
const UNKNOWN = Symbol("unknown");

/** `typeof n` in a guest when it is known: the free `globalThis`, a standard global, a known object binding. */
function knownTypeof(n: AstNode, ctx: GuardContext): string | undefined {
  if (!isIdentifier(n)) return undefined;
  if (ctx.knownObjects?.has(n)) return "object";
  if (!ctx.free.has(n)) return undefined;
  if (ctx.globalObjectNames.has(n.name)) return "object";
  return Object.prototype.hasOwnProperty.call(GUEST_GLOBAL_TYPEOF, n.name) ? GUEST_GLOBAL_TYPEOF[n.name] : undefined;
}

/** Whether `n` is known to be an object (or function) in a guest. */
function isKnownObject(n: AstNode, ctx: GuardContext): boolean {
  return knownTypeof(n, ctx) !== undefined;
}

/**
 * Value of `n` in a guest (where `globalThis` and the known objects are objects), or UNKNOWN. Only
 * literals, typeof, !, comparisons, &&/||/??, and `module.exports` of esbuild's wrapper (an object).
 */
function evaluate(n: AstNode, ctx: GuardContext): Known | typeof UNKNOWN {
  switch (n.type) {
    case "Literal":
      return n.regex || typeof n.value === "bigint" ? UNKNOWN : (n.value as Known);
    case "Identifier":
      return isKnownObject(n, ctx) ? AN_OBJECT : UNKNOWN;
    case "MemberExpression":
      return ctx.knownObjects?.has(n.object as AstNode) && staticPropertyName(n) === "exports" ? AN_OBJECT : UNKNOWN;
    case "UnaryExpression": {
      if (n.operator === "typeof") return knownTypeof(n.argument as AstNode, ctx) ?? UNKNOWN;
      if (n.operator === "!") {
        const v = evaluate(n.argument as AstNode, ctx);
        return v === UNKNOWN ? UNKNOWN : !v;
      }
      return UNKNOWN;
    }
    case "BinaryExpression": {
      const op = n.operator as string;
      const l = evaluate(n.left as AstNode, ctx);
      const r = evaluate(n.right as AstNode, ctx);
      if (l === UNKNOWN || r === UNKNOWN || l === AN_OBJECT || r === AN_OBJECT) return UNKNOWN;
      switch (op) {
        case "===": return l === r;
        case "!==": return l !== r;
        // eslint-disable-next-line eqeqeq
        case "==": return l == r;
        // eslint-disable-next-line eqeqeq
        case "!=": return l != r;
        // esbuild minifies `typeof x !== "undefined"` to `typeof x < "u"`
        case "<": return typeof l === "string" && typeof r === "string" ? l < r : UNKNOWN;
        case ">": return typeof l === "string" && typeof r === "string" ? l > r : UNKNOWN;
        case "<=": return typeof l === "string" && typeof r === "string" ? l <= r : UNKNOWN;
        case ">=": return typeof l === "string" && typeof r === "string" ? l >= r : UNKNOWN;
        default: return UNKNOWN;
      }
    }
    case "LogicalExpression": {
      const l = evaluate(n.left as AstNode, ctx);
      if (l === UNKNOWN) return UNKNOWN;
      const truthy = l === AN_OBJECT || Boolean(l);
      if (n.operator === "&&") return truthy ? evaluate(n.right as AstNode, ctx) : l;
      if (n.operator === "||") return truthy ? l : evaluate(n.right as AstNode, ctx);
      return l === null ? evaluate(n.right as AstNode, ctx) : l;
    }
    default:
      return UNKNOWN;
  }
}

/** True when the branch `child` of `anc` never runs in a guest (its test is decided there; see evaluate). */
function isDeadBranch(anc: AstNode, child: AstNode, ctx: GuardContext): boolean {
  if (anc.type === "IfStatement" || anc.type === "ConditionalExpression") {
    if (child !== anc.consequent && child !== anc.alternate) return false;
    const v = evaluate(anc.test as AstNode, ctx);
    if (v === UNKNOWN) return false;
    const truthy = v === AN_OBJECT || Boolean(v);
    return child === anc.alternate ? truthy : !truthy;
  }
  if (anc.type === "LogicalExpression" && child === anc.right) {
    const v = evaluate(anc.left as AstNode, ctx);
    if (v === UNKNOWN) return false;
    const truthy = v === AN_OBJECT || Boolean(v);
    if (anc.operator === "||") return truthy;
    if (anc.operator === "&&") return !truthy;
    return v !== null;
  }
  return false;
}

/** True when `node` sits in a branch that never runs in a guest (see isDeadBranch). */
export function inDeadBranch(node: AstNode, ctx: GuardContext): boolean {
  let child = node;
  let anc = ctx.parents.get(node);
  while (anc) {
    if (isDeadBranch(anc, child, ctx)) return true;
    child = anc;
    anc = ctx.parents.get(anc);
  }
  return false;
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
  return guardOf(node, name, ctx) !== undefined;
}

/** How the reference is guarded: by a feature test, or by sitting in a branch that is dead in a guest. */
export function guardOf(node: AstNode, name: string, ctx: GuardContext): "feature-test" | "dead-branch" | undefined {
  const viaGlobal = node.type === "MemberExpression";
  const parent = ctx.parents.get(node);
  if (parent?.type === "UnaryExpression" && parent.operator === "typeof" && parent.argument === node) return "feature-test";
  if (viaGlobal && parent) {
    if (parent.type === "MemberExpression" && parent.object === node && parent.optional === true) return "feature-test";
    if (parent.type === "CallExpression" && parent.callee === node && parent.optional === true) return "feature-test";
  }
  let child = node;
  let anc = parent;
  while (anc) {
    if (viaGlobal && isTestSlot(anc, child)) return "feature-test";
    if ((anc.type === "IfStatement" || anc.type === "ConditionalExpression") && (child === anc.consequent || child === anc.alternate)) {
      if (containsFeatureTest(anc.test as AstNode, name, ctx)) return "feature-test";
    }
    if (anc.type === "LogicalExpression" && child === anc.right && containsFeatureTest(anc.left as AstNode, name, ctx)) return "feature-test";
    if (isDeadBranch(anc, child, ctx)) return "dead-branch";
    child = anc;
    anc = ctx.parents.get(anc);
  }
  return undefined;
}

function containsThrow(block: AstNode): boolean {
  let found = false;
  const stack: AstNode[] = [block];
  while (stack.length && !found) {
    const n = stack.pop()!;
    if (n.type === "ThrowStatement") found = true;
    else if (n === block || !/Function/.test(n.type)) stack.push(...children(n));
  }
  return found;
}

/**
 * The try statement whose block holds `node` (without crossing a function boundary) and whose catch clause
 * swallows the error (contains no `throw` of its own), if any: the code may fail and the module goes on.
 */
export function inCatchingTry(node: AstNode, parents: Map<AstNode, AstNode>): AstNode | undefined {
  let child = node;
  let anc = parents.get(node);
  while (anc) {
    if (anc.type === "TryStatement" && child === anc.block && anc.handler) {
      const body = (anc.handler as AstNode).body as AstNode;
      if (!containsThrow(body)) return anc;
    }
    if (/Function/.test(anc.type) || anc.type === "PropertyDefinition" || anc.type === "StaticBlock") return undefined;
    child = anc;
    anc = parents.get(anc);
  }
  return undefined;
}
