// The playground page served by `capsule serve`: an editor for the guest source, a pack picker from the catalog
// (guest and WASM packs run here; host packs need the server), Run, and the result, logs and errors of each run.

import { createBrowserSandbox, type BrowserSandbox } from "../sandbox.js";
import type { ServedEntry } from "../catalog-client.js";

const EXAMPLE = `import yaml from "@capsule/yaml";

const doc = yaml.load(\`
name: capsule
languages: [javascript, typescript]
\`);
console.log("parsed", doc.name);
return { ...doc, at: new Date().toISOString(), lucky: Math.floor(Math.random() * 100) };
`;

/** localStorage key under which the editor's text survives a reload (per origin). */
const SAVED = "capsule-playground-source";
/** Address fragment that carries a shared source: #code=<base64url of its UTF-8>. */
const SHARED = /^#code=([A-Za-z0-9_-]*)$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(data: string): string | undefined {
  try {
    const binary = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const source = $<HTMLTextAreaElement>("source");
const runButton = $<HTMLButtonElement>("run");
const status = $("status");
const token = $<HTMLInputElement>("token");
const filter = $<HTMLInputElement>("filter");
const packs = $("packs");
const catalogStatus = $("catalog-status");

let sandbox: BrowserSandbox = makeSandbox();
let modules: ServedEntry[] = [];

function makeSandbox(): BrowserSandbox {
  const made = createBrowserSandbox({ catalogUrl: new URL("/", location.href), token: token.value || undefined, assetsUrl: new URL(".", import.meta.url) });
  made.warm(); // the engine loads while the user reads the page, not on the first Run
  return made;
}

/** A readable identifier for a specifier's default import: "@capsule/yaml" → yaml, "@acme/text-tools" → textTools. */
function identifierFor(specifier: string): string {
  const last = specifier.split("/").pop() ?? "mod";
  const camel = last.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""));
  return /^[A-Za-z_$]/.test(camel) ? camel : `m${camel}`;
}

function insertImport(entry: ServedEntry): void {
  if (source.value.includes(`from "${entry.specifier}"`)) return;
  source.value = `import ${identifierFor(entry.specifier)} from "${entry.specifier}";\n${source.value}`;
  localStorage.setItem(SAVED, source.value);
  source.focus();
}

function renderPacks(): void {
  const query = filter.value.trim().toLowerCase();
  packs.replaceChildren(
    ...modules
      .filter((m) => !query || m.specifier.toLowerCase().includes(query) || (m.summary ?? "").toLowerCase().includes(query))
      .map((m) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "pack";
        button.dataset.specifier = m.specifier;
        button.append(m.specifier);
        const kind = document.createElement("span");
        kind.className = "kind";
        kind.textContent = m.kind;
        button.append(kind);
        if (m.summary) {
          const summary = document.createElement("span");
          summary.className = "summary";
          summary.textContent = m.summary;
          button.append(summary);
        }
        if (m.exports?.length) button.title = `exports: ${m.exports.join(", ")}`;
        if (m.kind === "host") {
          button.disabled = true;
          button.title = "a host module runs on the server; this page does not supply it";
        } else button.addEventListener("click", () => insertImport(m));
        const docsButton = document.createElement("button");
        docsButton.type = "button";
        docsButton.className = "docs";
        docsButton.dataset.docs = m.specifier;
        docsButton.textContent = "docs";
        docsButton.title = `the reference of ${m.specifier}`;
        docsButton.addEventListener("click", () => void showDocs(m.specifier));
        item.append(button, docsButton);
        return item;
      }),
  );
}

async function showDocs(specifier: string): Promise<void> {
  const docs = $("docs");
  docs.textContent = "loading…";
  const text = await sandbox.docs({ allow: [specifier] });
  docs.textContent = typeof text === "string" ? text : `${text.code}: ${text.message}`;
}

async function loadCatalog(): Promise<void> {
  catalogStatus.textContent = "loading the catalog…";
  const listed = await sandbox.modules(true);
  if ("code" in listed) {
    modules = [];
    catalogStatus.textContent = `${listed.code}: ${listed.message}`;
  } else {
    modules = listed;
    catalogStatus.textContent = `${listed.length} modules`;
  }
  renderPacks();
}

/** Shows values JSON cannot: bigint, bytes, Map, Set, Date, undefined. */
function show(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v === "bigint") return `${v}n`;
      if (v === undefined) return "undefined";
      if (v instanceof Uint8Array) return `Uint8Array(${v.length}) [${[...v.subarray(0, 32)].join(", ")}${v.length > 32 ? ", …" : ""}]`;
      if (v instanceof Map) return Object.fromEntries(v);
      if (v instanceof Set) return [...v];
      return v;
    },
    2,
  ) ?? "undefined";
}

async function run(): Promise<void> {
  runButton.disabled = true;
  status.dataset.state = "running";
  status.textContent = "running…";
  for (const id of ["result", "logs", "error"]) $(id).textContent = "";
  const result = await sandbox.run({ source: source.value, filename: "playground.js" });
  $("logs").textContent = result.logs.map((l) => `[${l.level}] ${l.message}`).join("\n");
  const s = result.stats;
  $("stats").textContent = `cpu ${s.cpuMs.toFixed(1)} ms · wall ${s.wallMs.toFixed(1)} ms · heap ${(s.peakHeapBytes / 1024).toFixed(0)} KiB · seed ${s.seed}`;
  if (result.ok) {
    status.dataset.state = "ok";
    status.textContent = "ok";
    $("result").textContent = show(result.value);
  } else {
    status.dataset.state = "error";
    status.dataset.code = result.error.code;
    status.textContent = result.error.code;
    $("error").textContent = `${result.error.code}: ${result.error.message}${result.error.guestStack ? `\n${result.error.guestStack}` : ""}`;
  }
  runButton.disabled = false;
}

const shared = SHARED.exec(location.hash)?.[1];
source.value = (shared !== undefined ? fromBase64Url(shared) : undefined) ?? localStorage.getItem(SAVED) ?? EXAMPLE;
$("share").addEventListener("click", () => {
  history.replaceState(null, "", `#code=${toBase64Url(source.value)}`);
  void navigator.clipboard?.writeText(location.href).catch(() => undefined);
  status.dataset.state = "idle";
  status.textContent = "link in the address bar";
});
source.addEventListener("input", () => localStorage.setItem(SAVED, source.value));
token.value = sessionStorage.getItem("capsule-token") ?? "";
token.addEventListener("change", () => {
  sessionStorage.setItem("capsule-token", token.value);
  sandbox.close();
  sandbox = makeSandbox();
  void loadCatalog();
});
$("token-form").addEventListener("submit", (event) => event.preventDefault());
filter.addEventListener("input", renderPacks);
runButton.addEventListener("click", () => void run());
source.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void run();
  } else if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
    // Indent instead of leaving the editor (Shift+Tab or Esc then Tab still move focus).
    event.preventDefault();
    source.setRangeText("  ", source.selectionStart, source.selectionEnd, "end");
    localStorage.setItem(SAVED, source.value);
  }
});
sandbox.close();
sandbox = makeSandbox();
void loadCatalog();
