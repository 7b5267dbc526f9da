// Owns the "does this code run while the module loads?" analysis, shared by the scan of bundled output and
// the bundle's classification of require() call sites in dependency files. Every node gets a state:
//  • "load"     — runs, unprotected, while the module loads;
//  • "caught"   — runs while the module loads, but only inside a try whose catch swallows the error (in its
//                 own function, or because every load-time call of its function sits in such a try);
//  • "deferred" — runs only when something calls a function the module does not call at load.
// Code at the top level runs at load; the body of a function (or an instance field initializer) runs only
// when it is called. A function counts as called at load when — from code that itself runs at load — it is:
//  • invoked immediately: `(function () {…})()`, `!function () {…}()`, `(() => {…})()`, `fn.call(…)`/`.apply(…)`;
//  • passed as an argument, directly or inside an object/array literal argument (conservative: the callee
//    may call it now — UMD factories, esbuild's __esm wrappers, `[].forEach(fn)`) — except to the APIs that
//    only ever call back later (`addEventListener`, `.then`, `setTimeout`, `process.nextTick`, …);
//  • bound to a name (declaration, `var f = function…`, `f = () => …`) that is called, constructed or passed
//    as an argument there; a class bound to a name that is constructed (`new C()`) runs its constructor and
//    instance field initializers;
//  • the body of a CommonJS file in esbuild's __commonJS wrapper (cjs-wrapper.ts), run when its
//    `require_x()` binding is called — so a file required only inside try/catch or a function is not "load".
// Calls in a branch that never runs in a guest (guards.ts: `typeof Promise === "undefined" ? …`) trigger nothing.
// This is a fixed point over those facts (a function called from a load-time function is load-time too).
// Calls through properties (`obj.method()`, `this.init()`) are not followed: such code counts as deferred,
// which is the side the probe backs up (it evaluates the module and fails on any load-time use).

import { isIdentifier, staticPropertyName, walk, type AstNode } from "./ast.js";
import { inCatchingTry } from "./guards.js";
import type { ScopeIndex } from "./scope.js";

const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

export function isFunctionNode(n: AstNode): boolean {
  return FUNCTION_TYPES.has(n.type);
}

type LoadState = "load" | "caught" | "deferred";

interface LoadTime {
  /** When `node` runs: at load, at load inside a catching try, or only when a function is called later. */
  stateOf(node: AstNode): LoadState;
  /** True when `node` only runs when a function the module does not call at load is called. */
  isDeferred(node: AstNode): boolean;
}

interface LoadTimeOptions {
  /** Wrapper functions (esbuild's __commonJS callbacks) → the declarator whose binding runs them. */
  wrappers?: ReadonlyMap<AstNode, AstNode>;
  /** Whether a node sits in a branch that never runs in a guest; calls there trigger nothing. */
  isDead?: (node: AstNode) => boolean;
}

/** The unit (function, or instance field) whose body `child` of `anc` is part of, if `anc` is such a boundary. */
function boundaryOf(anc: AstNode, child: AstNode): boolean {
  if (FUNCTION_TYPES.has(anc.type)) return child !== anc.id;
  if (anc.type === "PropertyDefinition") return anc.static !== true && child === anc.value;
  return false;
}

function isCallLike(n: AstNode | undefined): boolean {
  return n !== undefined && (n.type === "CallExpression" || n.type === "NewExpression");
}

/** Methods and functions that never call a function argument synchronously (event and async callbacks). */
const LATER_METHODS = new Set(["addEventListener", "attachEvent", "addListener", "on", "once", "then", "catch", "finally", "nextTick"]);
const LATER_FUNCTIONS = new Set(["setTimeout", "setInterval", "setImmediate", "queueMicrotask", "requestAnimationFrame", "requestIdleCallback"]);

function callsBackLater(call: AstNode): boolean {
  const callee = call.callee as AstNode;
  if (call.type === "CallExpression" && callee.type === "MemberExpression") return LATER_METHODS.has(staticPropertyName(callee) ?? "");
  return call.type === "CallExpression" && isIdentifier(callee) && LATER_FUNCTIONS.has(callee.name);
}

const RANK: Record<LoadState, number> = { deferred: 0, caught: 1, load: 2 };

