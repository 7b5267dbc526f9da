// The playground page served by `capsule serve`: a CodeMirror editor for the guest source (completion from the
// guest's globals and the granted packs' declarations), the run's limits, seed, clock and inputs, a pack picker from
// the catalog, a server status that says what the server said (ready, token needed, token unknown, unreachable),
// and Run: in this page's Web Worker, or on the server (POST /run) when the program imports a host-module pack.
// Results and errors are shown with the runtime's observation formatter, as `capsule run` prints them.
// Refuses to run with a control that is not valid (a limit or seed that is not a whole number, inputs that are not
// JSON), saying which; everything else is the runtime's or the server's to refuse, shown with its code.

import { formatObservation, renderValue, type RunResult } from "@capsule/runtime/host";
import { createBrowserSandbox, type BrowserSandbox } from "../sandbox.js";
import type { ServedEntry } from "../catalog-client.js";
import { createEditor } from "./editor.js";
import { parseModuleDeclarations } from "./completions.js";
import { fetchDeclarations, probeServer, runOnServer, type ServerRunRequest } from "./server.js";

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
const runButton = $<HTMLButtonElement>("run");
const status = $("status");
const serverStatus = $("server-status");
const token = $<HTMLInputElement>("token");
const filter = $<HTMLInputElement>("filter");
const packs = $("packs");
const catalogStatus = $("catalog-status");
const where = $<HTMLSelectElement>("where");
const whereNote = $("where-note");
const base = new URL("/", location.href);

let sandbox: BrowserSandbox = makeSandbox();
let modules: ServedEntry[] = [];
let declarations = new Map<string, import("@codemirror/autocomplete").Completion[]>();

function makeSandbox(): BrowserSandbox {
  const made = createBrowserSandbox({ catalogUrl: base, token: token.value || undefined, assetsUrl: new URL(".", import.meta.url) });
  made.warm(); // the engine loads while the user reads the page, not on the first Run
  return made;
}

const shared = SHARED.exec(location.hash)?.[1];
const editor = createEditor({
  parent: $("source"),
  text: (shared !== undefined ? fromBase64Url(shared) : undefined) ?? localStorage.getItem(SAVED) ?? EXAMPLE,
  completions: { packs: () => modules, declarations: () => declarations },
  onChange(text) {
    localStorage.setItem(SAVED, text);
    showWhere();
  },
  onRun: () => void run(),
});
// For automation and tests: the editor's text without reaching into CodeMirror's DOM.
(window as unknown as { capsulePlayground: object }).capsulePlayground = { source: () => editor.text(), setSource: (text: string) => editor.setText(text) };

/** A readable identifier for a specifier's default import: "@capsule/yaml" → yaml, "@acme/text-tools" → textTools. */
function identifierFor(specifier: string): string {
  const last = specifier.split("/").pop() ?? "mod";
  const camel = last.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""));
  return /^[A-Za-z_$]/.test(camel) ? camel : `m${camel}`;
}

function insertImport(entry: ServedEntry): void {
  const text = editor.text();
  if (text.includes(`from "${entry.specifier}"`)) return;
  editor.setText(`import ${identifierFor(entry.specifier)} from "${entry.specifier}";\n${text}`);
  editor.focus();
}

