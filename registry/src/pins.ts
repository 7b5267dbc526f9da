// Owns the shape of a host-module pin and the pins Capsule ships: which host id exists, the one package allowed
// to declare it, its exports with the shape of their arguments, and where its implementation lives.
// Exports and limits come from the pin, never from a pack.

/** The shape one argument must have. `optional` arguments may be omitted or undefined. */
export interface ParamShape {
  name: string;
  type: "string" | "bytes" | "object" | "array" | "number" | "boolean" | "records-or-rows" | "entries";
  optional?: boolean;
}

export interface ExportPin {
  params: readonly ParamShape[];
  /** One line for generated docs. */
  summary: string;
}

export interface HostPin {
  /** Host id, e.g. "capsule.csv". */
  id: string;
  /** The one npm package name allowed to declare this id. */
  package: string;
  exports: Readonly<Record<string, ExportPin>>;
  /** Loads the implementation: an object whose functions are named like the exports. Called once per process. */
  load: () => Promise<Record<string, unknown>>;
}

const options = (optional = true): ParamShape => ({ name: "options", type: "object", optional });

/** Loads a shipped implementation from @capsule/host-modules, lazily: heavy libraries load only when called. */
const hostModule = (name: string) => () => import(`@capsule/host-modules/${name}`) as Promise<Record<string, unknown>>;

const shipped: HostPin[] = [
  {
    id: "capsule.csv",
    package: "@capsule/csv",
    exports: {
      parse: { params: [{ name: "text", type: "string" }, options()], summary: "Parse CSV text into records (header: true) or rows." },
      stringify: { params: [{ name: "rows", type: "records-or-rows" }, options()], summary: "Write records or rows as CSV; escapeFormulae neutralises formula injection." },
    },
    load: hostModule("csv"),
  },
  {
    id: "capsule.html",
    package: "@capsule/html",
    exports: {
      select: { params: [{ name: "html", type: "string" }, { name: "selector", type: "string" }, options()], summary: "Strings for the elements matching a CSS selector (text, an attribute, or HTML)." },
      text: { params: [{ name: "html", type: "string" }, { name: "selector", type: "string", optional: true }], summary: "Visible text of the document or of the matching elements." },
      links: { params: [{ name: "html", type: "string" }, options()], summary: "Links as { href, text } with hrefs resolved against options.base." },
      images: { params: [{ name: "html", type: "string" }, options()], summary: "Images as { src, alt } with srcs resolved against options.base." },
      metadata: { params: [{ name: "html", type: "string" }, options()], summary: "Title, description, canonical URL, language, Open Graph and meta tags." },
    },
    load: hostModule("html"),
  },
  {
    id: "capsule.xlsx",
    package: "@capsule/xlsx",
    exports: {
      read: { params: [{ name: "bytes", type: "bytes" }, options()], summary: "Rows of one sheet of an .xlsx file (formula results, dates as ISO strings)." },
      write: { params: [{ name: "sheets", type: "array" }, options()], summary: "An .xlsx file from [{ name, rows }]." },
    },
    load: hostModule("xlsx"),
  },
  {
    id: "capsule.zip",
    package: "@capsule/zip",
    exports: {
      unzip: { params: [{ name: "bytes", type: "bytes" }, options()], summary: "Entries of a zip as { entries: { path: Uint8Array } }, inflation capped while streaming." },
      zip: { params: [{ name: "entries", type: "entries" }, options()], summary: "A zip file from { path: Uint8Array | string }." },
    },
    load: hostModule("zip"),
  },
  {
    id: "capsule.ocr",
    package: "@capsule/ocr",
    exports: {
      recognize: { params: [{ name: "image", type: "bytes" }, options()], summary: "Text, confidence and words recognised in a PNG or JPEG image." },
    },
    load: hostModule("ocr"),
  },
];

/** The pins Capsule ships; an application may register its own beside them (createRegistry). */
export const SHIPPED_PINS: readonly HostPin[] = Object.freeze(shipped);
