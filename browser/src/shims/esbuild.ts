// Browser replacement for esbuild's transform(), which the runtime calls only for source that is not plain
// JavaScript (TypeScript, or a syntax error). The browser runner takes JavaScript: report the parser's own
// error, at the user's line and column, in esbuild's error shape so the runtime maps it to E_SYNTAX.

import { parse } from "acorn";

export async function transform(code: string): Promise<never> {
  let text = "the source does not parse as JavaScript";
  let location: { line: number; column: number } | undefined;
  try {
    parse(code, { ecmaVersion: "latest", sourceType: "module" });
  } catch (error) {
    const e = error as { message?: string; loc?: { line: number; column: number } };
    text = (e.message ?? text).replace(/\s*\(\d+:\d+\)$/, "");
    location = e.loc;
  }
  text += "; the browser runner takes JavaScript only (TypeScript needs the Node runtime, or strip the types first)";
  throw Object.assign(new Error(text), { errors: [{ text, location }] });
}
