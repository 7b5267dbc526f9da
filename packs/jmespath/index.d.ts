// Types for the @capsule/jmespath guest module (jmespath.js 0.16). A CommonJS library: the default export is its
// module.exports, and its functions are also named exports (found as Node finds CommonJS names).
declare module "@capsule/jmespath" {
  /** JSON-like data: what JMESPath expressions read and return. */
  type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

  /** A node of the parsed expression tree (see compile). */
  interface ASTNode {
    type: string;
    name?: string;
    value?: unknown;
    children?: ASTNode[];
    jmespathType?: string;
  }
  interface Token { type: string; value: unknown; start: number }

  interface JMESPath {
    /**
     * Evaluates `expression` against `data`. Missing fields give null, never undefined.
     * Throws: a `ParserError`/`LexerError` (by `name`) for a malformed expression; a plain `Error` whose message
     * starts with "TypeError: …", "ArgumentError: …" or "Unknown function: …" for a bad function call.
     */
    search(data: unknown, expression: string): JSONValue;
    /** Parses an expression into its AST (throws like search for syntax errors). The AST cannot be evaluated by this API. */
    compile(expression: string): ASTNode;
    /** The lexer's tokens of an expression. */
    tokenize(expression: string): Token[];
    /** JMESPath equality: deep, type-strict (1 and "1" differ). */
    strictDeepEqual(a: unknown, b: unknown): boolean;
  }

  const jmespath: JMESPath;
  export default jmespath;
  export const search: JMESPath["search"];
  export const compile: JMESPath["compile"];
  export const tokenize: JMESPath["tokenize"];
  export const strictDeepEqual: JMESPath["strictDeepEqual"];
  export type { ASTNode, JMESPath, JSONValue, Token };
}