/** The host-module packs (not WASM: those run in the page) the source imports; they run only on the server. */
function hostImports(text: string): string[] {
  const imported = [...text.matchAll(/(?:from|import)\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  return imported.filter((s) => modules.some((m) => m.specifier === s && m.kind === "host"));
}

function runsOnServer(text: string): boolean {
  return where.value === "server" || (where.value === "auto" && hostImports(text).length > 0);
}

function showWhere(): void {
  const hosts = hostImports(editor.text());
  whereNote.textContent = where.value === "auto" ? (hosts.length ? `runs on the server: imports ${hosts.join(", ")}` : "runs in this page") : "";
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
        button.dataset.kind = m.kind;
        button.append(m.specifier);
        const kind = document.createElement("span");
        kind.className = "kind";
        kind.textContent = m.kind === "host" ? "host · server" : m.kind;
        button.append(kind);
        if (m.summary) {
          const summary = document.createElement("span");
          summary.className = "summary";
          summary.textContent = m.summary;
          button.append(summary);
        }
        button.title = m.kind === "host" ? "a host module: programs importing it run on the server (POST /run)" : m.exports?.length ? `exports: ${m.exports.join(", ")}` : m.specifier;
        button.addEventListener("click", () => insertImport(m));
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

const SERVER_WORDS = { "token-required": "token needed", "token-unknown": "token not recognised", unreachable: "server unreachable", error: "server error" } as const;

/** Asks the server what it makes of the token, and says exactly that; loads the packs and their declarations when ready. */
async function loadCatalog(): Promise<void> {
  serverStatus.dataset.state = "loading";
  serverStatus.textContent = "connecting…";
  catalogStatus.textContent = "loading the catalog…";
  const tokenNow = token.value || undefined;
  const probed = await probeServer(base, tokenNow);
  serverStatus.dataset.state = probed.state;
  if (probed.state === "ready") {
    modules = probed.modules;
    serverStatus.textContent = `ready · ${modules.length} modules`;
    serverStatus.title = "the server grants these modules to this page's token";
    catalogStatus.textContent = `${modules.length} modules`;
    void fetchDeclarations(base, tokenNow).then((dts) => (declarations = parseModuleDeclarations(dts)));
  } else {
    modules = [];
    declarations = new Map();
    serverStatus.textContent = SERVER_WORDS[probed.state];
    serverStatus.title = probed.message;
    catalogStatus.textContent = probed.message;
  }
  renderPacks();
  showWhere();
}

/** The request's limits, seed, clock and inputs from the controls; a message when one of them is not valid. */
function runOptions(): ServerRunRequest | string {
  const request: ServerRunRequest = { source: editor.text() };
  const limits: Record<string, number> = {};
  const integer = (id: string, label: string) => {
    const text = $<HTMLInputElement>(id).value.trim();
    if (!text) return undefined;
    const n = Number(text);
    if (!Number.isSafeInteger(n)) throw new Error(`${label} must be a whole number`);
    return n;
  };
  try {
    const cpu = integer("limit-cpuMs", "CPU ms");
    const wall = integer("limit-wallMs", "Wall ms");
    const mib = integer("limit-memoryMiB", "Memory MiB");
    if (cpu !== undefined) limits.cpuMs = cpu;
    if (wall !== undefined) limits.wallMs = wall;
    if (mib !== undefined) limits.memoryBytes = mib * 1024 * 1024;
    const seed = integer("seed", "Seed");
    if (seed !== undefined) request.seed = seed;
  } catch (error) {
    return (error as Error).message;
  }
  if (Object.keys(limits).length) request.limits = limits;
  const now = $<HTMLInputElement>("now").value.trim();
  if (now) request.now = /^-?\d+$/.test(now) ? Number(now) : now;
  const inputs = $<HTMLTextAreaElement>("inputs").value.trim();
  if (inputs) {
    try {
      request.inputs = JSON.parse(inputs);
    } catch {
      return "Inputs must be JSON, e.g. { \"n\": 21 }";
    }
  }
  return request;
}

function showResult(result: RunResult, on: string): void {
  $("logs").textContent = result.logs.map((l) => `[${l.level}] ${l.message}`).join("\n");
  const s = result.stats;
  $("stats").textContent = `on ${on} · cpu ${s.cpuMs.toFixed(1)} ms · wall ${s.wallMs.toFixed(1)} ms · heap ${(s.peakHeapBytes / 1024).toFixed(0)} KiB · seed ${s.seed}`;
  if (result.ok) {
    status.dataset.state = "ok";
    delete status.dataset.code;
    status.textContent = "ok";
    $("result").textContent = renderValue(result.value);
  } else {
    status.dataset.state = "error";
    status.dataset.code = result.error.code;
    status.textContent = result.error.code;
    // The observation formatter's words: code, name, message, the guest's stack at the user's lines, warnings.
    $("error").textContent = formatObservation(result);
  }
}

async function run(): Promise<void> {
  runButton.disabled = true;
  status.dataset.state = "running";
  status.textContent = "running…";
  for (const id of ["result", "logs", "error", "stats"]) $(id).textContent = "";
  const options = runOptions();
  if (typeof options === "string") {
    status.dataset.state = "error";
    status.dataset.code = "bad-control";
    status.textContent = "check the controls";
    $("error").textContent = options;
    runButton.disabled = false;
    return;
  }
  const onServer = runsOnServer(options.source);
  const result = onServer ? await runOnServer(base, token.value || undefined, options) : await sandbox.run({ ...options, filename: "playground.js" });
  showResult(result, onServer ? "the server" : "this page");
  runButton.disabled = false;
}

$("share").addEventListener("click", () => {
  history.replaceState(null, "", `#code=${toBase64Url(editor.text())}`);
  void navigator.clipboard?.writeText(location.href).catch(() => undefined);
  status.dataset.state = "idle";
  status.textContent = "link in the address bar";
});
token.value = sessionStorage.getItem("capsule-token") ?? "";
token.addEventListener("change", () => {
  sessionStorage.setItem("capsule-token", token.value);
  sandbox.close();
  sandbox = makeSandbox();
  void loadCatalog();
});
$("token-form").addEventListener("submit", (event) => event.preventDefault());
filter.addEventListener("input", renderPacks);
where.addEventListener("change", showWhere);
runButton.addEventListener("click", () => void run());
sandbox.close();
sandbox = makeSandbox();
void loadCatalog();
