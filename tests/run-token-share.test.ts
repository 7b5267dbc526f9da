// POST /run keeps places for other tokens (registry/src/run-route.ts): one token may hold at most its share of the
// server's runs in flight (429 run-token-busy), so a client that sends many slow runs cannot lock every other client
// out with run-busy. The handler holds each run until the test lets it go: what is observed is which requests are
// taken and which refused, never how fast.
import { connect, type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createCatalogServer, perTokenShare, type RunAnswer } from "../registry/src/index.js";

const held: Array<() => void> = [];
let heldChanged: () => void = () => {};
/** Runs the handler was given: a refused request must never reach it. */
let handled = 0;
const handler = () => (handled++, new Promise<RunAnswer>((resolve) => (held.push(() => resolve({ ok: true, body: { ok: true } })), heldChanged())));

async function listen(maxInFlight: number, maxInFlightPerToken?: number, tokens: boolean = true) {
  const server = createCatalogServer({
    catalog: { modules: [] } as never,
    ...(tokens ? { tokens: { flood: ["*"], other: ["*"], third: ["*"] } } : {}),
    run: { handler, maxInFlight, ...(maxInFlightPerToken ? { maxInFlightPerToken } : {}) },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (token?: string) =>
    fetch(`${base}/run`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ source: "return 1" }) });
  return Object.assign(post, { port: (server.address() as AddressInfo).port });
}

/** Resolves once `count` runs are held by the handler. */
async function heldReaches(count: number): Promise<void> {
  while (held.length < count) await new Promise<void>((resolve) => (heldChanged = resolve));
}
const releaseAll = () => held.splice(0).forEach((release) => release());

describe("POST /run under one token's flood", () => {
  it("gives one token half the places by default, and the other tokens the rest", async () => {
    expect([perTokenShare(1), perTokenShare(4), perTokenShare(5), perTokenShare(16)]).toEqual([1, 2, 3, 8]);
    const post = await listen(4);
    const taken = [post("flood"), post("flood")];
    await heldReaches(2);
    const refused = await post("flood");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("run-token-busy");
    expect(body.message).toMatch(/this token already runs 2 programs.*await their answers/);
    // The other tokens still get the places the flood could not take.
    taken.push(post("other"), post("third"));
    await heldReaches(4);
    const full = await post("other");
    expect([full.status, ((await full.json()) as { code: string }).code]).toEqual([503, "run-busy"]);
    releaseAll();
    expect((await Promise.all(taken)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // A token's places come back when its runs end.
    const again = [post("flood"), post("flood")];
    await heldReaches(2);
    releaseAll();
    expect((await Promise.all(again)).map((r) => r.status)).toEqual([200, 200]);
    expect([handled, held.length]).toEqual([6, 0]); // the 429 and the 503 ran nothing
  });

  it("takes the operator's share, and has none to keep on a server without tokens", async () => {
    const post = await listen(3, 1);
    const first = post("flood");
    await heldReaches(1);
    expect((await post("flood")).status).toBe(429);
    releaseAll();
    await first;
    const open = await listen(2, undefined, false);
    const both = [open(), open()];
    await heldReaches(2);
    expect((await open()).status).toBe(503);
    releaseAll();
    expect((await Promise.all(both)).map((r) => r.status)).toEqual([200, 200]);
    expect([handled, held.length]).toEqual([9, 0]);
  });

  it("refuses, without running it, a run whose places filled while its body was read", async () => {
    const post = await listen(1);
    const before = handled;
    const body = JSON.stringify({ source: "return 1" });
    // Headers and half the body now (a place is free), the rest once another run holds the only place.
    const socket = connect(post.port, "127.0.0.1");
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("close", () => resolve(text));
    });
    socket.write(`POST /run HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer other\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    const filler = post("flood");
    await heldReaches(1);
    socket.end(body.slice(5));
    expect(await answer).toMatch(/^HTTP\/1\.1 503[\s\S]*"code":"run-busy"/);
    releaseAll();
    expect((await filler).status).toBe(200);
    expect(handled - before).toBe(1);
  });
});
