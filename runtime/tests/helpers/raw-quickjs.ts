// Raw quickjs-emscripten loader for the guest-polyfill tests: evaluates a file
// from runtime/guest in a fresh QuickJS context exactly like the runtime does
// (global script, completion value used). The packages resolve from
// runtime/node_modules because this file lives under runtime/.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSHandle, type QuickJSSyncVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import variantExport from "@jitl/quickjs-wasmfile-release-sync";

// The package's types describe its CommonJS shape; under ESM the default export is the variant itself.
const variant = variantExport as unknown as QuickJSSyncVariant;

const here = path.dirname(fileURLToPath(import.meta.url));
export const runtimeDir = path.resolve(here, "../..");

let modPromise: Promise<QuickJSWASMModule> | undefined;
export function getQuickJS(): Promise<QuickJSWASMModule> {
  modPromise ??= newQuickJSWASMModuleFromVariant(variant);
  return modPromise;
}

export function readGuest(name: string): string {
  return readFileSync(path.join(runtimeDir, "guest", name), "utf8");
}

/**
 * The prelude's way of loading a guest file (runtime/guest/prelude.js, guestFile): the file's completion value, or,
 * when that is a function, what it returns given the powers — here only guestFile itself, which loads a file's parts
 * (url.js takes url-parser.js and url-host.js) once each. The handle is the caller's to dispose.
 */
function evalGroup(ctx: QuickJSContext, file: string): QuickJSHandle {
  const load = ctx.newFunction("load", (name) => {
    const part = ctx.getString(name);
    return ctx.evalCode(readGuest(`${part}.js`), `capsule:${part}`, { type: "global" });
  });
  const loader = ctx.unwrapResult(ctx.evalCode(`(function (load) {
    const loaded = Object.create(null);
    const guestFile = (file) => {
      if (!loaded[file]) { const value = load(file); loaded[file] = typeof value === "function" ? value(powers) : value; }
      return loaded[file];
    };
    const powers = Object.freeze({ guestFile });
    return guestFile;
  })`, "capsule:test-loader", { type: "global" }));
  const guestFile = ctx.unwrapResult(ctx.callFunction(loader, ctx.undefined, load));
  const name = ctx.newString(file.replace(/\.js$/, ""));
  const result = ctx.callFunction(guestFile, ctx.undefined, name);
  for (const h of [name, guestFile, loader, load]) h.dispose();
  return ctx.unwrapResult(result);
}

export interface Guest {
  /** Evaluate `code` as a global script and return the dumped (JSON-ish) result; guest errors are rethrown. */
  evalJSON(code: string): unknown;
  dispose(): void;
}

/**
 * Create a fresh context, evaluate the polyfill file as a global script and
 * bind its completion value to `globalThis[bindAs]`.
 */
export async function loadGuest(file: string, bindAs: string): Promise<Guest & { evalMs: number }> {
  const QuickJS = await getQuickJS();
  const rt = QuickJS.newRuntime();
  rt.setMemoryLimit(512 * 1024 * 1024);
  rt.setMaxStackSize(1024 * 1024);
  const ctx = rt.newContext();
  const t0 = performance.now();
  const handle = evalGroup(ctx, file);
  const evalMs = performance.now() - t0;
  ctx.setProp(ctx.global, bindAs, handle);
  handle.dispose();

  const run = (code: string) => {
    const r = ctx.evalCode(code, "test.js", { type: "global" });
    if (r.error) {
      const e = ctx.dump(r.error);
      r.error.dispose();
      const err = new Error(typeof e === "object" && e ? `${e.name}: ${e.message}` : String(e));
      (err as Error & { guest?: unknown }).guest = e;
      throw err;
    }
    const v = ctx.dump(r.value);
    r.value.dispose();
    return v;
  };
  return {
    evalMs,
    evalJSON: (code) => run(code),
    dispose() {
      ctx.dispose();
      rt.dispose();
    },
  };
}

/**
 * Median wall-clock time (ms) to evaluate a guest file in a fresh runtime +
 * context, after a few discarded warm-up runs (the first evaluations in a new
 * wasm module are slower while V8 tiers up the QuickJS code).
 */
export async function measureEval(file: string, runs = 20, warmup = 5): Promise<number> {
  const QuickJS = await getQuickJS();
  const times: number[] = [];
  for (let i = -warmup; i < runs; i++) {
    const rt = QuickJS.newRuntime();
    const ctx = rt.newContext();
    const t0 = performance.now();
    const value = evalGroup(ctx, file);
    if (i >= 0) times.push(performance.now() - t0);
    value.dispose();
    ctx.dispose();
    rt.dispose();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
