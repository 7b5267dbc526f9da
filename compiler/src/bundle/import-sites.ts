// Owns classifying the call sites of `require("x")` and `import("x")` in one dependency file, so the builtin
// plugin can tell a Node builtin the library needs while it loads from one it only reaches for optionally.
// A site is:
//  • "dead"           — in a branch that never runs in a guest (`typeof Promise === "undefined" ? require("lie") : …`);
//  • "deferred"       — inside a function the file does not call at load (scan/load-time.ts);
//  • "try"            — in a try block whose catch swallows the error (or in a function only called from one);
//  • "typeof-require" — behind a `typeof require` feature test (if/?:/&&/||);
//  • "load"           — none of these: it runs, unguarded, while the file loads.
// The file is parsed with acorn (as CommonJS script first, then as an ES module); a file that does not
// parse, is too large, or has no literal site for the specifier is reported as undefined, and the caller
// treats it as "load" (a refusal). Results are cached per file path and content (IMPORT_SITES_* in tuning.ts).

import { createHash } from "node:crypto";
import { promises as fsp } from "node:fs";
import { parse } from "acorn";
import { isIdentifier, parentMap, walk, type AstNode } from "../scan/ast.js";
import { inDeadBranch, isGuarded, type GuardContext } from "../scan/guards.js";
import { IMPORT_SITES_CACHE_FILES, IMPORT_SITES_MAX_BYTES } from "../tuning.js";
import { analyzeLoadTime } from "../scan/load-time.js";
import { scopeIndex } from "../scan/scope.js";

export type SiteClass = "dead" | "deferred" | "try" | "typeof-require" | "load";
type SiteKind = "require-call" | "dynamic-import";

type FileSites = Map<string, SiteClass[]>; // `${kind}\0${specifier}` → one class per site

const cache = new Map<string, { hash: string; sites: FileSites | undefined }>();

function literalValue(n: AstNode | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === "Literal" && typeof n.value === "string") return n.value;
  if (n.type === "TemplateLiteral" && (n.expressions as unknown[]).length === 0) {
    return (n.quasis as Array<{ value: { cooked: string | null } }>)[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

function parseAny(source: string): { ast: AstNode; sourceType: "commonjs" | "module" } | undefined {
  const common = { ecmaVersion: "latest" as const, ranges: true, allowHashBang: true };
  try {
    const ast = parse(source, { ...common, sourceType: "script", allowReturnOutsideFunction: true }) as unknown as AstNode;
    return { ast, sourceType: "commonjs" };
  } catch {
    try {
      const ast = parse(source, { ...common, sourceType: "module", allowAwaitOutsideFunction: true }) as unknown as AstNode;
      return { ast, sourceType: "module" };
    } catch {
      return undefined;
    }
  }
}

/** Every literal require()/import() site of `source`, classified. Undefined when it does not parse. */
export function classifySource(source: string): FileSites | undefined {
  const parsed = parseAny(source);
  if (!parsed) return undefined;
  try {
    const { ast, sourceType } = parsed;
    const scopes = scopeIndex(ast, sourceType);
    const free = new Set(scopes.through.map((r) => r.identifier as AstNode));
    const parents = parentMap(ast);
    // a CommonJS file runs with `module` and `exports` objects (Node's wrapper, esbuild's __commonJS)
    const knownObjects =
      sourceType === "commonjs" ? new Set([...free].filter((id) => (id as { name?: string }).name === "module" || (id as { name?: string }).name === "exports")) : undefined;
    const ctx: GuardContext = { parents, free, globalObjectNames: new Set(["globalThis"]), knownObjects };
    const loadTime = analyzeLoadTime(ast, parents, scopes, { isDead: (n) => inDeadBranch(n, ctx) });
    const sites: FileSites = new Map();
    const add = (kind: SiteKind, spec: string, node: AstNode, callee: AstNode | undefined) => {
      const state = loadTime.stateOf(node);
      const cls: SiteClass = inDeadBranch(node, ctx)
        ? "dead"
        : state === "deferred"
          ? "deferred"
          : state === "caught"
            ? "try"
            : callee && isGuarded(callee, "require", ctx)
              ? "typeof-require"
              : "load";
      const key = `${kind}\0${spec}`;
      const list = sites.get(key);
      if (list) list.push(cls);
      else sites.set(key, [cls]);
    };
    walk(ast, (node) => {
      if (node.type === "CallExpression") {
        const callee = node.callee as AstNode;
        if (!isIdentifier(callee, "require") || !free.has(callee)) return;
        const spec = literalValue((node.arguments as AstNode[])[0]);
        if (spec !== undefined) add("require-call", spec, node, callee);
      } else if (node.type === "ImportExpression") {
        const spec = literalValue(node.source as AstNode);
        if (spec !== undefined) add("dynamic-import", spec, node, undefined);
      }
    });
    return sites;
  } catch {
    return undefined; // eslint-scope recursion on absurd input: treat as unknown
  }
}

/**
 * The classes of every site in file `abs` that imports `specifier` with `kind`; undefined when unknown
 * (unreadable, too large, unparsable, or no literal site found).
 */
export async function importSites(abs: string, kind: SiteKind, specifier: string): Promise<SiteClass[] | undefined> {
  let source: string;
  try {
    const st = await fsp.stat(abs);
    if (st.size > IMPORT_SITES_MAX_BYTES) return undefined;
    source = await fsp.readFile(abs, "utf8");
  } catch {
    return undefined;
  }
  const hash = createHash("sha256").update(source).digest("hex");
  let entry = cache.get(abs);
  if (!entry || entry.hash !== hash) {
    entry = { hash, sites: classifySource(source) };
    cache.set(abs, entry);
    if (cache.size > IMPORT_SITES_CACHE_FILES) cache.delete(cache.keys().next().value!);
  }
  const found = entry.sites?.get(`${kind}\0${specifier}`);
  return found && found.length ? found : undefined;
}
