// POST /run of `capsule serve` as a process: programs run under the caller's token (its packs, its limits), within
// the operator's ceilings, with a body cap and an in-flight cap, a host-module pack (@capsule/csv) running through it,
// and answers in the runtime's codec JSON form; refusals have stable codes and HTTP statuses.
import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeValue, encodedFromJson, type EncodedJson, type RunResult } from "../../runtime/src/index.js";
import { capsuleAsync, serve, tempDir, tempHome } from "./helpers.js";

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  const tokens = join(tempDir(), "tokens.json");
  writeFileSync(
    tokens,
    JSON.stringify({
      yaml: ["@capsule/yaml"],
      data: ["@capsule/csv", "@capsule/yaml"],
      tight: { packs: ["@capsule/*"], limits: { cpuMs: 200, wallMs: 10_000 } },
    }),
  );
  const args = ["--home", tempHome(), "--tokens", tokens, "--ceiling", "wallMs=20000", "--ceiling", "cpuMs=30000", "--max-body", "4096", "--max-runs", "1"];
  ({ url, child } = await serve(args));
}, 120_000);

afterAll(async () => {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
});

interface Answer {
  status: number;
  headers: Headers;
  body: { ok?: boolean; code?: string; message?: string; error?: { code: string; message: string }; result?: EncodedJson };
  /** The RunResult decoded from the codec form, when the server ran the program. */
  result?: RunResult;
}

