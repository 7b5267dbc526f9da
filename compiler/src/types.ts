// Owns the public data shapes: the manifest (as validated), discovered packs, the probe power and the
// catalog. Pure types; no behaviour lives here.

import type { Code } from "./codes.js";
import type { Diagnostic } from "./diagnostics.js";

// ── manifest ────────────────────────────────────────────────────────────────

export type WasmValueType = "i32" | "i64" | "f32" | "f64" | "bytes";

export interface WasmSignature {
  params: WasmValueType[];
  result?: WasmValueType;
}

/** What a guest module needs to load: `cpuMs` is its probe's CPU budget (PROBE_CPU_MS row, within its ceiling). */
export type GuestBudget = { cpuMs?: number };
/**
 * `refuse-at-run-time`: code-generation call sites (eval, Function) are admitted as warnings
 * (npm-module-codegen-at-run-time); the guest throws EvalError if one is reached. Loading must not generate code.
 */
export type CodeGeneration = "refuse-at-run-time";
export type GuestNpmDeclaration = { kind: "guest"; npm: string; standsFor?: string[]; budget?: GuestBudget; codeGeneration?: CodeGeneration };
export type GuestSourceDeclaration = { kind: "guest"; source: string; standsFor?: string[]; budget?: GuestBudget; codeGeneration?: CodeGeneration };
export type GuestDeclaration = GuestNpmDeclaration | GuestSourceDeclaration;
export type HostDeclaration = { kind: "host"; host: string };
export type WasmDeclaration = {
  kind: "wasm";
  file: string;
  exports: Record<string, WasmSignature>;
  /** Budgets that may only lower Capsule's defaults. */
  limits?: { callsPerRun?: number; inFlight?: number; callTimeoutMs?: number; totalTimeMs?: number };
};
export type ModuleDeclaration = GuestDeclaration | HostDeclaration | WasmDeclaration;

/** The package.json `capsule` field, after schema validation. */
export interface CapsuleManifest {
  skill?: string;
  types?: string;
  modules: Record<string, ModuleDeclaration>;
}

/** The parts of package.json the compiler uses. */
export interface PackManifest {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  capsule: CapsuleManifest;
}

// ── discovery ───────────────────────────────────────────────────────────────

export interface PackModule {
  /** Package name + subpath: "@capsule/yaml", "@capsule/yaml/schema". */
  specifier: string;
  /** Normalized subpath: ".", "./schema". */
  subpath: string;
  declaration: ModuleDeclaration;
  /** One-line SKILL.md summary ("" when the pack ships no SKILL.md or it has no paragraph). */
  summary: string;
}

export interface DeclaredFile {
  /** Path as written in the manifest (relative, POSIX). */
  path: string;
  /** Absolute real path. */
  absolute: string;
  bytes: number;
}

export interface DiscoveredPack {
  ok: true;
  name: string;
  version: string;
  /** Folder as found under its root (may be a symlink, e.g. in a pnpm node_modules). */
  location: string;
  /** Real path of the folder; every pack path is confined to it. */
  root: string;
  /** Index into the `roots` the pack was found in. */
  rootIndex: number;
  manifest: PackManifest;
  modules: PackModule[];
  skill?: DeclaredFile;
  types?: DeclaredFile;
  /** Warnings about this pack (errors make it a RefusedPack instead). */
  diagnostics: Diagnostic[];
}

export interface RefusedPack {
  ok: false;
  /** Pack name when package.json was readable enough to have one. */
  name?: string;
  version?: string;
  location: string;
  rootIndex: number;
  /** The first error's code; every error is in `diagnostics`. */
  code: Code;
  message: string;
  /** Module subpaths the manifest declared, when they could be read (for the catalog's refused list). */
  declaredSubpaths: string[];
  diagnostics: Diagnostic[];
}

export interface DiscoveryResult {
  /** Valid packs, one per name (the last root wins), sorted by name. */
  packs: DiscoveredPack[];
  /** Packs refused as a whole (invalid manifest, escapes, caps), in discovery order. */
  refused: RefusedPack[];
  /** Every diagnostic: root problems, shadowing, and each pack's own. */
  diagnostics: Diagnostic[];
}

// ── probe ───────────────────────────────────────────────────────────────────

