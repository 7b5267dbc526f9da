// Owns a loopback npm registry for the publish test (not a test file): it serves the tarballs `pnpm pack` made of
// Capsule's own packages, and every third-party package from the repository's pnpm install (each package folder
// under node_modules/.pnpm, which holds that package's published files) as a tarball made here with tar-stream.
// So `npm install` runs as a user's would — packuments, semver ranges, integrity, install scripts — and nothing
// reaches the network. Refuses (404) a name or version it does not hold; every request is logged.
//
// Why not npm's cache: the repository installs with pnpm, whose store is not npm's cache; ~/.npm holds whatever
// else ran on the machine (measured: 221 tarballs, of other versions), so `npm install --offline` fails on the first
// package it lacks.

import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import tar from "tar-stream";

/** name → version → folder, for every package folder (not a link) under <repo>/node_modules/.pnpm. */
function storePackages(repo) {
  const found = new Map();
  const store = join(repo, "node_modules", ".pnpm");
  const add = (dir) => {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      return;
    }
    if (typeof manifest.name !== "string" || typeof manifest.version !== "string") return;
    if (!found.has(manifest.name)) found.set(manifest.name, new Map());
    found.get(manifest.name).set(manifest.version, dir);
  };
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, "node_modules");
    let names;
    try {
      names = readdirSync(modules);
    } catch {
      continue;
    }
    for (const name of names) {
      const full = join(modules, name);
      if (name.startsWith("@")) {
        for (const child of readdirSync(full)) if (lstatSync(join(full, child)).isDirectory()) add(join(full, child));
      } else if (lstatSync(full).isDirectory()) add(full);
    }
  }
  return found;
}

/** Every regular file under `dir` (links skipped: a published tarball holds none), sorted. */
function filesOf(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    const stat = lstatSync(full);
    if (stat.isDirectory()) filesOf(full, out);
    else if (stat.isFile()) out.push({ full, mode: stat.mode & 0o777 });
  }
  return out;
}

/** A gzipped tarball of `dir` with every entry under package/, modes kept (bins and native binaries stay executable). */
async function tarball(dir) {
  const pack = tar.pack();
  const chunks = [];
  pack.on("data", (c) => chunks.push(c));
  const ended = new Promise((resolve, reject) => {
    pack.on("end", resolve);
    pack.on("error", reject);
  });
  for (const { full, mode } of filesOf(dir)) {
    const name = `package/${relative(dir, full).split(sep).join("/")}`;
    const bytes = await readFile(full);
    await new Promise((resolve, reject) => pack.entry({ name, mode, mtime: new Date(0) }, bytes, (e) => (e ? reject(e) : resolve())));
  }
  pack.finalize();
  await ended;
  return promisify(gzip)(Buffer.concat(chunks));
}

/**
 * Starts the registry on 127.0.0.1. `own` maps a package name to the bytes of its `pnpm pack` tarball (with its
 * manifest); they win over a store package of the same name.
 */
export async function startStoreRegistry({ repo, own }) {
  const store = storePackages(repo);
  const requests = [];
  const tarballs = new Map(); // id → bytes
  const packuments = new Map(); // name → promise of its packument (made on first request)
  let url = "";

  const versionsOf = async (name) => {
    const ownPack = own.get(name);
    if (ownPack) return [{ manifest: ownPack.manifest, bytes: ownPack.bytes }];
    const versions = store.get(name);
    if (!versions) return [];
    const out = [];
    for (const dir of versions.values()) {
      out.push({ manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")), bytes: await tarball(dir) });
    }
    return out;
  };

  const makePackument = async (name) => {
    const versions = await versionsOf(name);
    if (!versions.length) return undefined;
    const doc = { name, "dist-tags": {}, versions: {} };
    for (const { manifest, bytes } of versions) {
      const id = `${name.replace("/", "__")}-${manifest.version}.tgz`;
      tarballs.set(id, bytes);
      const { scripts, devDependencies, ...rest } = manifest;
      doc.versions[manifest.version] = {
        ...rest,
        ...(scripts ? { scripts } : {}),
        _id: `${name}@${manifest.version}`,
        dist: {
          tarball: `${url}/-/tarballs/${id}`,
          integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
          shasum: createHash("sha1").update(bytes).digest("hex"),
        },
      };
    }
    // latest: the highest version held (semver order is enough for numeric x.y.z; pre-releases are not served latest).
    const plain = Object.keys(doc.versions).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
    const byNumber = (a, b) => a.split(".").map(Number).reduce((d, n, i) => d || n - Number(b.split(".")[i]), 0);
    doc["dist-tags"].latest = (plain.length ? plain : Object.keys(doc.versions)).sort(byNumber).pop();
    return doc;
  };
  // Made once per name (as a promise: npm may ask for a packument twice at the same time).
  const packument = (name) => {
    if (!packuments.has(name)) packuments.set(name, makePackument(name));
    return packuments.get(name);
  };

  // Every answer closes its connection: a kept-alive socket that the server times out while npm reuses it is
  // a "socket hang up" (seen while big tarballs were being made).
  const server = createServer((req, res) => {
    res.setHeader("connection", "close");
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const reply = async () => {
      if (path.startsWith("/-/tarballs/")) {
        const bytes = tarballs.get(path.slice("/-/tarballs/".length));
        if (bytes) return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(bytes);
      } else {
        const doc = await packument(path.slice(1));
        if (doc) return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(doc));
      }
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    };
    reply().catch((error) => res.writeHead(500).end(String(error)));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    requests,
    storeNames: () => [...store.keys()],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // an idle socket npm left open would hold close() back
      }),
  };
}
