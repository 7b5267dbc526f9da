import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
const qjs = await newQuickJSWASMModuleFromVariant(variant);
const rt = qjs.newRuntime(); const ctx = rt.newContext();
const fn = ctx.unwrapResult(ctx.evalCode("(function (a, b) { return a; })"));
const arg = ctx.newNumber(1); const arg2 = ctx.newString("x");
const { ffi, module } = ctx;
const argv = module._malloc(64);
const direct = (f, args) => {
  const heap = new Int32Array(module.HEAPU8.buffer);
  for (let i = 0; i < args.length; i++) heap[(argv >> 2) + i] = args[i].value;
  const r = ffi.QTS_Call(ctx.ctx.value, f.value, ctx.undefined.value, args.length, argv);
  const err = ffi.QTS_ResolveException(ctx.ctx.value, r);
  if (err) throw new Error("x");
  ffi.QTS_FreeValuePointer(ctx.ctx.value, r);
};
const out = module._malloc(8);
const jobsDirect = () => {
  const v = ffi.QTS_ExecutePendingJob(rt.rt.value, 64, out);
  const c = new Int32Array(module.HEAPU8.buffer)[out >> 2];
  if (c === 0) { ffi.QTS_FreeValuePointerRuntime(rt.rt.value, v); return 0; }
  const t = ffi.QTS_Typeof(c, v); const isNum = module.HEAPU8[t] === 110; module._free(t);
  const n = isNum ? ffi.QTS_GetFloat64(c, v) : -1; ffi.QTS_FreeValuePointer(c, v); return n;
};
const time = (label, f, n = 200000) => { for (let i = 0; i < 20000; i++) f(); const t = performance.now(); for (let i = 0; i < n; i++) f(); console.log(label, ((performance.now() - t) / n * 1000).toFixed(2), "µs"); };
for (let k = 0; k < 2; k++) {
  time("callFunction", () => ctx.callFunction(fn, ctx.undefined, arg, arg2).value.dispose());
  time("direct call ", () => direct(fn, [arg, arg2]));
  time("executePendingJobs (none)", () => rt.executePendingJobs(64));
  time("direct jobs (none)       ", jobsDirect);
  const p = ctx.unwrapResult(ctx.evalCode("globalThis.q = () => { Promise.resolve().then(() => 1); }; q"));
  time("executePendingJobs (1 job)", () => { ctx.callFunction(p, ctx.undefined).value.dispose(); rt.executePendingJobs(64); }, 50000);
  time("direct jobs (1 job)       ", () => { direct(p, []); jobsDirect(); }, 50000);
  time("getPromiseState", () => ctx.getPromiseState(fn));
  time("typeof", () => ctx.typeof(fn));
}