export function analyzeLoadTime(ast: AstNode, parents: Map<AstNode, AstNode>, scopes: ScopeIndex, options: LoadTimeOptions = {}): LoadTime {
  const wrappers = options.wrappers ?? new Map<AstNode, AstNode>();
  const unitCache = new Map<AstNode, AstNode | null>();
  const isBoundaryType = (n: AstNode) => FUNCTION_TYPES.has(n.type) || n.type === "PropertyDefinition";
  /** Nearest enclosing unit of `node` (null: the top level). */
  const unitOf = (node: AstNode): AstNode | null => {
    const cached = unitCache.get(node);
    if (cached !== undefined) return cached;
    const path: AstNode[] = [];
    let child = node;
    let anc = parents.get(node);
    let found: AstNode | null = null;
    while (anc) {
      if (boundaryOf(anc, child)) {
        found = anc;
        break;
      }
      const known = unitCache.get(anc);
      if (known !== undefined && !isBoundaryType(anc)) {
        found = known;
        break;
      }
      path.push(anc);
      child = anc;
      anc = parents.get(anc);
    }
    unitCache.set(node, found);
    for (const p of path) if (!isBoundaryType(p)) unitCache.set(p, found);
    return found;
  };

  // triggers: context unit (ROOT = top level) → units that run when that context runs, and whether the
  // triggering site sits in a catching try of that context
  const ROOT = ast;
  const triggers = new Map<AstNode, Array<{ unit: AstNode; caught: boolean }>>();
  const isDead = options.isDead ?? (() => false);
  const addTrigger = (site: AstNode, unit: AstNode) => {
    if (isDead(site)) return;
    const key = unitOf(site) ?? ROOT;
    const entry = { unit, caught: inCatchingTry(site, parents) !== undefined };
    const list = triggers.get(key);
    if (list) list.push(entry);
    else triggers.set(key, [entry]);
  };

  /** Whether `n` (an expression) is called/constructed or passed as an argument where it stands. */
  const isInvokedOrPassed = (n: AstNode): boolean => {
    let cur = n;
    let p = parents.get(cur);
    // (0, f)(), (a || f)(), cond ? f : g
    while (
      p &&
      ((p.type === "SequenceExpression" && (p.expressions as AstNode[]).at(-1) === cur) ||
        (p.type === "LogicalExpression" && (p.left === cur || p.right === cur)) ||
        (p.type === "ConditionalExpression" && (p.consequent === cur || p.alternate === cur)))
    ) {
      cur = p;
      p = parents.get(cur);
    }
    if (!p) return false;
    if (isCallLike(p) && p.callee === cur) return true;
    if (p.type === "MemberExpression" && p.object === cur) {
      const prop = staticPropertyName(p);
      const call = parents.get(p);
      return (prop === "call" || prop === "apply") && isCallLike(call) && call!.callee === p;
    }
    if (p.type === "TaggedTemplateExpression" && p.tag === cur) return true;
    // an argument, or a value inside an object/array literal argument
    let arg = cur;
    let q: AstNode | undefined = p;
    while (q && (q.type === "Property" || q.type === "ObjectExpression" || q.type === "ArrayExpression" || q.type === "SpreadElement")) {
      if (q.type === "Property" && q.value !== arg) return false;
      arg = q;
      q = parents.get(q);
    }
    return isCallLike(q) && q!.callee !== arg && (q!.arguments as AstNode[]).includes(arg) && !callsBackLater(q!);
  };

  const bindingOf = (fn: AstNode): AstNode | undefined => {
    if (fn.type === "FunctionDeclaration" || fn.type === "ClassDeclaration") return fn;
    const p = parents.get(fn);
    if (p?.type === "VariableDeclarator" && p.init === fn && isIdentifier(p.id)) return p;
    return undefined;
  };

  const namedTriggers = (declNode: AstNode | undefined, units: AstNode[], alsoAssigned?: AstNode) => {
    const name = declNode ? (declNode.id as { name?: string } | null | undefined)?.name : undefined;
    const vars = declNode && name ? scopes.declared(declNode).filter((v) => v.name === name) : [];
    if (alsoAssigned) {
      const ref = scopes.referenceOf(alsoAssigned);
      if (ref?.resolved) vars.push(ref.resolved);
    }
    for (const v of vars) {
      for (const ref of v.references) {
        const id = ref.identifier;
        if (ref.init || !ref.isRead()) continue;
        if (isInvokedOrPassed(id)) for (const u of units) addTrigger(id, u);
      }
    }
  };

  walk(ast, (node) => {
    if (FUNCTION_TYPES.has(node.type)) {
      const wrapper = wrappers.get(node);
      if (wrapper) {
        namedTriggers(wrapper, [node]);
        return;
      }
      if (isInvokedOrPassed(node)) addTrigger(node, node);
      const p = parents.get(node);
      const assigned = p?.type === "AssignmentExpression" && p.operator === "=" && p.right === node && isIdentifier(p.left) ? (p.left as AstNode) : undefined;
      namedTriggers(bindingOf(node), [node], assigned);
    } else if (node.type === "ClassDeclaration" || node.type === "ClassExpression") {
      const members = ((node.body as AstNode).body as AstNode[]) ?? [];
      const units: AstNode[] = [];
      for (const m of members) {
        if (m.type === "MethodDefinition" && m.kind === "constructor") units.push(m.value as AstNode);
        else if (m.type === "PropertyDefinition" && m.static !== true && m.value) units.push(m);
      }
      if (units.length === 0) return;
      const p = parents.get(node);
      if (p?.type === "NewExpression" && p.callee === node) for (const u of units) addTrigger(node, u);
      namedTriggers(bindingOf(node), units);
    }
  });

  // fixed point over the lattice deferred < caught < load
  const unitState = new Map<AstNode, LoadState>([[ROOT, "load"]]);
  const queue: AstNode[] = [ROOT];
  while (queue.length) {
    const ctx = queue.pop()!;
    const ctxState = unitState.get(ctx)!;
    for (const { unit, caught } of triggers.get(ctx) ?? []) {
      const next: LoadState = ctxState === "load" && !caught ? "load" : "caught";
      const cur = unitState.get(unit) ?? "deferred";
      if (RANK[next] > RANK[cur]) {
        unitState.set(unit, next);
        queue.push(unit);
      }
    }
  }

  const stateOf = (node: AstNode): LoadState => {
    const u = unitOf(node);
    const s = u === null ? "load" : (unitState.get(u) ?? "deferred");
    if (s === "load" && inCatchingTry(node, parents)) return "caught";
    return s;
  };
  return { stateOf, isDeferred: (node) => stateOf(node) === "deferred" };
}
