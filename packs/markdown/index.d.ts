// Types for the @capsule/markdown guest module (marked 18). Compact: the commonly used surface, typed for
// string output; token shapes list the fields renderers and walkTokens usually read.
declare module "@capsule/markdown" {
  export namespace Tokens {
    interface Base { raw: string }
    interface Space extends Base { type: "space" }
    interface Code extends Base { type: "code"; lang?: string; text: string; codeBlockStyle?: "indented"; escaped?: boolean }
    interface Heading extends Base { type: "heading"; depth: number; text: string; tokens: Token[] }
    interface Table extends Base { type: "table"; align: Array<"center" | "left" | "right" | null>; header: TableCell[]; rows: TableCell[][] }
    interface TableCell { text: string; tokens: Token[]; header: boolean; align: "center" | "left" | "right" | null }
    interface TableRow { text: string }
    interface Hr extends Base { type: "hr" }
    interface Blockquote extends Base { type: "blockquote"; text: string; tokens: Token[] }
    interface List extends Base { type: "list"; ordered: boolean; start: number | ""; loose: boolean; items: ListItem[] }
    interface ListItem extends Base { type: "list_item"; task: boolean; checked?: boolean; loose: boolean; text: string; tokens: Token[] }
    interface Checkbox extends Base { type: "checkbox"; checked: boolean }
    interface Paragraph extends Base { type: "paragraph"; pre?: boolean; text: string; tokens: Token[] }
    interface HTML extends Base { type: "html"; pre: boolean; text: string; block: boolean }
    interface Text extends Base { type: "text"; text: string; tokens?: Token[]; escaped?: boolean }
    interface Def extends Base { type: "def"; tag: string; href: string; title: string }
    interface Escape extends Base { type: "escape"; text: string }
    interface Tag extends Base { type: "html"; inLink: boolean; inRawBlock: boolean; text: string; block: boolean }
    interface Link extends Base { type: "link"; href: string; title?: string | null; text: string; tokens: Token[]; autolink?: boolean }
    interface Image extends Base { type: "image"; href: string; title: string | null; text: string; tokens: Token[] }
    interface Strong extends Base { type: "strong"; text: string; tokens: Token[] }
    interface Em extends Base { type: "em"; text: string; tokens: Token[] }
    interface Codespan extends Base { type: "codespan"; text: string }
    interface Br extends Base { type: "br" }
    interface Del extends Base { type: "del"; text: string; tokens: Token[] }
    /** A token made by an extension's tokenizer. */
    interface Generic { [key: string]: any; type: string; raw: string; tokens?: Token[] }
  }
  export type MarkedToken =
    | Tokens.Space | Tokens.Code | Tokens.Heading | Tokens.Table | Tokens.Hr | Tokens.Blockquote | Tokens.List
    | Tokens.ListItem | Tokens.Checkbox | Tokens.Paragraph | Tokens.HTML | Tokens.Text | Tokens.Def | Tokens.Escape
    | Tokens.Tag | Tokens.Link | Tokens.Image | Tokens.Strong | Tokens.Em | Tokens.Codespan | Tokens.Br | Tokens.Del;
  export type Token = MarkedToken | Tokens.Generic;
  export type TokensList = Token[] & { links: Record<string, { href: string | null; title: string | null }> };