async function post(body: unknown, token: string | null = "data", headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Answer> {
  const res = await fetch(`${url}/run`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
  const parsed = (await res.json()) as Answer["body"];
  return { status: res.status, headers: res.headers, body: parsed, ...(parsed.result ? { result: decodeValue(encodedFromJson(parsed.result)) as RunResult } : {}) };
}

describe("POST /run", () => {
  it("runs a program with its inputs, seed and clock, and answers the RunResult in the codec's JSON form", async () => {
    const out = await post({ source: "console.log('hi', inputs.n);\nreturn { n: inputs.n * 2, big: 10n, m: new Map([['a', 1]]), bytes: new Uint8Array([1, 2]), r: Math.random(), at: new Date().toISOString() };", inputs: { n: 21 }, seed: 7, now: "2020-01-02T03:04:05.000Z" });
    expect(out.status).toBe(200);
    expect(out.body.ok).toBe(true);
    expect(out.result!.ok).toBe(true);
    const value = (out.result as RunResult & { ok: true }).value as Record<string, unknown>;
    expect(value.n).toBe(42);
    expect(value.big).toBe(10n);
    expect(value.m).toEqual(new Map([["a", 1]]));
    expect(value.bytes).toEqual(new Uint8Array([1, 2]));
    expect(value.at).toBe("2020-01-02T03:04:05.000Z");
    expect(out.result!.stats.seed).toBe(7);
    expect(out.result!.logs.map((l) => l.message)).toEqual(["hi 21"]);
    // The same seed gives the same random numbers.
    const again = await post({ source: "return Math.random();", seed: 7 });
    expect((again.result as RunResult & { ok: true }).value).toBe(value.r);
  }, 60_000);

  it("runs a host-module pack the token grants (@capsule/csv), through the server's host modules", async () => {
    const out = await post({ source: 'import { parse } from "@capsule/csv";\nconst { rows } = await parse("a,b\\n1,2\\n3,4", { header: true });\nreturn rows;' });
    expect(out.status).toBe(200);
    expect(out.body.error).toBeUndefined();
    expect((out.result as RunResult & { ok: true }).value).toEqual([{ a: "1", b: "2" }, { a: "3", b: "4" }]);
  }, 60_000);

  it("refuses an import the token does not grant, with the same words whether or not the pack is installed", async () => {
    const denied = await post({ source: 'import { parse } from "@capsule/csv";\nreturn 1;' }, "yaml");
    expect(denied.status).toBe(200);
    expect(denied.body.ok).toBe(false);
    expect(denied.body.error!.code).toBe("E_IMPORT_NOT_ALLOWED");
    expect(denied.body.error!.message).toContain("does not grant pack @capsule/csv");
    const missing = await post({ source: 'import x from "@capsule/not-installed";\nreturn 1;' }, "yaml");
    expect(missing.body.error!.code).toBe("E_IMPORT_NOT_ALLOWED");
    expect(missing.body.error!.message.replaceAll("not-installed", "csv")).toBe(denied.body.error!.message);
    // A path or URL is no package: the client is told what it can import, not a local command or an empty pack name.
    for (const specifier of ["/etc/passwd", "./local.js", "https://example.com/x.js"]) {
      const path = await post({ source: `import x from ${JSON.stringify(specifier)};\nreturn 1;` }, "yaml");
      expect(path.body.error!.message).toBe(`cannot import "${specifier}": a program sent to this server can import only the package specifiers of its catalog (for example "@capsule/yaml"), not files, paths or URLs`);
    }
    const granted = await post({ source: 'import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1");' }, "yaml");
    expect((granted.result as RunResult & { ok: true }).value).toEqual({ a: 1 });
  }, 60_000);

  it("keeps each limit within the token's limits and the operator's ceilings", async () => {
    const aboveOperator = await post({ source: "return 1;", limits: { wallMs: 30_000 } });
    expect(aboveOperator.status).toBe(403);
    expect(aboveOperator.body.code).toBe("run-limit-above-ceiling");
    expect(aboveOperator.body.message).toContain("this server's ceiling of 20,000");
    const aboveToken = await post({ source: "return 1;", limits: { cpuMs: 500 } }, "tight");
    expect(aboveToken.status).toBe(403);
    expect(aboveToken.body.message).toContain("this token's limit of 200");
    // A limit the request does not name still holds: the token's cpuMs stops a loop the default (1 s) would allow longer.
    const loop = await post({ source: "for (;;) {}" }, "tight");
    expect(loop.body.error!.code).toBe("E_CPU_TIME");
    expect(loop.result!.stats.cpuMs).toBeLessThan(1_000);
    // Its hint names this token's cap, not the runtime's ceiling the server would refuse (60,000 ms).
    expect(loop.body.error!.message).toContain("the run already had the most this host allows for limits.cpuMs (200 ms)");
    expect(loop.body.error!.message).not.toContain("60,000");
    const room = await post({ source: "for (;;) {}", limits: { cpuMs: 100 } }, "tight");
    expect(room.body.error!.message).toContain("raise limits.cpuMs (at most 200 ms here)");
    const operator = await post({ source: "for (;;) {}" });
    expect(operator.body.error!.message).toContain("raise limits.cpuMs (at most 30,000 ms here)");
    const within = await post({ source: "return 2;", limits: { cpuMs: 150 } }, "tight");
    expect((within.result as RunResult & { ok: true }).value).toBe(2);
  }, 60_000);

  it("holds an answer to twice the run's resultBytes and logBytes: escaping cannot multiply what the server holds", async () => {
    const limits = { resultBytes: 1_000, logBytes: 20_000 };
    const plain = await post({ source: 'console.log("a".repeat(19000)); return 1;', limits });
    expect((plain.result as RunResult & { ok: true }).logs[0]!.message).toBe("a".repeat(19_000));
    // logBytes counts a line's characters; each U+0001 is six characters in the codec's JSON and seven in the answer's.
    const escaped = await post({ source: 'console.log("\\x01".repeat(19000)); return 1;', limits });
    expect(escaped.status).toBe(200);
    expect(escaped.body.error!.code).toBe("E_RESULT_TOO_LARGE");
    expect(escaped.body.error!.message).toContain("over this server's 107,536 (twice the run's resultBytes and logBytes)");
    expect(escaped.result!.ok).toBe(false);
  }, 60_000);

  it("refuses bodies that are too large, not JSON, not the shape, or not sent as JSON, with stable codes and statuses", async () => {
    const big = await post({ source: `return ${JSON.stringify("x".repeat(5000))}.length;` });
    expect([big.status, big.body.code]).toEqual([413, "run-body-too-large"]);
    expect(big.body.message).toContain("4,096 bytes");
    const notJson = await post("{ source: nope");
    expect([notJson.status, notJson.body.code]).toEqual([400, "run-body-invalid"]);
    const noSource = await post({ inputs: 1 });
    expect([noSource.status, noSource.body.code]).toEqual([400, "run-body-invalid"]);
    expect(noSource.body.message).toContain("source");
    const typo = await post({ source: "return 1", seeds: 3 });
    expect(typo.body.message).toContain('unknown field "seeds"');
    const badSeed = await post({ source: "return 1", seed: 1.5 });
    expect(badSeed.body.message).toContain("seed must be an integer");
    const text = await post({ source: "return 1" }, "data", { "content-type": "text/plain" });
    expect([text.status, text.body.code]).toEqual([415, "run-not-json"]);
    const get = await fetch(`${url}/run`, { headers: { authorization: "Bearer data" } });
    expect(get.status).toBe(405);
    expect(((await get.json()) as { code: string }).code).toBe("method-not-allowed");
  }, 60_000);

  it("uses the same tokens as the catalog: a missing token and an unknown one are told apart", async () => {
    const missing = await post({ source: "return 1" }, null);
    expect([missing.status, missing.body.code]).toEqual([401, "token-required"]);
    const unknown = await post({ source: "return 1" }, "nope");
    expect([unknown.status, unknown.body.code]).toEqual([401, "token-unknown"]);
    // RFC 6750: each 401 names the scheme; a page may read it (and a busy answer's retry-after) across origins.
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="capsule"');
    expect(unknown.headers.get("www-authenticate")).toBe('Bearer realm="capsule", error="invalid_token"');
    expect(unknown.headers.get("access-control-expose-headers")).toMatch(/retry-after/);
  }, 60_000);

  it("answers run-busy beyond --max-runs, and ends a run whose client went away", async () => {
    const controller = new AbortController();
    // Runs until the client goes away: up to 20 s of CPU and wall clock, far beyond the rest of this test.
    const long = post({ source: "for (;;) {}", limits: { cpuMs: 20_000, wallMs: 20_000 } }, "data", {}, controller.signal).catch((error: Error) => error);
    let busy: Answer | undefined;
    for (let i = 0; i < 100 && busy?.status !== 503; i++) {
      busy = await post({ source: "return 1" });
      if (busy.status !== 503) await new Promise((r) => setTimeout(r, 100));
    }
    expect(busy!.status).toBe(503);
    expect(busy!.body.code).toBe("run-busy");
    // A busy server says so before reading a body: this one never sends its body, and is answered all the same.
    const { port, hostname } = new URL(url);
    const early = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(`POST /run HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer data\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk;
        if (answer.includes("\r\n\r\n")) (socket.destroy(), resolve(answer));
      });
      socket.on("error", reject);
    });
    expect(early).toMatch(/^HTTP\/1\.1 503/);
    controller.abort();
    expect(await long).toBeInstanceOf(Error);
    // The aborted run frees its slot well before its limits would have (5 s of tries against 20 s of limits).
    let next: Answer | undefined;
    for (let i = 0; i < 50 && next?.status !== 200; i++) {
      next = await post({ source: "return 3" });
      if (next.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect((next!.result as RunResult & { ok: true }).value).toBe(3);
  }, 60_000);
});

describe("a client that goes away mid-body", () => {
  it("ends only its own request: the server answers the next one (it exited on the aborted body before)", async () => {
    const { port, hostname } = new URL(url);
    for (const framing of ["content-length: 100", "transfer-encoding: chunked"]) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          const body = framing.startsWith("content-length") ? '{"source":' : "a\r\n{\"source\":\r\n";
          socket.write(`POST /run HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer data\r\ncontent-type: application/json\r\n${framing}\r\n\r\n${body}`, () => {
            socket.destroy();
            resolve();
          });
        });
        socket.on("error", reject);
      });
      // Give the server the turn in which the abort reaches it, then ask again.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await post({ source: "return 4" });
      expect([framing, child.exitCode, (next.result as RunResult & { ok: true }).value]).toEqual([framing, null, 4]);
    }
  }, 60_000);
});

describe("capsule serve's run options", () => {
  it("refuses a token with an unknown limit and a --ceiling above the runtime's own as bad usage (exit 2)", async () => {
    const tokens = join(tempDir(), "tokens.json");
    writeFileSync(tokens, JSON.stringify({ t: { packs: ["@capsule/*"], limits: { bogusMs: 5 } } }));
    const badToken = await capsuleAsync(["serve", "--port", "0", "--home", tempHome(), "--tokens", tokens]);
    expect(badToken.status).toBe(2);
    expect(badToken.stderr).toContain("--tokens must be");
    const badCeiling = await capsuleAsync(["serve", "--port", "0", "--home", tempHome(), "--ceiling", "wallMs=999999999999"]);
    expect(badCeiling.status).toBe(2);
    expect(badCeiling.stderr).toContain("at most the runtime's ceiling");
  }, 60_000);
});
