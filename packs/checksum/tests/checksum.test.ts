// The committed binary is exactly what the WAT source builds to (the build uses wabt from the npm registry).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("@capsule/checksum's binary", () => {
  it("rebuilds byte for byte from wasm/checksum.wat", () => {
    const out = spawnSync(process.execPath, [fileURLToPath(new URL("../build.mjs", import.meta.url)), "--check"], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("matches its source");
  });
});
