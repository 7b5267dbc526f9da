// Owns the warm home's fast path: <home>/catalog.inputs.json, written beside the catalog by a compile of the home's
// roots, records everything that compile was decided on — the toolchain's build, the roots and every folder in them,
// each pack's own files, the files each guest bundle read (from the compiler's CompileInputs), the ledger, the
// install generation and the operator's policy — and the digest of the catalog it produced. A command that needs the
// catalog re-reads and re-hashes all of that (node builtins only: no compiler, no esbuild, no probe) and, when every
// byte is the same, uses the saved catalog as it is; anything else — a changed or new file, a vanished one, an
// edited catalog, another toolchain build, other roots — means "compile", which writes a new record.
// Refuses nothing: a missing, unreadable or malformed record is simply not fresh.

import { createHash, randomBytes } from "node:crypto";
import { constants, promises as fsp } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalog, CompileInputs } from "@capsule/compiler";
import type { Locations } from "./paths.js";
import { readUntrusted } from "./untrusted-files.js";

const RECORD_VERSION = 1;
const recordPath = (locations: Locations) => path.join(locations.home, "catalog.inputs.json");

/** What is recomputed on every check and compared whole with the record. */
interface Head {
  toolchain: string[];
  roots: Array<{ root: string; entries: string[] }>;
  home: Record<string, string | null>;
}

interface FreshRecord extends Head {
  v: number;
  catalogSha256: string;
  files: CompileInputs["files"];
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * A pack file's mark in the record: its sha256, or, for a file too large for any pack limit, its size and time (not
 * read whole on every command); null when it cannot be read. Opened without blocking and judged on the descriptor: a
 * file swapped for a FIFO between the folder walk and the read would otherwise hang every command.
 */
export async function fileStamp(file: string): Promise<string | null> {
  let handle: FileHandle;
  try {
    handle = await fsp.open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return "not a regular file";
    const tooLarge = (size: number) => `size ${size} mtime ${st.mtimeMs}`;
    if (st.size > FRESH_HASH_MAX_BYTES) return tooLarge(st.size);
    const hash = createHash("sha256");
    // Sized to the file (every pack file is stamped on every command: a 1 MiB buffer each cost ~0.1 s a run).
    const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, st.size + 1));
    for (let total = 0; ; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return hash.digest("hex");
      total += bytesRead;
      if (total > FRESH_HASH_MAX_BYTES) return tooLarge(total);
      hash.update(chunk.subarray(0, bytesRead));
    }
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Pack files larger than this are told apart by size and time (no pack may ship one: the module caps are smaller). */
export const FRESH_HASH_MAX_BYTES = 64 * 1024 * 1024;

const exists = (file: string) => fsp.access(file).then(() => true, () => false);

/**
 * The packages whose code decides a compile (this CLI, the compiler with its probe, the registry's pins, the runtime),
 * each named by its entry file's path, size and modification time: a rebuilt or upgraded toolchain recompiles.
 */
async function toolchain(): Promise<string[]> {
  const own = fileURLToPath(import.meta.url);
  const entries = [own, ...["@capsule/compiler", "@capsule/registry", "@capsule/runtime"].map((name) => fileURLToPath(import.meta.resolve(name)))];
  const stamps = await Promise.all(entries.map(async (file) => {
    const stat = await fsp.stat(file).catch(() => undefined);
    return `${file} ${stat ? `${stat.size} ${stat.mtimeMs}` : "missing"}`;
  }));
  return [process.version, ...stamps];
}

/** Every file of a pack's folder but its node_modules (as the ledger's digest walks it), hashed; symlinks by target. */
async function packFiles(dir: string, out: string[]): Promise<void> {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await packFiles(full, out);
    else if (entry.isSymbolicLink()) out.push(`${full} -> ${await fsp.readlink(full)}`);
    else if (entry.isFile()) out.push(`${full} ${await fileStamp(full)}`);
  }
}

