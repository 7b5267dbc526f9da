// Owns generating compiler/types/guest-globals.d.ts: the declarations of exactly the globals a guest has — the
// ECMAScript library QuickJS implements, taken from TypeScript's own lib files (the repo's pinned typescript), minus
// the values the guest lacks, plus Capsule's console, TextEncoder/TextDecoder, atob/btoa, URL/URLSearchParams and the members QuickJS has
// that TypeScript's libs do not declare yet. Refuses to guess: a lib file whose shape changed (a TypeScript upgrade)
// throws instead of being copied half-filtered. `node scripts/guest-globals.mjs --write` rewrites the file;
// compiler/tests/guest-globals.test.ts fails when the checked-in file differs from what this produces.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const ts = require("typescript");
const LIB_DIR = dirname(require.resolve("typescript/lib/lib.es5.d.ts"));
export const OUTPUT = fileURLToPath(new URL("../compiler/types/guest-globals.d.ts", import.meta.url));

/**
 * What QuickJS implements (probed in a guest): all of ES2024, and of what TypeScript files under esnext the Set
 * methods, iterator helpers, Promise.try, Float16Array and Error.isError. Not Array.fromAsync (esnext.array), not
 * Symbol.dispose/DisposableStack (esnext.disposable), not Symbol.metadata (esnext.decorators).
 */
const ROOT_LIBS = ["es2024", "esnext.collection", "esnext.iterator", "esnext.promise", "esnext.float16", "esnext.error"];

/** Global values the prelude deletes (runtime/guest/prelude.js) or QuickJS never had; their types stay. */
const REMOVED_GLOBALS = new Set(["eval", "SharedArrayBuffer", "Atomics", "WeakRef", "FinalizationRegistry"]);
/** Intl members the deterministic polyfill does not provide (runtime/guest/README.md, "Not implemented"). */
const REMOVED_INTL = new Set(["Locale", "DisplayNames", "Segmenter"]);

/** The lib files ROOT_LIBS need, dependencies first, each once. */
function libOrder() {
  const order = [];
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = readFileSync(join(LIB_DIR, `lib.${name}.d.ts`), "utf8");
    for (const m of text.matchAll(/^\/\/\/ <reference lib="([^"]+)" \/>/gm)) visit(m[1]);
    order.push({ name, text });
  };
  ROOT_LIBS.forEach(visit);
  return order;
}

const declaredNames = (statement) => {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText());
  if (ts.isFunctionDeclaration(statement) && statement.name) return [statement.name.text];
  return [];
};

/** The lib's text without its license header, reference directives and the declarations of removed values. */
function filterLib({ name, text }) {
  const file = ts.createSourceFile(`lib.${name}.d.ts`, text, ts.ScriptTarget.Latest, true);
  const cuts = [];
  const cutAll = (statements, removed) => {
    for (const statement of statements) {
      if (declaredNames(statement).some((n) => removed.has(n))) {
        if (declaredNames(statement).some((n) => !removed.has(n))) throw new Error(`lib.${name}: a statement declares a removed and a kept value`);
        cuts.push([statement.getFullStart(), statement.getEnd()]);
      }
    }
  };
  cutAll(file.statements, REMOVED_GLOBALS);
  for (const statement of file.statements) {
    if (ts.isModuleDeclaration(statement) && statement.name.getText() === "Intl" && statement.body) cutAll(statement.body.statements, REMOVED_INTL);
  }
  let out = "";
  let cursor = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    out += text.slice(cursor, start);
    cursor = end;
  }
  out += text.slice(cursor);
  out = out.replace(/^\/\*![\s\S]*?\*\/\s*/, "").replace(/^\/\/\/ <reference [^\n]*\n/gm, "");
  return name === "esnext.iterator" ? iteratorAsScript(out) : out.trim();
}

/**
 * lib.esnext.iterator is a module (its abstract class Iterator must not be global: it would clash with the Iterator
 * interface); inside one global script the same thing is an ambient module holding the class and a `global` block.
 */
