// Types for the @capsule/yaml guest module (js-yaml 5).
declare module "@capsule/yaml" {
  export interface Mark { line: number; column: number; position: number; snippet?: string }
  export class YAMLException extends Error { reason: string; mark: Mark }
  export interface Schema { readonly __schema: unique symbol }
  export const FAILSAFE_SCHEMA: Schema;
  export const JSON_SCHEMA: Schema;
  export const CORE_SCHEMA: Schema;
  export interface LoadOptions { filename?: string; json?: boolean; schema?: Schema; onWarning?(e: YAMLException): void }
  export interface DumpOptions {
    indent?: number; noArrayIndent?: boolean; skipInvalid?: boolean; flowLevel?: number; sortKeys?: boolean | ((a: string, b: string) => number);
    lineWidth?: number; noRefs?: boolean; noCompatMode?: boolean; condenseFlow?: boolean; quotingType?: "'" | '"'; forceQuotes?: boolean; schema?: Schema;
  }
  export function load(text: string, options?: LoadOptions): unknown;
  export function loadAll(text: string, iterator?: null, options?: LoadOptions): unknown[];
  export function loadAll(text: string, iterator: (doc: unknown) => void, options?: LoadOptions): void;
  export function dump(value: unknown, options?: DumpOptions): string;
  const yaml: { load: typeof load; loadAll: typeof loadAll; dump: typeof dump; YAMLException: typeof YAMLException; JSON_SCHEMA: Schema; CORE_SCHEMA: Schema; FAILSAFE_SCHEMA: Schema };
  export default yaml;
}
