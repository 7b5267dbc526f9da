// Owns a run's module gate: the loader and linker the engine calls while the run's modules load, serving only the
// modules and links resolved before the run, and closing for good once the main module has loaded.
// Refuses any other module, any unresolved link, and every import after loading (dynamic import() included).

import { runError, type ErrorCode, type RunError } from "./errors.js";
import { FACADES_MODULE } from "./template.js";
import type { WorkerTask } from "./protocol.js";

export class ModuleGate {
  /** The first import refused: it becomes the run's error, whatever the guest made of the thrown one. */
  refusal: RunError | undefined;
  private readonly messages = new Set<string>();
  private closed = false;

  constructor(private readonly task: Pick<WorkerTask, "modules" | "links" | "facades">) {}

  /** The main module has loaded: every later import is a dynamic one. */
  close(): void {
    this.closed = true;
  }

  load(name: string): { error: Error } | string {
    if (this.closed) return this.refuse("E_IMPORT_REFUSED", `import of "${name}" was refused: modules load only before the guest starts (dynamic import() is never allowed)`);
    const source = this.task.modules[name];
    if (source === undefined) return this.refuse("E_IMPORT_REFUSED", `import of "${name}" was refused: it is not among the run's resolved modules`);
    return source;
  }

  link(base: string, requested: string): { error: Error } | string {
    if (base === FACADES_MODULE && this.task.facades.includes(requested) && !this.closed) return requested;
    if (this.closed) return this.refuse("E_IMPORT_REFUSED", `import("${requested}") was refused: dynamic import() is never allowed in the sandbox`);
    const target = this.task.links[`${base}\0${requested}`];
    if (target === undefined) return this.refuse("E_IMPORT_REFUSED", `import of "${requested}" from "${base}" was refused: it was not resolved before the run`);
    return target;
  }

  /** The refusal a thrown message stands for, if the loader threw it. */
  refusalFor(message: string): RunError | undefined {
    return this.messages.has(message) ? this.refusal : undefined;
  }

  private refuse(code: ErrorCode, message: string): { error: Error } {
    this.refusal ??= runError(code, message);
    this.messages.add(message);
    return { error: new Error(message) };
  }
}
