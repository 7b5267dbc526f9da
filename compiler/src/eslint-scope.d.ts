// Minimal ambient types for eslint-scope 8.4 (the package ships none; @types/eslint-scope is a stub).
// Only what scan/scan.ts uses.

declare module "eslint-scope" {
  export interface Variable {
    name: string;
  }
  export interface Reference {
    identifier: { type: "Identifier"; name: string; start: number; end: number };
    resolved: Variable | null;
  }
  export interface Scope {
    type: string;
    through: Reference[];
    references: Reference[];
    variables: Variable[];
    childScopes: Scope[];
  }
  export interface ScopeManager {
    globalScope: Scope | null;
    scopes: Scope[];
  }
  export interface AnalyzeOptions {
    ecmaVersion?: number;
    sourceType?: "script" | "module" | "commonjs";
    optimistic?: boolean;
    nodejsScope?: boolean;
    impliedStrict?: boolean;
    childVisitorKeys?: Record<string, string[]> | null;
    fallback?: "iteration" | "none" | ((node: object) => string[]);
  }
  export function analyze(ast: object, options?: AnalyzeOptions): ScopeManager;
}
