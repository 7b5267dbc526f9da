// Shared by the tests of the engine shortcuts (fast-calls, fast-functions): a raw quickjs-emscripten runtime and
// context of the pinned engine, no Capsule around them, disposed by done().
import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSRuntime } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";

export async function rawEngine(): Promise<{ rt: QuickJSRuntime; ctx: QuickJSContext; done(): void }> {
  const qjs = await newQuickJSWASMModuleFromVariant(variant);
  const rt = qjs.newRuntime();
  const ctx = rt.newContext();
  return { rt, ctx, done: () => (ctx.dispose(), rt.dispose()) };
}
