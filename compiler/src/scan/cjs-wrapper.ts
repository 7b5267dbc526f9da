// Owns one fact about esbuild output: every CommonJS file is wrapped in a function called with
// (exports, module), both objects, by esbuild's __commonJS helper — recognised by shape, not by name
// (minification renames it): a function of two parameters whose body assigns `{ exports: {} }` to the
// second. In wrapped code `typeof module` / `typeof exports` are therefore "object" and `module.exports`
// is an object, which makes the UMD idiom's browser branch dead:
// `typeof module !== "undefined" && module.exports ? module.exports : (self.nacl = self.nacl || {})`.
// Returns the Identifier nodes that read those parameters, and each wrapped function with the declarator
// (`var require_x = __commonJS(…)`) whose calls run it (load-time.ts follows those calls).

import { isIdentifier, walk, type AstNode } from "./ast.js";
import { isFunctionNode } from "./load-time.js";
import type { ScopeIndex } from "./scope.js";

function isModuleObjectLiteral(n: AstNode): boolean {
  if (n.type !== "ObjectExpression") return false;
  const props = n.properties as AstNode[];
  if (props.length !== 1) return false;
  const p = props[0]!;
  const key = p.key as AstNode;
  const value = p.value as AstNode;
  return p.type === "Property" && !p.computed && isIdentifier(key, "exports") && value.type === "ObjectExpression" && (value.properties as unknown[]).length === 0;
}

/** True when `fn` has the shape of esbuild's __commonJS helper: (cb, mod) => … (mod = { exports: {} }) … */
function isCommonJsHelper(fn: AstNode): boolean {
  const params = fn.params as AstNode[];
  if (params.length !== 2 || !isIdentifier(params[1])) return false;
  const mod = (params[1] as AstNode & { name: string }).name;
  let found = false;
  walk(fn.body as AstNode, (n) => {
    if (!found && n.type === "AssignmentExpression" && isIdentifier(n.left, mod) && isModuleObjectLiteral(n.right as AstNode)) found = true;
  });
  return found;
}

interface CommonJsWrappers {
  /** Identifier nodes reading a wrapper's `exports` / `module` parameter. */
  objects: Set<AstNode>;
  /** Wrapped function → the declarator binding `require_x`. */
  wrappers: Map<AstNode, AstNode>;
}

export function commonJsWrappers(ast: AstNode, parents: Map<AstNode, AstNode>, scopes: ScopeIndex): CommonJsWrappers {
  const out = new Set<AstNode>();
  const wrappers = new Map<AstNode, AstNode>();
  const helpers: AstNode[] = [];
  for (const stmt of (ast.body as AstNode[]) ?? []) {
    if (stmt.type !== "VariableDeclaration") continue;
    for (const d of stmt.declarations as AstNode[]) {
      const init = d.init as AstNode | null;
      if (init && isIdentifier(d.id) && isFunctionNode(init) && isCommonJsHelper(init)) helpers.push(d);
    }
  }
  const wrapped = (fn: AstNode, declarator: AstNode | undefined) => {
    if (!isFunctionNode(fn)) return;
    if (declarator) wrappers.set(fn, declarator);
    const params = (fn.params as AstNode[]).slice(0, 2);
    const names = new Set(params.filter((p) => isIdentifier(p)).map((p) => (p as AstNode & { name: string }).name));
    for (const v of scopes.declared(fn)) {
      if (!names.has(v.name)) continue;
      for (const r of v.references) out.add(r.identifier);
    }
  };
  for (const d of helpers) {
    for (const v of scopes.declared(d)) {
      for (const r of v.references) {
        const call = parents.get(r.identifier);
        if (call?.type !== "CallExpression" || call.callee !== r.identifier) continue;
        const arg = (call.arguments as AstNode[])[0];
        if (!arg) continue;
        const decl = parents.get(call);
        const declarator = decl?.type === "VariableDeclarator" && decl.init === call && isIdentifier(decl.id) ? decl : undefined;
        if (arg.type === "ObjectExpression") {
          for (const p of arg.properties as AstNode[]) if (p.type === "Property") wrapped(p.value as AstNode, declarator);
        } else {
          wrapped(arg, declarator);
        }
      }
    }
  }
  return { objects: out, wrappers };
}
