// The shipped WASM pack through discovery, admission, catalog and a run: bytes in, numbers and bytes out.
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "./support/shipped-catalog.js";

const { catalog } = await shippedCatalog();
const sandbox = await shippedSandbox();

describe("@capsule/checksum", () => {
  it("is admitted as a wasm module with a facade and its binary's digest", () => {
    const entry = catalog.modules.find((m) => m.specifier === "@capsule/checksum") as unknown as { kind: string; exports: string[]; wasm: { sha256: string } };
    expect(entry.kind).toBe("wasm");
    expect(entry.exports).toEqual(["add", "adler32", "crc32", "default", "reverse"]);
    expect(entry.wasm.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("computes checksums over guest bytes like Node's zlib", async () => {
    const data = new TextEncoder().encode("hello capsule ".repeat(1000));
    const result = await sandbox.run({
      source: `import checksum, { crc32, adler32, reverse, add } from "@capsule/checksum";
        const data = new TextEncoder().encode("hello capsule ".repeat(1000));
        return [await crc32(data), await adler32(new TextEncoder().encode("hello")), Array.from(await reverse(new Uint8Array([1, 2, 3]))), await add(2, 3), typeof checksum.crc32];`,
      limits: { wallMs: 60_000 },
    });
    expect(result.ok ? result.value : result.error).toEqual([zlibCrc32(data) | 0, 103547413, [3, 2, 1], 5, "function"]);
  });

  it("refuses arguments outside the contract, catchably", async () => {
    const result = await sandbox.run({ source: `import { add } from "@capsule/checksum"; try { await add(2 ** 31, 1) } catch (e) { return [e.name, e.message] }` });
    expect(result.ok && result.value).toEqual(["WasmCallError", expect.stringMatching(/^wasm-argument-invalid/)]);
  });
});
