// A pack's package.json is untrusted in kind as well as content: discovery opens it without blocking and judges it on
// the opened descriptor (readCappedSync), so a FIFO is "not a regular file" at once instead of a hang, a symlink
// leaving the pack is refused before it is opened, and no read goes past the cap.

import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { discoverPacks, readCappedSync } from "../src/index.js";
import { tmp } from "./helpers.js";

const problem = (r: Awaited<ReturnType<typeof discoverPacks>>) => r.refused.flatMap((p) => p.diagnostics.map((d) => `${d.code}: ${d.message}`));

describe.skipIf(process.platform === "win32")("an untrusted package.json", () => {
  test("a FIFO or a folder named package.json is refused as not a regular file, without blocking", async () => {
    const root = tmp();
    mkdirSync(path.join(root, "fifo"));
    execFileSync("mkfifo", [path.join(root, "fifo", "package.json")]);
    mkdirSync(path.join(root, "folder", "package.json"), { recursive: true });
    const result = await discoverPacks({ roots: [root] });
    expect(problem(result).sort()).toEqual(["manifest-unreadable: package.json is not a regular file", "manifest-unreadable: package.json is not a regular file"]);
  });

  test("a package.json linked out of the pack is refused as an escape even when what it links to is not a file", async () => {
    const root = tmp();
    mkdirSync(path.join(root, "zero"));
    symlinkSync("/dev/zero", path.join(root, "zero", "package.json"));
    const result = await discoverPacks({ roots: [root] });
    expect(problem(result)).toEqual(["manifest-path-escape: package.json is a symlink leaving the pack folder"]);
  });

  test("readCappedSync reads a file of exactly the cap and refuses one byte more", () => {
    const dir = tmp();
    writeFileSync(path.join(dir, "at"), "x".repeat(16));
    writeFileSync(path.join(dir, "over"), "x".repeat(17));
    expect(readCappedSync(path.join(dir, "at"), 16)).toMatchObject({ ok: true, size: 16 });
    expect(readCappedSync(path.join(dir, "over"), 16)).toMatchObject({ ok: false, reason: "too-large" });
    expect(readCappedSync(path.join(dir, "absent"), 16)).toMatchObject({ ok: false, reason: "missing" });
    expect(readCappedSync("/dev/zero", 16)).toMatchObject({ ok: false, reason: "not-file" });
  });
});
