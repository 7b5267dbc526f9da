// Owns the bound on a tool's JSON Schema as the run path writes it out: the schema's text goes to the guest's worker
// (tool-input.ts schemaText), its TypeScript to the prompt's reference (tool-docs.ts), and a check walks it, each once
// per reuse of an object. A belt built in code can reuse one object at every level: 26 levels of
// `{ anyOf: [{ properties: { a: s } }, { properties: { a: s } }] }` are 2^26 copies once written, and JSON.stringify
// held the host's main thread 90 s before it failed ("Invalid string length"), in every run that imported the tool.
// So a schema is walked as JSON would write it, within TOOL_SCHEMA_MAX_VALUES values and TOOL_SCHEMA_MAX_DEPTH levels,
// without recursion, and the verdict is kept per schema object (a belt is checked at every run).
// Refuses (as a problem string, E_BAD_REQUEST for the caller): too many values, too deep, a cycle, a bigint.

/** Values (objects, arrays and primitives) a tool's schema may hold when written as JSON, each reuse counted again. */
export const TOOL_SCHEMA_MAX_VALUES = 100_000;
/** Levels of nesting a tool's schema may have. */
export const TOOL_SCHEMA_MAX_DEPTH = 512;

const verdicts = new WeakMap<object, string | null>();

/** Why `schema` cannot be written out within the bounds, or undefined when it can. */
export function schemaSizeProblem(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  let verdict = verdicts.get(schema);
  if (verdict === undefined) verdicts.set(schema, (verdict = walk(schema) ?? null));
  return verdict ?? undefined;
}

function walk(schema: object): string | undefined {
  let left = TOOL_SCHEMA_MAX_VALUES - 1;
  const onPath = new Set<object>([schema]);
  const frames: Array<{ node: Record<string, unknown>; keys: string[]; next: number }> = [{ node: schema as Record<string, unknown>, keys: Object.keys(schema), next: 0 }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next === frame.keys.length) {
      onPath.delete(frame.node);
      frames.pop();
      continue;
    }
    const key = frame.keys[frame.next++]!;
    const child = frame.node[key];
    if (--left < 0) {
      return `it holds more than ${TOOL_SCHEMA_MAX_VALUES.toLocaleString("en-US")} values when written as JSON (an object reused at many places is written at each: give each place its own, or use $ref)`;
    }
    if (typeof child === "bigint") return `it holds a bigint at ${pathOf(frames)}, which JSON cannot write`;
    if (typeof child !== "object" || child === null) continue;
    if (onPath.has(child)) return `it contains itself at ${pathOf(frames)} (a cycle); write a recursive schema with $ref`;
    if (frames.length >= TOOL_SCHEMA_MAX_DEPTH) return `it is nested more than ${TOOL_SCHEMA_MAX_DEPTH} levels deep`;
    onPath.add(child);
    frames.push({ node: child as Record<string, unknown>, keys: Object.keys(child), next: 0 });
  }
  return undefined;
}

/** Where the walk is (the last key read of each frame), dotted: "/a/b" would read as a host path, and be scrubbed. */
function pathOf(frames: ReadonlyArray<{ keys: string[]; next: number }>): string {
  return frames.map((f) => `.${f.keys[f.next - 1]!}`).join("");
}
