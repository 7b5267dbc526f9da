// Owns the one part of a package's `browser` field the compiler honours: entries mapped to `false`
// ("this file / this builtin is not needed outside Node"). A *file* mapped to false (object-inspect's
// `"./util.inspect.js": false`) is bundled as an empty CommonJS module; a *Node builtin* name mapped to false
// (readable-stream's `"util": false`) is treated as an optional builtin (empty stub, warning). Everything
// else in the field is ignored on purpose — string forms and file→file / package→file replacements switch
// to browser builds, which reach for window/document/fetch — and so are non-builtin package names mapped
// to false (that package is bundled as usual). The field is read from the nearest package.json with a
// `name` above the file (capped at PACKAGE_JSON_MAX_BYTES); one instance caches per folder for one build.

import { promises as fsp } from "node:fs";
import path from "node:path";
import { LIMITS } from "../limits.js";

interface BrowserFalse {
  /** Absolute paths (with the extension variants a resolver would try) mapped to false. */
  files: Set<string>;
  /** Bare specifiers mapped to false. */
  modules: Set<string>;
}

const EXTENSIONS = ["", ".js", ".cjs", ".mjs", ".json", "/index.js"];

function looksLikeFile(key: string): boolean {
  return key.startsWith("./") || key.startsWith("../") || key.startsWith("/") || /\.(c|m)?js$|\.json$/.test(key);
}

async function readManifest(dir: string): Promise<Record<string, unknown> | undefined> {
  const file = path.join(dir, "package.json");
  try {
    const st = await fsp.stat(file);
    if (!st.isFile() || st.size > LIMITS.PACKAGE_JSON_MAX_BYTES.default) return undefined;
    const pkg = JSON.parse(await fsp.readFile(file, "utf8")) as unknown;
    return pkg !== null && typeof pkg === "object" && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function falseEntries(root: string, browser: unknown): BrowserFalse {
  const out: BrowserFalse = { files: new Set(), modules: new Set() };
  if (browser === null || typeof browser !== "object" || Array.isArray(browser)) return out;
  for (const [key, value] of Object.entries(browser as Record<string, unknown>)) {
    if (value !== false || !key) continue;
    if (looksLikeFile(key)) {
      const abs = path.resolve(root, key);
      if (abs !== root && (abs + path.sep).startsWith(root + path.sep)) {
        for (const ext of EXTENSIONS) out.files.add(abs + ext);
      }
    } else {
      out.modules.add(key);
    }
  }
  return out;
}

export class BrowserFalseMap {
  private readonly byDir = new Map<string, Promise<BrowserFalse | undefined>>();

  /** The `false` entries of the package that owns folder `dir` (nearest package.json with a name). */
  private forDir(dir: string): Promise<BrowserFalse | undefined> {
    let p = this.byDir.get(dir);
    if (!p) {
      p = (async () => {
        const pkg = await readManifest(dir);
        if (pkg && typeof pkg.name === "string") return falseEntries(dir, pkg.browser);
        const up = path.dirname(dir);
        return up === dir ? undefined : this.forDir(up);
      })();
      this.byDir.set(dir, p);
    }
    return p;
  }

  /** Whether the loaded file `abs` is mapped to false by its package. */
  async fileIsFalse(abs: string): Promise<boolean> {
    const entries = await this.forDir(path.dirname(abs));
    return entries?.files.has(abs) ?? false;
  }

  /** Whether `specifier` imported by the file `importer` is mapped to false by the importer's package. */
  async moduleIsFalse(importer: string, specifier: string): Promise<boolean> {
    if (!importer || !path.isAbsolute(importer)) return false;
    const entries = await this.forDir(path.dirname(importer));
    return entries?.modules.has(specifier) ?? false;
  }
}
