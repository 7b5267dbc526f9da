// Owns strict JSON Schema validation of package.json against schema/capsule-manifest.schema.json (ajv,
// draft 2020-12) and the translation of every ajv error into a readable `manifest-invalid` diagnostic:
// a field path such as `capsule.modules['./x'].kind` and what would be valid there.

import { readFileSync } from "node:fs";
import Ajv2020Module from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { error, type Diagnostic } from "../diagnostics.js";
import { PACKAGE_ROOT } from "../package-root.js";

/** Absolute URL of the published schema (also exported by the package as "@capsule/compiler/schema.json"). */
export const MANIFEST_SCHEMA_URL = new URL("schema/capsule-manifest.schema.json", PACKAGE_ROOT);

/**
 * The schema's `$id`: where a published @capsule/compiler serves it (unpkg serves npm packages' files), which
 * scaffolds write as their package.json's `$schema` so editors validate the `capsule` field; `capsule serve` also
 * serves it at /schema/capsule-manifest.schema.json.
 */
export const MANIFEST_SCHEMA_ID = "https://unpkg.com/@capsule/compiler/schema/capsule-manifest.schema.json";

type AjvCtor = typeof Ajv2020Module.default;
const Ajv2020: AjvCtor =
  (Ajv2020Module as unknown as { default?: AjvCtor }).default ?? (Ajv2020Module as unknown as AjvCtor);

let compiled: { schema: Record<string, unknown>; validate: ValidateFunction } | undefined;

/** The schema document, parsed. */
export function manifestSchema(): Record<string, unknown> {
  return load().schema;
}

function load(): { schema: Record<string, unknown>; validate: ValidateFunction } {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(MANIFEST_SCHEMA_URL, "utf8")) as Record<string, unknown>;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, discriminator: true, verbose: true });
  // Annotation keywords (VS Code understands both); they only carry human messages.
  ajv.addVocabulary(["patternErrorMessage", "errorMessage"]);
  compiled = { schema, validate: ajv.compile(schema) };
  return compiled;
}

/** Validates a parsed package.json; returns one diagnostic per problem (empty when valid). */
export function validateManifestSchema(pkg: unknown): Diagnostic[] {
  const { validate } = load();
  if (validate(pkg)) return [];
  return humanizeErrors(validate.errors ?? [], pkg);
}

/** `/capsule/modules/.~1x/kind` → `capsule.modules['./x'].kind`. */
export function formatFieldPath(segments: readonly string[]): string {
  let out = "";
  for (const seg of segments) {
    if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else if (/^(0|[1-9][0-9]*)$/.test(seg)) out += `[${seg}]`;
    else out += `['${seg.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`;
  }
  return out || "(package.json)";
}

function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let cur: unknown = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[s];
  }
  return cur;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  object: "an object",
  array: "an array",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
};

function describeJson(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function humanizeErrors(errors: readonly ErrorObject[], pkg: unknown): Diagnostic[] {
  // Drop the sub-errors of a failed oneOf (its own message covers them) and the wrapper errors of
  // propertyNames (the inner error carries the offending name).
  const oneOfPaths = errors.filter((e) => e.keyword === "oneOf").map((e) => `${e.instancePath}|${e.schemaPath}/`);
  const missingKind = new Set(
    errors.filter((e) => e.keyword === "required" && e.params.missingProperty === "kind").map((e) => e.instancePath),
  );
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === "propertyNames") continue;
    if (oneOfPaths.some((p) => `${e.instancePath}|${e.schemaPath}`.startsWith(p))) continue;
    const segs = pointerSegments(e.instancePath);
    const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
    let pathSegs = segs;
    let message: string;
    switch (e.keyword) {
      case "required":
        pathSegs = [...segs, String(e.params.missingProperty)];
        message = e.params.missingProperty === "kind" ? "is required (one of guest, host, wasm)" : "is required";
        break;
      case "additionalProperties": {
        pathSegs = [...segs, String(e.params.additionalProperty)];
        const allowed = Object.keys((parent.properties as Record<string, unknown>) ?? {});
        message = `is not allowed here${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`;
        break;
      }
      case "discriminator": {
        pathSegs = [...segs, "kind"];
        if (e.params.tagValue === undefined && missingKind.has(e.instancePath)) continue;
        message = `must be one of guest, host, wasm (got ${describeJson(e.params.tagValue)})`;
        break;
      }
      case "type":
        message = `must be ${TYPE_WORDS[String(e.params.type)] ?? e.params.type} (got ${describeJson(valueAt(pkg, segs))})`;
        break;
      case "enum":
        message = `must be one of ${(e.params.allowedValues as unknown[]).map(String).join(", ")} (got ${describeJson(valueAt(pkg, segs))})`;
        break;
      case "const":
        message = `must be ${describeJson(e.params.allowedValue)}`;
        break;
      case "pattern": {
        if (e.propertyName !== undefined) pathSegs = [...segs, e.propertyName];
        const hint = parent.patternErrorMessage;
        const got = e.propertyName !== undefined ? e.propertyName : valueAt(pkg, segs);
        message = `${typeof hint === "string" ? hint : `must match ${String(e.params.pattern)}`} (got ${describeJson(got)})`;
        break;
      }
      case "minLength":
        if (e.propertyName !== undefined) pathSegs = [...segs, e.propertyName];
        message = Number(e.params.limit) === 1 ? "must not be empty" : `must be at least ${e.params.limit} characters`;
        break;
      case "maxLength":
        if (e.propertyName !== undefined) pathSegs = [...segs, e.propertyName];
        message = `must be at most ${e.params.limit} characters`;
        break;
      case "minProperties":
        message = segs[segs.length - 1] === "modules" ? "must declare at least one module" : `must have at least ${e.params.limit} entries`;
        break;
      case "maxProperties":
        message = `must have at most ${e.params.limit} entries`;
        break;
      case "maxItems":
        message = `must have at most ${e.params.limit} items`;
        break;
      case "oneOf":
        message = typeof parent.errorMessage === "string" ? parent.errorMessage : "must match exactly one allowed form";
        break;
      default:
        message = e.message ?? `fails ${e.keyword}`;
    }
    const path = formatFieldPath(pathSegs);
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error("manifest-invalid", `${path} ${message}`, { path }));
  }
  return out;
}
