// Owns the one error vocabulary of the registry: every code it refuses with (admitting a host id, dispatching a call,
// serving the catalog), what each means and the one line that says what to do (the CLI prints these hints), and its
// one error class, HostCallError. Refuses nothing itself; registry.ts, wasm-dispatch.ts and catalog-server.ts do.

/** What a code means, the one line saying what to do, and where the registry meets it. */
export interface RegistryCodeRow {
  /** "admit": a pack's host declaration (compile time, and again at dispatch); "dispatch": a guest's call; "serve": an HTTP request. */
  readonly stage: "admit" | "dispatch" | "serve";
  readonly meaning: string;
  readonly hint: string;
}

export const REGISTRY_CODES = {
  "host-id-unknown": {
    stage: "admit",
    meaning: "nothing like the host id is pinned in this registry",
    hint: "no pin exists for this host id: host modules exist only by pin, so use a guest module instead, or ask the application embedding Capsule to register the host module",
  },
  "host-id-not-pinned": {
    stage: "admit",
    meaning: "the host id is pinned to another package (any other name, including look-alike scopes such as @capsu1e/csv or @capsule-csv/csv)",
    hint: "this host id is pinned to another package; only that package may declare it: remove the declaration and depend on (or import) the pinned pack instead",
  },
  "host-id-pinned-elsewhere": {
    stage: "admit",
    meaning: "the pack has the pinned package's name but is another copy of it: the pin binds the package's folder (for a shipped pin, the copy Capsule ships), and this pack lives elsewhere (a third-party @capsule/csv installed beside the shipped one)",
    hint: "this pack only takes the name of the package the host id is pinned to: uninstall it (`capsule packs uninstall <name>`) and use the pinned copy; host modules are declared only by the pinned copy itself",
  },
  "host-id-lookalike": {
    stage: "admit",
    meaning: "the host id is not pinned but shares a skeleton with one that is: Unicode compatibility folding, case, confusable letters and digits (с/c, 1/l, 0/o, …), separators and doubled letters",
    hint: "the id imitates a pinned one (case, confusable letters or separators): declare the exact pinned id only if this is the pinned package, otherwise remove it",
  },
  "host-module-not-declared": {
    stage: "dispatch",
    meaning: "the run did not import this host or WASM module",
    hint: "import the module in the run's source; calls reach only modules the run imported",
  },
  "host-export-unknown": {
    stage: "dispatch",
    meaning: "the export is not an own key of the pin (constructor, __proto__, toString … are refused)",
    hint: "call one of the exports the message lists",
  },
  "host-arguments-invalid": {
    stage: "dispatch",
    meaning: "the arguments do not fit the pinned shapes (a wrong type, a missing required argument, or extra arguments)",
    hint: "pass the arguments the export's signature names, in order (see the pack's .d.ts)",
  },
  "host-module-failed": {
    stage: "dispatch",
    meaning: "the implementation cannot be used: it lacks the pinned export, or a WASM binary no longer matches its catalog digest",
    hint: "recompile the packs (`capsule packs compile`); if it persists, the host module's implementation is broken",
  },
  "method-not-allowed": {
    stage: "serve",
    meaning: "the request's method is not served on that path (GET or HEAD everywhere, POST only at /run)",
    hint: "fetch with GET (or HEAD); send runs with POST /run",
  },
  "bad-path": {
    stage: "serve",
    meaning: "the path is not valid percent-encoding",
    hint: "percent-encode the specifier in the URL (encodeURIComponent)",
  },
  "bad-format": {
    stage: "serve",
    meaning: "/docs was asked for a format other than md or dts",
    hint: "pass format=md or format=dts",
  },
  "token-required": {
    stage: "serve",
    meaning: "the server wants a bearer token and the request sent none (no Authorization: Bearer header)",
    hint: "send Authorization: Bearer <token> with a token from the server's tokens file",
  },
  "token-unknown": {
    stage: "serve",
    meaning: "the request sent a bearer token the server does not know (mistyped, or rotated out of the tokens file)",
    hint: "check the token for typos, or ask the operator for a current one (the tokens file may have been rotated)",
  },
  "not-allowed": {
    stage: "serve",
    meaning: "the token does not grant the module's pack",
    hint: "use a token that grants this pack, or ask the operator to grant it",
  },
  "not-found": {
    stage: "serve",
    meaning: "no such route, module, digest or playground file (or the token does not grant it)",
    hint: "list what the token grants with GET /catalog",
  },
  "module-unavailable": {
    stage: "serve",
    meaning: "the module's compiled file is missing or no longer matches its digest",
    hint: "recompile the packs (`capsule packs compile`) and restart or refresh the server",
  },
  "origin-not-allowed": {
    stage: "serve",
    meaning: "a server without tokens was asked to run a program from elsewhere: another page's Origin, or a Host that names it by another domain (DNS rebinding)",
    hint: "open the server's own address (its playground, or an IP/localhost URL), or start it with --tokens so pages elsewhere can call it with a token",
  },
  "serve-failed": {
    stage: "serve",
    meaning: "the server failed while answering a request, in a way no route foresaw (the process and other requests go on)",
    hint: "try again; if it repeats, report it with the request that caused it",
  },
  "run-not-json": {
    stage: "serve",
    meaning: "POST /run was sent with a content type other than application/json",
    hint: "send the body as JSON with Content-Type: application/json",
  },
  "run-body-too-large": {
    stage: "serve",
    meaning: "the POST /run body is larger than the server's cap",
    hint: "send a smaller program or inputs, or ask the operator to raise the cap (capsule serve --max-body <bytes>)",
  },
  "run-body-invalid": {
    stage: "serve",
    meaning: "the POST /run body is not JSON of the shape { source, inputs?, seed?, now?, limits? }",
    hint: "send { \"source\": \"return 1\" }, with seed an integer, now an ISO date or epoch ms, and limits an object of integers",
  },
  "run-limit-above-ceiling": {
    stage: "serve",
    meaning: "a requested limit is above what the token grants or the operator's ceiling",
    hint: "ask for at most the ceiling the message names, or have the operator raise it (the token's limits, or capsule serve --ceiling <limit>=<value>)",
  },
  "run-busy": {
    stage: "serve",
    meaning: "the server is already running as many programs as it accepts at once",
    hint: "retry after a moment (Retry-After), or ask the operator for more (capsule serve --max-runs <n>)",
  },
  "run-token-busy": {
    stage: "serve",
    meaning: "the token already runs as many programs as one token may at once (half the server's places by default)",
    hint: "await the answers of your runs in flight before sending more, or ask the operator for more (capsule serve --max-runs-per-token <n>)",
  },
  "docs-unavailable": {
    stage: "serve",
    meaning: "the API reference could not be written",
    hint: "check the packs with `capsule packs compile`",
  },
} as const satisfies Record<string, RegistryCodeRow>;

export type RegistryCode = keyof typeof REGISTRY_CODES;
type CodeOf<S extends RegistryCodeRow["stage"]> = { [K in RegistryCode]: (typeof REGISTRY_CODES)[K]["stage"] extends S ? K : never }[RegistryCode];
/** A refusal of a pack's host declaration. */
export type AdmitCode = CodeOf<"admit">;
/** A refusal of a guest's call (admission refusals are met again at dispatch). */
export type DispatchCode = CodeOf<"dispatch">;
/** A refusal of an HTTP request to the catalog server. */
export type ServeCode = CodeOf<"serve">;

/** A host-module call refused or failed in the registry; reaches the guest as an error with this name. */
export class HostCallError extends Error {
  override readonly name = "HostCallError";
  constructor(
    readonly code: DispatchCode | AdmitCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}
