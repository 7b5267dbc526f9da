// How a warm home marks a pack file in its freshness record (catalog-fresh.ts fileStamp): a hash, but a file larger
// than FRESH_HASH_MAX_BYTES is marked by size and time instead of read whole on every command, and anything that is
// not a regular file (a FIFO swapped in) is marked as such without blocking the command.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FRESH_HASH_MAX_BYTES, fileStamp } from "../src/catalog-fresh.js";
import { tempDir } from "./helpers.js";

describe("fileStamp", () => {
  test("a small file is its sha256; a missing one is null", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a.js"), "export const a = 1;\n");
    expect(await fileStamp(join(dir, "a.js"))).toBe(createHash("sha256").update("export const a = 1;\n").digest("hex"));
    expect(await fileStamp(join(dir, "absent.js"))).toBeNull();
  });

  test("a file past FRESH_HASH_MAX_BYTES is marked by its size and time, not hashed", async () => {
    const file = join(tempDir(), "huge.bin");
    writeFileSync(file, "");
    truncateSync(file, FRESH_HASH_MAX_BYTES + 1); // sparse: no disk, and reading it would take 64 MiB of memory
    expect(await fileStamp(file)).toMatch(new RegExp(`^size ${FRESH_HASH_MAX_BYTES + 1} mtime `));
  });

  test.skipIf(process.platform === "win32")("a FIFO is marked as not a regular file without blocking", async () => {
    const fifo = join(tempDir(), "pipe");
    execFileSync("mkfifo", [fifo]);
    expect(await fileStamp(fifo)).toBe("not a regular file");
  });
});
