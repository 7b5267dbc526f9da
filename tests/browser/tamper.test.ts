// A catalog server behind a tampering proxy (a compromised cache or CDN): the browser runner verifies every module
// body and WASM binary against the digest in the index before anything of it runs.
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, playOnce, proxy, servePlayground } from "../support/browser.js";
import { shippedCatalog } from "../support/shipped-catalog.js";

let browser: Browser;
let proxyOrigin: string;
let tamperedFetches = 0;

beforeAll(async () => {
  const { catalog } = await shippedCatalog();
  const yaml = catalog.modules.find((m) => m.specifier === "@capsule/yaml")!;
  const checksum = catalog.modules.find((m) => m.specifier === "@capsule/checksum") as unknown as { wasm: { sha256: string } };
  const upstream = await servePlayground();
  // Forwards everything, but swaps the body of @capsule/yaml's digest URL and flips a byte of the WASM binary.
  proxyOrigin = await proxy(upstream, (req, body) => {
    if (req.url === `/digest/${yaml.sha256}`) {
      tamperedFetches++;
      return Buffer.from('globalThis.tampered = true; export default { load: () => "tampered" };');
    }
    if (req.url === `/wasm/${checksum.wasm.sha256}`) {
      tamperedFetches++;
      const flipped = Buffer.from(body);
      flipped[flipped.length - 1] ^= 0xff;
      return flipped;
    }
    return body;
  });
  browser = await launchChromium();
}, 60_000);

const play = (source: string) => playOnce(browser, proxyOrigin, source);

describe("a tampered module body", () => {
  it("is refused by the digest check before the guest starts", async () => {
    const before = tamperedFetches;
    const out = await play('import yaml from "@capsule/yaml";\nconsole.log("guest ran");\nreturn yaml.load("a: 1");');
    expect(tamperedFetches).toBeGreaterThan(before);
    expect(out.status).toBe("E_MODULE_TAMPERED");
    expect(out.error).toContain('module "@capsule/yaml" was refused: the body served at http://127.0.0.1:');
    expect(out.error).toContain("/digest/");
    expect(out.result).toBe("");
    expect(out.logs).toBe("");
  });

  it("does not stop untampered modules from the same server", async () => {
    const out = await play('import Decimal from "@capsule/decimal";\nreturn new Decimal("0.1").plus("0.2").toString();');
    expect(out.status).toBe("ok");
    expect(out.result).toBe('"0.3"');
  });
});

describe("a tampered WASM binary", () => {
  it("is refused before it is compiled; the guest sees the failed call", async () => {
    const out = await play('import checksum from "@capsule/checksum";\ntry { return await checksum.add(1, 2); } catch (e) { return String(e.message); }');
    expect(out.status).toBe("ok");
    expect(JSON.parse(out.result!)).toMatch(/does not hash to its catalog digest/);
  });
});
