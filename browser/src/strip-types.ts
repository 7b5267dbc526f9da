// Owns the browser runner's Transform power (the Node sandbox uses esbuild), which the run path calls only for source
// that is not plain JavaScript (TypeScript, or a syntax error). Types are stripped with sucrase (loaded on first use, small and fast; esbuild-wasm would
// add ~10 MB to every page), which keeps line numbers and gives a source map; its output is then parsed with acorn,
// since sucrase does not reject every syntax error. Failures are thrown in esbuild's error shape (0-based column)
// so the runtime reports E_SYNTAX at the user's line and column.

import { parse } from "acorn";

interface Options {
  sourcefile?: string;
}

type Located = { message?: string; loc?: { line: number; column: number } };

function syntaxError(text: string, location?: { line: number; column: number }): Error {
  return Object.assign(new Error(text), { errors: [{ text, location }] });
}

export async function transform(code: string, options: Options = {}): Promise<{ code: string; map: string }> {
  const filePath = options.sourcefile ?? "main.ts";
  // Loaded on first use: pages that run only JavaScript never fetch it.
  const { transform: strip } = await import("sucrase");
  let out: ReturnType<typeof strip>;
  try {
    out = strip(code, { transforms: ["typescript"], disableESTransforms: true, filePath, sourceMapOptions: { compiledFilename: filePath } });
  } catch (error) {
    const e = error as Located;
    // sucrase counts columns from 1; esbuild (whose shape the runtime reads) from 0.
    throw syntaxError((e.message ?? "the source does not parse").replace(/\s*\(\d+:\d+\)$/, ""), e.loc && { line: e.loc.line, column: Math.max(0, e.loc.column - 1) });
  }
  try {
    parse(out.code, { ecmaVersion: "latest", sourceType: "module" });
  } catch (error) {
    const e = error as Located;
    // sucrase keeps lines in place, so the line is the user's; the column is approximate.
    throw syntaxError((e.message ?? "the source does not parse").replace(/\s*\(\d+:\d+\)$/, ""), e.loc);
  }
  return { code: out.code, map: JSON.stringify(out.sourceMap) };
}
