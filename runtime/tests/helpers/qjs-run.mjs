// scratch runner (deleted later): node qjs-run.mjs file.js 'expr'
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire("/work/main/runtime/package.json");
const core = require("quickjs-emscripten-core");
const v = require("@jitl/quickjs-wasmfile-release-sync");
const Q = await core.newQuickJSWASMModuleFromVariant(v.default ?? v);
const rt = Q.newRuntime(); rt.setMemoryLimit(1<<29); const ctx = rt.newContext();
const [file, name, ...exprs] = process.argv.slice(2);
let t=performance.now();
const h = ctx.unwrapResult(ctx.evalCode(readFileSync(file,"utf8"), "capsule:x", {type:"global"}));
console.log("eval ms", (performance.now()-t).toFixed(2));
ctx.setProp(ctx.global, name, h); h.dispose();
for (const e of exprs) { t=performance.now(); const r = ctx.evalCode(e, "t.js", {type:"global"}); const ms=(performance.now()-t).toFixed(1);
  if (r.error) { console.log("ERR", e, ctx.dump(r.error)); r.error.dispose(); } else { console.log(ms+"ms", JSON.stringify(ctx.dump(r.value))); r.value.dispose(); } }
