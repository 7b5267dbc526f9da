// Test helpers for driving an engine template directly (no worker): hooks of a run that does nothing, and evaluating
// a script in the template with its dumped value or its error thrown as JSON.
import type { EngineTemplate } from "../../src/template.js";

export const IDLE_HOOKS = {
  shouldInterrupt: () => false,
  loadModule: () => ({ error: new Error("no modules") }),
  linkModule: () => ({ error: new Error("no modules") }),
  hostCall: () => undefined,
  bridgeCall: () => undefined,
  log: () => undefined,
};

/** Evaluates `code` as a script in `template` (which must have begun a run) and returns its dumped value. */
export function evalIn(template: EngineTemplate, code: string): unknown {
  const result = template.ctx.evalCode(code, "test.js", { type: "global" });
  if (result.error) {
    const error = template.ctx.dump(result.error);
    result.error.dispose();
    throw new Error(JSON.stringify(error));
  }
  const value = template.ctx.dump(result.value);
  result.value.dispose();
  return value;
}

/** evalIn within a run of its own: begun with IDLE_HOOKS, ended (the snapshot restored) afterwards. */
export function evalInRun(template: EngineTemplate, code: string): unknown {
  template.begin(IDLE_HOOKS);
  try {
    return evalIn(template, code);
  } finally {
    template.end();
  }
}