/**
 * A probe's verdict. On a failure, `cacheable: true` says it is a pure function of the source (the module threw, ran
 * out of its CPU budget, imported what no sandbox gives it), so the compiler caches the refusal under the module's key
 * like an admission; absent or false (a wall-clock timeout, a crashed worker: the machine, not the module), it is
 * retried. `exhausted` says the guest was stopped by its budget ("cpu": PROBE_CPU_MS or the module's `budget.cpuMs`;
 * "wall": its wall-clock limit) rather than failing on its own, and `budgetMs` which budget it was.
 */
export type ProbeFailure = { ok: false; message: string; cacheable?: boolean; exhausted?: "cpu" | "wall"; budgetMs?: number; spentMs?: number };
/**
 * `spentMs`: how long the probe's own run took (waiting for its turn excluded), which the compile charges to the
 * module's pack (PACK_PROBE_MS); a probe that does not say is charged the time the compile waited for it.
 */
export type ProbeResult = ({ ok: true; exports: string[] } | ProbeFailure) & { spentMs?: number };

/** What the probe of one module may spend: `cpuMs` from the module's declared budget (default PROBE_CPU_MS). */
export interface ProbeOptions {
  cpuMs: number;
}

/** Loads `source` as module `specifier` in a fresh guest and reports its export names. */
export type Probe = (source: string, specifier: string, options?: ProbeOptions) => Promise<ProbeResult>;

// ── catalog ─────────────────────────────────────────────────────────────────

export interface CatalogModule {
  specifier: string;
  pack: string;
  version: string;
  /** "host": a host module's generated facade (admitted against the registry's pins). */
  kind: "guest" | "host";
  /** For kind "host": the pinned host id. */
  hostId?: string;
  /** sha256 (hex) of the served source. */
  sha256: string;
  /** Export names the probe reported, sorted. */
  exports: string[];
  /** Bytes of the served source. */
  size: number;
  summary: string;
  /** Absolute path of the cached .js to serve. */
  sourcePath: string;
  /** npm names a program may write for this module, resolved only through an import map (manifest `standsFor`, else its `npm`). */
  standsFor?: string[];
  /**
   * The CPU budget the module was probed with when its manifest declared one (`budget.cpuMs`): a run importing it
   * gets this much CPU to load it on top of its cpuMs (the runtime's moduleLoadCpuMs), so what was admitted runs.
   */
  loadCpuMs?: number;
  /** Other catalog specifiers this module imports at run time (always absent today: guest modules are self-contained bundles). */
  imports?: string[];
}

/** A host or wasm declaration passed through for later admission; never runnable from this catalog. */
export type HostAdmitCode = "host-id-unknown" | "host-id-not-pinned" | "host-id-pinned-elsewhere" | "host-id-lookalike";

export interface PendingModule {
  specifier: string;
  pack: string;
  version: string;
  kind: "host" | "wasm";
  status: "pending";
  summary: string;
  declaration: HostDeclaration | WasmDeclaration;
  /** For wasm: absolute real path of the .wasm file. */
  file?: string;
  /** Real path of the declaring pack's folder: the identity a host pin is checked against (registry admit). */
  root?: string;
}

export interface RefusedModule {
  specifier: string;
  pack: string;
  /** A compiler code, or a registry admission code for host modules (host-id-unknown, host-id-not-pinned, host-id-lookalike). */
  code: Code | HostAdmitCode;
  message: string;
}

export interface Catalog {
  version: 1;
  /** Admitted guest modules, sorted by specifier. */
  modules: CatalogModule[];
  /** Host and wasm declarations awaiting admission, sorted by specifier. */
  pending: PendingModule[];
  /** Modules (or whole packs) refused, sorted by specifier. */
  refused: RefusedModule[];
}

export type CompileStatus = "compiled" | "cached" | "skipped";

export type CompileProgress =
  | { type: "start"; total: number }
  | {
      type: "module";
      specifier: string;
      pack: string;
      status: CompileStatus;
      /** The refusal code when status is "skipped". */
      code?: Code | HostAdmitCode;
      done: number;
      total: number;
    }
  | { type: "end"; compiled: number; cached: number; skipped: number; ms: number };
