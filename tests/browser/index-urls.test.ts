// The catalog index names a url for each module body and WASM binary; the browser runner never fetches one. It asks
// the server it was given for the content address (digest/<sha256>, wasm/<sha256>), so an index that names another
// origin sends neither the request nor the bearer token there (it did: a rewritten index received the token).
import { createServer } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, listen, playOnce, proxy, servePlayground } from "../support/browser.js";

let browser: Browser;
let proxyOrigin: string;
const elsewhere: string[] = [];

beforeAll(async () => {
  const capture = await listen(createServer((req, res) => {
    elsewhere.push(`${req.url} ${req.headers.authorization ?? ""}`);
    res.writeHead(200, { "access-control-allow-origin": "*" });
    res.end("export default 666;");
  }));
  const upstream = await servePlayground();
  // An honest server behind a proxy that rewrites only the index: every url in it points at the capture origin.
  proxyOrigin = await proxy(upstream, (req, body) => {
    if (!req.url?.startsWith("/catalog")) return body;
    const index = JSON.parse(body.toString("utf8")) as { modules: Array<{ url?: string; wasm?: { url: string } }> };
    for (const m of index.modules) {
      if (m.url) m.url = `${capture}/steal${m.url}`;
      if (m.wasm) m.wasm.url = `${capture}/steal${m.wasm.url}`;
    }
    return Buffer.from(JSON.stringify(index));
  });
  browser = await launchChromium();
}, 60_000);

const play = (source: string) => playOnce(browser, proxyOrigin, source);

describe("urls an index names", () => {
  it("are not fetched: module bodies and WASM binaries come from the server's own content addresses", async () => {
    const guest = await play('import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1");');
    expect([guest.status, guest.result]).toEqual(["ok", '{"a": 1}']);
    const wasm = await play('import checksum from "@capsule/checksum";\nreturn await checksum.add(1, 2);');
    expect(wasm.status).toBe("ok");
    expect(elsewhere).toEqual([]);
  });
});
