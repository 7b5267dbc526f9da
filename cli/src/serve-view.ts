// Owns what a remote client of POST /run is told about its failed run: the runtime's words, made true for this server.
// An import its token does not grant reads the same whether or not such a pack is installed (the catalog server's rule:
// an answer depends on the token and the name, never on what else exists); a hint to raise a limit names this
// server's cap for it (min of the token's limit and the operator's ceiling), not the runtime's ceiling the server
// would refuse; a hint naming a local command says what the server offers instead.

import { hintsWithinCaps, type Limits, type RunResult } from "@capsule/runtime";

type LimitName = keyof Limits;

export const packGranted = (patterns: readonly string[], pack: string) =>
  patterns.some((p) => p === "*" || p === pack || (p.endsWith("/*") && pack.startsWith(p.slice(0, -1))));
const packOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
/** A bare package specifier (`yaml`, `@scope/name/sub`), the only kind a served catalog can provide. */
const isPackageSpecifier = (specifier: string) => /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/i.test(specifier) && !specifier.includes("..");

export interface ServerCaps {
  /** This run's cap of each limit: min(token, operator). */
  caps: Readonly<Record<LimitName, number>>;
  /** The limits the run had. */
  used: Readonly<Partial<Record<LimitName, number>>>;
}

export function serverView(result: RunResult, patterns: readonly string[], caps: ServerCaps): RunResult {
  if (result.ok) return result;
  const granted = importView(result, patterns);
  if (granted.ok) return granted;
  const hinted = hintsWithinCaps(granted, caps.caps, caps.used);
  if (hinted.ok) return hinted;
  let message = hinted.error.message;
  if (hinted.error.code === "E_IMPORT_UNRESOLVED") message = message.replace(" (see `capsule packs list`)", " (GET /catalog lists the modules this server offers your token)");
  return message === hinted.error.message ? hinted : { ...hinted, error: { ...hinted.error, message } };
}

function importView(result: Extract<RunResult, { ok: false }>, patterns: readonly string[]): Extract<RunResult, { ok: false }> {
  if (result.error.code !== "E_IMPORT_NOT_ALLOWED" && result.error.code !== "E_IMPORT_UNRESOLVED") return result;
  const specifier = /cannot import "([^"]*)"/.exec(result.error.message)?.[1];
  if (specifier !== undefined && !isPackageSpecifier(specifier)) {
    const message = `cannot import "${specifier}": a program sent to this server can import only the package specifiers of its catalog (for example "@capsule/yaml"), not files, paths or URLs`;
    return { ...result, error: { ...result.error, code: "E_IMPORT_UNRESOLVED", message } };
  }
  if (specifier === undefined || packGranted(patterns, packOf(specifier))) {
    // A granted name that is not installed: keep the runtime's words, minus a stand-in hint naming another pack.
    const named = /; (\S+) stands for it(?: \(so do ([^:]*): choose one\))?/.exec(result.error.message);
    const standIns = named ? [named[1]!, ...(named[2] ?? "").split(", ").filter((s) => s && s !== "…")] : [];
    if (standIns.every((standIn) => packGranted(patterns, packOf(standIn)))) return result;
    return { ...result, error: { ...result.error, message: `cannot import "${specifier}": no installed pack provides it` } };
  }
  const message = `cannot import "${specifier}": this server's token does not grant pack ${packOf(specifier)} (granted: ${patterns.join(", ")})`;
  return { ...result, error: { ...result.error, code: "E_IMPORT_NOT_ALLOWED", message } };
}
