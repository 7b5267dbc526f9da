// Raw quickjs-emscripten loader for guest-polyfill tests. Dependencies are
// resolved relative to runtime/package.json so the helper works no matter
// where vitest is started from.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
export const runtimeDir = path.resolve(here, "../..");
const require = createRequire(path.join(runtimeDir, "package.json"));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const core: any = require("quickjs-emscripten-core");
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const variantMod: any = require("@jitl/quickjs-wasmfile-release-sync");
const variant = variantMod.default ?? variantMod;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let modPromise: Promise<any> | undefined;
export function getQuickJS() {
  modPromise ??= core.newQuickJSWASMModuleFromVariant(variant);
  return modPromise!;
}

export function readGuest(name: string): string {
  return readFileSync(path.join(runtimeDir, "guest", name), "utf8");
}

export interface Guest {
  /** Evaluate `code` as a global script and return the dumped (JSON-ish) result. */
  evalJSON(code: string): unknown;
  /** Evaluate `code` that returns a string; throws a JS Error carrying the guest error text. */
  evalString(code: string): string;
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
  const src = readGuest(file);
  const t0 = performance.now();
  const res = ctx.evalCode(src, "capsule:" + bindAs, { type: "global" });
  const evalMs = performance.now() - t0;
  const handle = ctx.unwrapResult(res);
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
    evalString: (code) => String(run(code)),
    dispose() {
      ctx.dispose();
      rt.dispose();
    },
  };
}

/** Median wall-clock time (ms) to evaluate a guest file in a fresh context. */
export async function measureEval(file: string, runs = 20): Promise<number> {
  const QuickJS = await getQuickJS();
  const src = readGuest(file);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const rt = QuickJS.newRuntime();
    const ctx = rt.newContext();
    const t0 = performance.now();
    const r = ctx.evalCode(src, "capsule:x", { type: "global" });
    times.push(performance.now() - t0);
    ctx.unwrapResult(r).dispose();
    ctx.dispose();
    rt.dispose();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