/** A candidate folder of a root, as discovery sees it: its real path, its package.json, and a pack's own files. */
async function candidate(folder: string, out: string[]): Promise<void> {
  const real = await fsp.realpath(folder).catch(() => null);
  out.push(`${folder} => ${real}`);
  if (!real) return;
  const read = readUntrusted(path.join(real, "package.json"));
  // What is not a small regular file is marked by why: discovery refuses it, and a change of reason is noticed.
  const manifest = read.ok ? read.text : null;
  if (!read.ok && read.why !== "missing") out.push(`${real}/package.json ${read.why}`);
  out.push(`${real}/package.json ${manifest === null ? null : sha256(manifest)}`);
  let isPack = false;
  try {
    isPack = manifest !== null && (JSON.parse(manifest) as { capsule?: unknown })?.capsule !== undefined;
  } catch {
    // not JSON: discovery refuses it, and the hash above notices when that changes
  }
  if (isPack) await packFiles(real, out);
}

/** A root's folders (and @scope/ folders) with what discovery reads of each. */
async function rootEntries(root: string): Promise<string[]> {
  const out: string[] = [];
  let names: string[];
  try {
    names = (await fsp.readdir(root)).sort();
  } catch (error) {
    return [`unreadable ${(error as NodeJS.ErrnoException).code ?? "error"}`];
  }
  for (const name of names) {
    const full = path.join(root, name);
    if (name.startsWith("@")) {
      const scoped = await fsp.readdir(full).catch(() => null);
      out.push(`${full}/ ${scoped === null ? null : scoped.sort().join("\0")}`);
      for (const child of scoped?.sort() ?? []) await candidate(path.join(full, child), out);
    } else await candidate(full, out);
  }
  return out;
}

async function head(locations: Locations): Promise<Head> {
  const { home } = locations;
  return {
    toolchain: await toolchain(),
    roots: await Promise.all(locations.roots.map(async (root) => ({ root, entries: await rootEntries(root) }))),
    home: {
      generation: await fsp.realpath(path.join(home, "packs")).catch(() => null),
      ledger: await fileStamp(path.join(home, "ledger.json")),
      packsLedger: await fileStamp(path.join(home, "packs", "ledger.json")),
      policy: await fileStamp(path.join(home, "policy.json")),
    },
  };
}

/** Records what the catalog just saved (its exact text) was compiled from; removes the record when that is unknown. */
export async function writeFreshRecord(locations: Locations, catalogText: string, inputs: CompileInputs | undefined): Promise<void> {
  const file = recordPath(locations);
  if (!inputs?.complete) {
    await fsp.rm(file, { force: true });
    return;
  }
  const record: FreshRecord = { v: RECORD_VERSION, catalogSha256: sha256(catalogText), ...(await head(locations)), files: inputs.files };
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fsp.writeFile(temp, JSON.stringify(record));
    await fsp.rename(temp, file);
  } catch {
    // without a record the next command compiles: slower, never wrong
    await fsp.rm(temp, { force: true });
  }
}

/** The saved catalog when nothing it was compiled from has changed since; undefined means compile. */
export async function freshCatalog(locations: Locations): Promise<Catalog | undefined> {
  try {
    const [recordText, catalogText] = await Promise.all([fsp.readFile(recordPath(locations), "utf8"), fsp.readFile(locations.catalogFile, "utf8")]);
    const record = JSON.parse(recordText) as FreshRecord;
    if (record?.v !== RECORD_VERSION || record.catalogSha256 !== sha256(catalogText) || !Array.isArray(record.files)) return undefined;
    const now = await head(locations);
    if (JSON.stringify(now) !== JSON.stringify({ toolchain: record.toolchain, roots: record.roots, home: record.home })) return undefined;
    for (const { path: file, sha256: expected } of record.files) {
      // null: a file or folder that must stay absent (a closer package.json or node_modules/<dep> would change the bundle).
      if (expected === null ? await exists(file) : (await fileStamp(file)) !== expected) return undefined;
    }
    const catalog = JSON.parse(catalogText) as Partial<Catalog>;
    const ok = catalog && catalog.version === 1 && Array.isArray(catalog.modules) && Array.isArray(catalog.pending) && Array.isArray(catalog.refused);
    return ok ? (catalog as Catalog) : undefined;
  } catch {
    return undefined;
  }
}
