// Owns talking to a catalog server from the page: the index (the modules the token grants), each module's source
// by its digest URL and each WASM binary, every one checked against its sha256 with SubtleCrypto before anything
// uses it. Verified bodies are kept by digest, so a module is fetched and hashed once per page.
// Refuses a body that does not hash to its digest (E_MODULE_TAMPERED) and says what to do when the server refuses.

import { runError, type CatalogEntry, type RunError } from "@capsule/runtime/host";
import type { WasmExportDeclaration } from "@capsule/host-modules/wasm-pool";

/** One module of the served index (see registry's createCatalogServer). */
export interface ServedEntry extends CatalogEntry {
  kind: "guest" | "host" | "wasm";
  summary?: string;
  size?: number;
  url: string;
  wasm?: { sha256: string; exports: Record<string, WasmExportDeclaration>; budget?: Record<string, number>; url: string };
}

export interface CatalogIndex {
  modules: ServedEntry[];
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const sha256Hex = async (bytes: Uint8Array) => hex(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));

export class CatalogClient {
  private indexed: Promise<CatalogIndex | RunError> | undefined;
  private indexedAt = 0;
  private readonly sources = new Map<string, Promise<string | RunError>>();
  private readonly binaries = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly base: URL, private readonly token?: string) {}

  /** The index, fetched once (pass refresh to ask again, e.g. after installing packs). */
  index(refresh = false): Promise<CatalogIndex | RunError> {
    if (refresh || !this.indexed) {
      this.indexedAt = performance.now();
      this.indexed = this.fetchIndex();
      void this.indexed.then((result) => {
        if ("code" in result) this.indexed = undefined;
      });
    }
    return this.indexed;
  }

  /** The server's API reference (GET /docs) for the granted modules, narrowed to `allow`; or why it is unavailable. */
  async docs(allow: readonly string[] | undefined, format: "md" | "dts"): Promise<string | RunError> {
    const url = new URL("docs", this.base);
    url.searchParams.set("format", format);
    if (allow) url.searchParams.set("allow", allow.join(","));
    try {
      const response = await fetch(url, { headers: this.headers(), cache: "no-cache" });
      if (response.ok) return await response.text();
      return runError("E_IMPORT_UNRESOLVED", `the catalog server answered HTTP ${response.status} for its reference${response.status === 404 ? " (it serves none)" : response.status === 401 ? " (pass a token)" : ""}`);
    } catch (error) {
      return runError("E_IMPORT_UNRESOLVED", `cannot reach the catalog server at ${url.origin} (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** How long ago the index was (last) fetched, in ms. */
  indexAgeMs(): number {
    return this.indexed ? performance.now() - this.indexedAt : Number.POSITIVE_INFINITY;
  }

  /** The module's source, refused unless its bytes hash to the index's digest. */
  source(entry: CatalogEntry & { url?: string }): Promise<string | RunError> {
    let source = this.sources.get(entry.sha256);
    if (!source) {
      const path = `digest/${entry.sha256}`;
      source = this.fetchVerified(path, entry.sha256).then((bytes) =>
        typeof bytes === "string"
          ? runError("E_IMPORT_UNRESOLVED", `cannot fetch module "${entry.specifier}": ${bytes}`)
          : bytes === null
            ? runError("E_MODULE_TAMPERED", `module "${entry.specifier}" was refused: the body served at ${new URL(path, this.base).href} does not hash to its catalog digest (sha256 ${entry.sha256.slice(0, 12)}…); nothing of it was evaluated. Check the catalog server and any cache or CDN in front of it`)
            : new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
      );
      this.sources.set(entry.sha256, source);
      void source.then((result) => {
        if (typeof result !== "string") this.sources.delete(entry.sha256);
      });
    }
    return source;
  }

  /** A WASM module's binary, verified like a source; throws with a wasm-module-invalid style message otherwise. */
  binary(entry: ServedEntry): Promise<Uint8Array> {
    const wasm = entry.wasm!;
    let binary = this.binaries.get(wasm.sha256);
    if (!binary) {
      binary = this.fetchVerified(`wasm/${wasm.sha256}`, wasm.sha256).then((bytes) => {
        if (typeof bytes === "string") throw new Error(`cannot fetch the WASM binary of ${entry.specifier}: ${bytes}`);
        if (bytes === null) throw new Error(`the WASM binary of ${entry.specifier} does not hash to its catalog digest; it was not run`);
        return bytes;
      });
      this.binaries.set(wasm.sha256, binary);
      binary.catch(() => this.binaries.delete(wasm.sha256));
    }
    return binary;
  }

  private headers(): HeadersInit {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  private async fetchIndex(): Promise<CatalogIndex | RunError> {
    const url = new URL("catalog", this.base);
    let response: Response;
    try {
      response = await fetch(url, { headers: this.headers(), cache: "no-cache" });
    } catch (error) {
      return runError("E_IMPORT_UNRESOLVED", `cannot reach the catalog server at ${url.origin} (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status === 401) {
      // The server tells a missing token (token-required) from one it does not know (token-unknown).
      const code = ((await response.json().catch(() => undefined)) as { code?: string } | undefined)?.code;
      return code === "token-unknown"
        ? runError("E_IMPORT_NOT_ALLOWED", "the catalog server does not know this token: check it for typos, or ask the operator for a current one")
        : runError("E_IMPORT_NOT_ALLOWED", "the catalog server wants a token: pass { token } (the playground has a token field)");
    }
    if (!response.ok) return runError("E_IMPORT_UNRESOLVED", `the catalog server answered HTTP ${response.status} for its index`);
    try {
      const body = (await response.json()) as CatalogIndex;
      if (!Array.isArray(body?.modules)) throw new Error("no modules");
      return { modules: body.modules };
    } catch {
      return runError("E_IMPORT_UNRESOLVED", "the catalog server's index is not a catalog (expected { modules: [...] })");
    }
  }

  /**
   * The body's bytes when they hash to `sha256`, null when they do not, or why the fetch failed. Always the server's own
   * content address under the base (`digest/<sha256>`, `wasm/<sha256>`), never a URL the index names: an index that
   * named another origin received the token there, and the index is the one answer a digest cannot vouch for.
   */
  private async fetchVerified(path: string, sha256: string): Promise<Uint8Array | null | string> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return `the catalog's digest for it is not a sha256 (${JSON.stringify(String(sha256).slice(0, 80))})`;
    let response: Response;
    try {
      response = await fetch(new URL(path, this.base), { headers: this.headers() });
    } catch (error) {
      return `the catalog server cannot be reached (${error instanceof Error ? error.message : String(error)})`;
    }
    if (!response.ok) return `the catalog server answered HTTP ${response.status}`;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return (await sha256Hex(bytes)) === sha256 ? bytes : null;
  }
}