  export class Renderer {
    options: MarkedOptions;
    parser: Parser;
    constructor(options?: MarkedOptions);
    space(token: Tokens.Space): string;
    code(token: Tokens.Code): string;
    blockquote(token: Tokens.Blockquote): string;
    html(token: Tokens.HTML | Tokens.Tag): string;
    def(token: Tokens.Def): string;
    heading(token: Tokens.Heading): string;
    hr(token: Tokens.Hr): string;
    list(token: Tokens.List): string;
    listitem(token: Tokens.ListItem): string;
    checkbox(token: Tokens.Checkbox): string;
    paragraph(token: Tokens.Paragraph): string;
    table(token: Tokens.Table): string;
    tablerow(token: Tokens.TableRow): string;
    tablecell(token: Tokens.TableCell): string;
    strong(token: Tokens.Strong): string;
    em(token: Tokens.Em): string;
    codespan(token: Tokens.Codespan): string;
    br(token: Tokens.Br): string;
    del(token: Tokens.Del): string;
    link(token: Tokens.Link): string;
    image(token: Tokens.Image): string;
    text(token: Tokens.Text | Tokens.Escape): string;
  }
  /** Renders only the text of inline tokens (used for alt text and the like). */
  export class TextRenderer {
    parser: Parser;
    strong(token: Tokens.Strong): string; em(token: Tokens.Em): string; codespan(token: Tokens.Codespan): string;
    del(token: Tokens.Del): string; html(token: Tokens.HTML | Tokens.Tag): string; text(token: Tokens.Text | Tokens.Escape | Tokens.Tag): string;
    link(token: Tokens.Link): string; image(token: Tokens.Image): string; br(): string; checkbox(token: Tokens.Checkbox): string;
  }
  export class Parser {
    options: MarkedOptions;
    renderer: Renderer;
    textRenderer: TextRenderer;
    constructor(options?: MarkedOptions);
    static parse(tokens: Token[], options?: MarkedOptions): string;
    static parseInline(tokens: Token[], options?: MarkedOptions): string;
    parse(tokens: Token[]): string;
    parseInline(tokens: Token[], renderer?: Renderer | TextRenderer): string;
  }
  export class Lexer {
    tokens: TokensList;
    options: MarkedOptions;
    constructor(options?: MarkedOptions);
    static readonly rules: { block: Record<string, RegExp>; inline: Record<string, RegExp> };
    static lex(src: string, options?: MarkedOptions): TokensList;
    static lexInline(src: string, options?: MarkedOptions): Token[];
    lex(src: string): TokensList;
    blockTokens(src: string, tokens?: Token[]): Token[];
    inline(src: string, tokens?: Token[]): Token[];
    inlineTokens(src: string, tokens?: Token[]): Token[];
  }
  /** Built-in tokenizer; override single methods through `use({ tokenizer: { … } })` (return false to fall back). */
  export class Tokenizer {
    options: MarkedOptions;
    lexer: Lexer;
    constructor(options?: MarkedOptions);
    [method: string]: any;
  }
  export class Hooks {
    options: MarkedOptions;
    constructor(options?: MarkedOptions);
    static passThroughHooks: Set<string>;
    preprocess(markdown: string): string;
    postprocess(html: string): string;
    processAllTokens(tokens: Token[] | TokensList): Token[] | TokensList;
    emStrongMask(src: string): string;
    provideLexer(block?: boolean): (src: string, options?: MarkedOptions) => Token[] | TokensList;
    provideParser(block?: boolean): (tokens: Token[], options?: MarkedOptions) => string;
  }

  export interface TokenizerExtension {
    name: string;
    level: "block" | "inline";
    /** Index in `src` where this token may start (lets the lexer stop text before it). */
    start?(this: { lexer: Lexer }, src: string): number | void;
    tokenizer(this: { lexer: Lexer }, src: string, tokens: Token[] | TokensList): Tokens.Generic | undefined;
    childTokens?: string[];
  }
  export interface RendererExtension {
    name: string;
    renderer(this: { parser: Parser }, token: Tokens.Generic): string | false | undefined;
  }
  type Overrides<T, This> = { [K in keyof T]?: T[K] extends (...a: infer A) => infer R ? (this: This, ...args: A) => R | false : never };
  export interface MarkedExtension {
    /** Await walkTokens (and async hooks) before rendering; parse then returns a Promise. */
    async?: boolean;
    /** Render single newlines as `<br>` (needs gfm). Default false. */
    breaks?: boolean;
    extensions?: Array<TokenizerExtension | RendererExtension | (TokenizerExtension & RendererExtension)> | null;
    /** GitHub Flavored Markdown: tables, strikethrough, autolinks, task lists. Default true. */
    gfm?: boolean;
    hooks?: Partial<Pick<Hooks, "preprocess" | "postprocess" | "processAllTokens" | "emStrongMask" | "provideLexer" | "provideParser">> | null;
    pedantic?: boolean;
    renderer?: Overrides<Omit<Renderer, "options" | "parser">, Renderer> | null;
    /** Return errors as an HTML message instead of throwing. */
    silent?: boolean;
    tokenizer?: Record<string, (this: Tokenizer, src: string, ...rest: any[]) => Tokens.Generic | undefined | false> | null;
    walkTokens?: ((token: Token) => void | Promise<void> | Array<void | Promise<void>>) | null;
  }
  /** Options passed per call. Hooks, renderer and tokenizer objects belong in `use()` / `new Marked()`, not here. */
  export interface MarkedOptions {
    async?: boolean; breaks?: boolean; gfm?: boolean; pedantic?: boolean; silent?: boolean;
    hooks?: Hooks | null; renderer?: Renderer | null; tokenizer?: Tokenizer | null;
    walkTokens?: ((token: Token) => void | Promise<void> | Array<void | Promise<void>>) | null;
    extensions?: unknown;
  }

