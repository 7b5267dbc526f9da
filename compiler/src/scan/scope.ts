// Owns the slice of eslint-scope the scan and the bundle's call-site classifier need beyond the ambient
// types in ../eslint-scope.d.ts (declared variables, their references, which scope a reference lives in),
// and an index from Identifier nodes to their references. Refuses nothing; it only answers "which binding
// does this identifier read?".

import { analyze, type ScopeManager } from "eslint-scope";
import type { AstNode } from "./ast.js";

export interface ScopeVariable {
  name: string;
  references: ScopeReference[];
  defs: Array<{ type: string; node: AstNode }>;
}

interface ScopeReference {
  identifier: AstNode & { name: string };
  resolved: ScopeVariable | null;
  init?: boolean;
  isRead(): boolean;
  isWrite(): boolean;
}

interface FullScope {
  type: string;
  through: ScopeReference[];
  references: ScopeReference[];
}

interface FullScopeManager {
  globalScope: FullScope | null;
  scopes: FullScope[];
  getDeclaredVariables(node: object): ScopeVariable[];
}

export interface ScopeIndex {
  /** Free (unresolved) references of the whole program, as eslint-scope's global `through`. */
  through: ScopeReference[];
  /** The reference an Identifier node makes, if it is a reference. */
  referenceOf(id: AstNode): ScopeReference | undefined;
  /** Variables a declaration node (function, class, variable declarator) declares. */
  declared(node: AstNode): ScopeVariable[];
}

/**
 * Analyses `ast`. `sourceType` "module" for bundles and ES modules, "commonjs" for CommonJS files (a
 * module-level function scope, so top-level declarations resolve like they do in Node).
 */
export function scopeIndex(ast: AstNode, sourceType: "module" | "commonjs" | "script"): ScopeIndex {
  // optimistic: resolve references even in scopes with a direct eval() call (the guest has no eval, so it
  // cannot add bindings; without this every reference near an eval() would look free)
  const manager = analyze(ast, { ecmaVersion: 2022, sourceType, optimistic: true }) as ScopeManager as unknown as FullScopeManager;
  const byId = new Map<AstNode, ScopeReference>();
  for (const scope of manager.scopes) {
    for (const ref of scope.references) byId.set(ref.identifier, ref);
  }
  return {
    through: manager.globalScope?.through ?? [],
    referenceOf: (id) => byId.get(id),
    declared: (node) => {
      try {
        return manager.getDeclaredVariables(node);
      } catch {
        return [];
      }
    },
  };
}
