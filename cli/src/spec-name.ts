// Owns naming the package an install spec will bring, before npm runs: a registry spec by its text (`name`,
// `name@range`, `@scope/name@tag`), a folder by its package.json, a tarball by the package.json inside it (read from
// the gzip stream, stopping at that entry). So an install can refuse a shipped name before fetching anything, and a
// reinstall of an installed pack gets a fresh copy (its folder is removed from the staging generation first).
// Refuses nothing: a spec it cannot name (a URL, git) is undefined, and the install finds the name from npm's result.

import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";
import { createGunzip } from "node:zlib";

export const isLocalSpec = (spec: string) => spec.startsWith(".") || spec.startsWith("/") || spec.endsWith(".tgz") || spec.endsWith(".tar.gz");

const NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** The package name of a registry spec, or undefined. */
export function registryName(spec: string): string | undefined {
  if (isLocalSpec(spec)) return undefined;
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  const name = at > 0 ? spec.slice(0, at) : spec;
  return NAME.test(name) ? name : undefined;
}

/** `name` of the package.json at the top of an npm tarball (`package/package.json`), read without extracting. */
function tarballName(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const stream = createReadStream(file).pipe(createGunzip());
    let buffer = Buffer.alloc(0);
    let skip = 0;
    let want: number | undefined;
    const done = (name: string | undefined) => {
      stream.destroy();
      resolve(name);
    };
    stream.on("error", () => done(undefined));
    stream.on("end", () => done(undefined));
    stream.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (skip > 0) {
          const n = Math.min(skip, buffer.length);
          buffer = buffer.subarray(n);
          skip -= n;
          if (skip > 0) return;
        }
        if (want !== undefined) {
          if (buffer.length < want) return;
          try {
            const name = (JSON.parse(buffer.subarray(0, want).toString("utf8")) as { name?: unknown }).name;
            return done(typeof name === "string" ? name : undefined);
          } catch {
            return done(undefined);
          }
        }
        if (buffer.length < 512) return;
        const header = buffer.subarray(0, 512);
        if (header.every((b) => b === 0)) return done(undefined);
        const entry = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
        const size = parseInt(header.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
        buffer = buffer.subarray(512);
        if (/^[^/]+\/package\.json$/.test(entry) && size <= 1024 * 1024) want = size;
        else skip = Math.ceil(size / 512) * 512;
      }
    });
  });
}

/** The name `spec` installs, when it can be known before npm runs. */
export async function specName(spec: string): Promise<string | undefined> {
  if (!isLocalSpec(spec)) return registryName(spec);
  const abs = path.resolve(spec);
  if (spec.endsWith(".tgz") || spec.endsWith(".tar.gz")) return tarballName(abs);
  try {
    const name = (JSON.parse(readFileSync(path.join(abs, "package.json"), "utf8")) as { name?: unknown }).name;
    return typeof name === "string" && NAME.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}