  interface ParseFn {
    (src: string, options: MarkedOptions & { async: true }): Promise<string>;
    (src: string, options?: (MarkedOptions & { async?: false }) | null): string;
  }
  /** An independent marked instance: its use()/setOptions() never touch the shared one. */
  export class Marked {
    constructor(...extensions: MarkedExtension[]);
    defaults: MarkedOptions;
    parse: ParseFn;
    parseInline: ParseFn;
    use(...extensions: MarkedExtension[]): this;
    setOptions(options: MarkedOptions): this;
    walkTokens(tokens: Token[] | TokensList, callback: (token: Token) => void | Promise<void>): Array<void | Promise<void>>;
    lexer(src: string, options?: MarkedOptions): TokensList;
    parser(tokens: Token[], options?: MarkedOptions): string;
    Parser: typeof Parser; Renderer: typeof Renderer; TextRenderer: typeof TextRenderer; Lexer: typeof Lexer; Tokenizer: typeof Tokenizer; Hooks: typeof Hooks;
  }

  /** The shared instance as a function: marked(src) === marked.parse(src). */
  export const marked: ParseFn & {
    parse: ParseFn;
    parseInline: ParseFn;
    use(...extensions: MarkedExtension[]): typeof marked;
    setOptions(options: MarkedOptions): typeof marked;
    options(options: MarkedOptions): typeof marked;
    getDefaults(): MarkedOptions;
    defaults: MarkedOptions;
    walkTokens(tokens: Token[] | TokensList, callback: (token: Token) => void | Promise<void>): Array<void | Promise<void>>;
    lexer: typeof Lexer.lex;
    parser: typeof Parser.parse;
    Parser: typeof Parser; Renderer: typeof Renderer; TextRenderer: typeof TextRenderer; Lexer: typeof Lexer; Tokenizer: typeof Tokenizer; Hooks: typeof Hooks;
  };
  export const parse: ParseFn;
  export const parseInline: ParseFn;
  export function use(...extensions: MarkedExtension[]): typeof marked;
  export function setOptions(options: MarkedOptions): typeof marked;
  export function options(options: MarkedOptions): typeof marked;
  export function getDefaults(): MarkedOptions;
  /** The shared instance's current options (a live binding: setOptions/use replace it). */
  export let defaults: MarkedOptions;
  export function walkTokens(tokens: Token[] | TokensList, callback: (token: Token) => void | Promise<void>): Array<void | Promise<void>>;
  export const lexer: typeof Lexer.lex;
  export const parser: typeof Parser.parse;

  /** marked is ESM without a default export: the default import is an object holding every named export. */
  const namespace: {
    marked: typeof marked; Marked: typeof Marked; parse: ParseFn; parseInline: ParseFn; use: typeof use; setOptions: typeof setOptions;
    options: typeof options; getDefaults: typeof getDefaults; defaults: MarkedOptions; walkTokens: typeof walkTokens; lexer: typeof lexer; parser: typeof parser;
    Parser: typeof Parser; Renderer: typeof Renderer; TextRenderer: typeof TextRenderer; Lexer: typeof Lexer; Tokenizer: typeof Tokenizer; Hooks: typeof Hooks;
  };
  export default namespace;
}
