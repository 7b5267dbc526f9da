// Owns one compile-time rewrite of dependency files: the `Function("return this")()` idiom (and `new Function(…)()`),
// which older libraries (lodash's _root.js, regenerator, core-js) use to find the global object, becomes
// `globalThis`. The idiom generates code, which the guest refuses (EvalError at load); `globalThis` is what it
// computes, in every engine the sandbox runs. Only that exact constant text is rewritten — any other use of
// `Function` is left for the scan to judge. The same loader adds legacy-statics.ts's hook call. Refuses nothing.

import { promises as fsp } from "node:fs";
import type { Plugin } from "./bundler.js";
import { withLegacyStatics } from "@capsule/runtime";

/** `Function("return this")()`, `new Function('return this;')()`, with any spacing. */
const RETURN_THIS = /\b(?:new\s+)?Function\s*\(\s*(["'])return this;?\1\s*\)\s*\(\s*\)/g;

/** The file's text with the idiom replaced, or undefined when it has none. */
export function rewriteReturnThis(text: string): string | undefined {
  if (!text.includes("return this")) return undefined;
  RETURN_THIS.lastIndex = 0;
  if (!RETURN_THIS.test(text)) return undefined;
  RETURN_THIS.lastIndex = 0;
  return text.replace(RETURN_THIS, "globalThis");
}

/**
 * esbuild plugin: loads .js/.cjs/.mjs files that hold the idiom with it rewritten, and files that read the legacy
 * RegExp statics with the prelude's hook called after (the runtime's legacy-statics.ts); registered after the browser-false loader.
 */
export function returnThisPlugin(): Plugin {
  return {
    name: "capsule-compat-rewrites",
    setup(build) {
      build.onLoad({ filter: /\.(?:c|m)?js$/, namespace: "file" }, async (args) => {
        let text: string;
        try {
          text = await fsp.readFile(args.path, "utf8");
        } catch {
          return undefined; // esbuild reports the unreadable file itself
        }
        const returnThis = rewriteReturnThis(text);
        const rewritten = withLegacyStatics(returnThis ?? text) ?? returnThis;
        return rewritten === undefined ? undefined : { contents: rewritten, loader: "js" };
      });
    },
  };
}