function iteratorAsScript(text) {
  const parts = text.split(/^export \{\};\n|^declare global \{\n/m);
  if (parts.length !== 3 || !/^declare abstract class Iterator</m.test(parts[1])) throw new Error("lib.esnext.iterator changed shape: update iteratorAsScript()");
  const local = parts[1].replace(/^declare abstract class/m, "abstract class");
  return `${parts[0].trim()}\ndeclare module "capsule:lib.esnext.iterator" {\n${local.trim()}\n\nglobal {\n${parts[2].trim()}\n}\n`;
}

const EXTRAS = `// ---- Capsule's own globals (runtime/guest/console.js, text.js)

/** Console output is captured per run (runtime README, Limits: logLines, logBytes). */
interface Console {
    log(...data: any[]): void;
    info(...data: any[]): void;
    warn(...data: any[]): void;
    error(...data: any[]): void;
    debug(...data: any[]): void;
    trace(...data: any[]): void;
    assert(condition?: boolean, ...data: any[]): void;
    table(tabularData?: any): void;
    dir(item?: any): void;
}
declare var console: Console;

interface TextEncoderEncodeIntoResult {
    read: number;
    written: number;
}
interface TextEncoder {
    readonly encoding: "utf-8";
    encode(input?: string): Uint8Array<ArrayBuffer>;
    encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult;
}
declare var TextEncoder: {
    prototype: TextEncoder;
    new (): TextEncoder;
};

interface TextDecoderOptions {
    fatal?: boolean;
    ignoreBOM?: boolean;
}
interface TextDecodeOptions {
    stream?: boolean;
}
/** utf-8, utf-16le, utf-16be and windows-1252 (with their WHATWG labels). */
interface TextDecoder {
    readonly encoding: string;
    readonly fatal: boolean;
    readonly ignoreBOM: boolean;
    decode(input?: ArrayBufferLike | ArrayBufferView, options?: TextDecodeOptions): string;
}
declare var TextDecoder: {
    prototype: TextDecoder;
    new (label?: string, options?: TextDecoderOptions): TextDecoder;
};

declare function atob(data: string): string;
declare function btoa(data: string): string;

// ---- Capsule's URL and URLSearchParams (runtime/guest/url.js: WHATWG URL parsing and serialisation)

interface URL {
    hash: string;
    host: string;
    hostname: string;
    href: string;
    toString(): string;
    readonly origin: string;
    password: string;
    pathname: string;
    port: string;
    protocol: string;
    search: string;
    readonly searchParams: URLSearchParams;
    username: string;
    toJSON(): string;
}
declare var URL: {
    prototype: URL;
    new (url: string | URL, base?: string | URL): URL;
    canParse(url: string | URL, base?: string | URL): boolean;
    parse(url: string | URL, base?: string | URL): URL | null;
};

interface URLSearchParams {
    readonly size: number;
    append(name: string, value: string): void;
    delete(name: string, value?: string): void;
    get(name: string): string | null;
    getAll(name: string): string[];
    has(name: string, value?: string): boolean;
    set(name: string, value: string): void;
    sort(): void;
    toString(): string;
    forEach(callbackfn: (value: string, key: string, parent: URLSearchParams) => void, thisArg?: any): void;
    [Symbol.iterator](): URLSearchParamsIterator<[string, string]>;
    entries(): URLSearchParamsIterator<[string, string]>;
    keys(): URLSearchParamsIterator<string>;
    values(): URLSearchParamsIterator<string>;
}
interface URLSearchParamsIterator<T> extends IteratorObject<T, BuiltinIteratorReturn, unknown> {
    [Symbol.iterator](): URLSearchParamsIterator<T>;
}
declare var URLSearchParams: {
    prototype: URLSearchParams;
    new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams;
};

// ---- members QuickJS has that TypeScript's libs do not declare yet

interface RegExpConstructor {
    escape(string: string): string;
}
interface Math {
    sumPrecise(numbers: Iterable<number>): number;
}
interface Map<K, V> {
    getOrInsert(key: K, value: V): V;
    getOrInsertComputed(key: K, callback: (key: K) => V): V;
}
interface WeakMap<K extends WeakKey, V> {
    getOrInsert(key: K, value: V): V;
    getOrInsertComputed(key: K, callback: (key: K) => V): V;
}
interface IteratorConstructor {
    concat<T>(...iterables: Iterable<T, unknown, undefined>[]): IteratorObject<T, undefined, unknown>;
}
`;

export function renderGuestGlobals() {
  const sections = libOrder().map((lib) => `// ---- lib.${lib.name}.d.ts\n\n${filterLib(lib)}\n`);
  return [
    `/// <reference no-default-lib="true"/>`,
    ``,
    `// The globals of a Capsule guest, and nothing else: generated by scripts/guest-globals.mjs from TypeScript ${ts.version}'s`,
    `// lib files (${ROOT_LIBS.join(", ")}), without ${[...REMOVED_GLOBALS].join(", ")}`,
    `// and Intl.${[...REMOVED_INTL].join("/")}, plus Capsule's console, TextEncoder, TextDecoder, atob, btoa, URL and URLSearchParams. Do not edit: regenerate.`,
    `//`,
    `// The lib sections are Copyright (c) Microsoft Corporation, licensed under the Apache License, Version 2.0`,
    `// (http://www.apache.org/licenses/LICENSE-2.0), provided AS IS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND.`,
    ``,
    ...sections,
    EXTRAS,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--write")) {
    writeFileSync(OUTPUT, renderGuestGlobals());
    console.log(`wrote ${OUTPUT}`);
  } else {
    process.stdout.write(renderGuestGlobals());
  }
}
