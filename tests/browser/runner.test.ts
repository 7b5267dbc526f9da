// @capsule/browser as a third-party page embeds it: loaded from the page's own origin (not cross-origin isolated),
// modules fetched cross-origin from the catalog server; and the same library on the isolated playground origin.
// Results must match the Node runtime's for the same seed and clock.
import { crc32 } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, loadLibrary, openPage, serveEmbedder, servePlayground, SLOW_ENGINE_MS } from "../support/browser.js";
import { shippedSandbox } from "../support/shipped-catalog.js";

let browser: Browser;
let catalogOrigin: string;
let embedderOrigin: string;
let embedder: Page;
let playground: Page;

beforeAll(async () => {
  const [b, catalog, embedderAt] = await Promise.all([launchChromium(), servePlayground(), serveEmbedder()]);
  browser = b;
  catalogOrigin = catalog;
  embedderOrigin = embedderAt;
  embedder = await openPage(browser, `${embedderOrigin}/`);
  playground = await openPage(browser, `${catalogOrigin}/playground/`);
  await Promise.all([loadLibrary(embedder, "/lib/capsule-browser.js"), loadLibrary(playground, "/playground/capsule-browser.js")]);
}, 60_000);

type Library = { createBrowserSandbox(options?: object): { run(request: object): Promise<{ ok: boolean; value?: unknown }>; close(): void } };

interface Scenario {
  source: string;
  request?: Record<string, unknown>;
  /** Page-side host functions / modules, as source text of an object literal (functions cannot cross from Node). */
  hostFunctions?: string;
  hostModules?: string;
  runs?: number;
}

/** Runs `scenario` in `page` through its loaded library, returning each run's result as JSON-safe data. */
function runIn(page: Page, scenario: Scenario) {
  return page.evaluate(
    async ({ catalogUrl, scenario }) => {
      const { createBrowserSandbox } = (window as unknown as { capsule: Library }).capsule;
      const literal = (text?: string) => (text ? new Function(`return (${text});`)() : undefined);
      const sandbox = createBrowserSandbox({ catalogUrl, hostFunctions: literal(scenario.hostFunctions), hostModules: literal(scenario.hostModules) });
      const results: unknown[] = [];
      for (let i = 0; i < (scenario.runs ?? 1); i++) {
        const r = (await sandbox.run({ source: scenario.source, ...scenario.request })) as { ok: boolean; value?: unknown };
        results.push(JSON.parse(JSON.stringify({ ...r, value: r.ok && r.value instanceof Uint8Array ? [...r.value] : r.ok ? r.value : undefined })));
      }
      sandbox.close();
      return results;
    },
    { catalogUrl: catalogOrigin, scenario },
  );
}
const embedded = async (scenario: Scenario) => (await runIn(embedder, scenario))[0];

describe("the browser runner embedded in a page of another origin", () => {
  it("is not cross-origin isolated there, and still runs guests", async () => {
    expect(await embedder.evaluate(() => crossOriginIsolated)).toBe(false);
    expect((await embedded({ source: "return [1 + 1, typeof SharedArrayBuffer]" })).value).toEqual([2, "undefined"]);
  });

  it("gives the same deterministic clock and random numbers as the Node runtime", async () => {
    const source = "return { now: Date.now(), iso: new Date().toISOString(), r: [Math.random(), Math.random()], tz: new Date().getTimezoneOffset() };";
    const request = { seed: 1234, now: "2026-03-04T05:06:07Z" };
    const node = await (await shippedSandbox()).run({ source, ...request });
    const inBrowser = await embedded({ source, request });
    expect(node.ok && inBrowser.ok).toBe(true);
    expect(inBrowser.value).toEqual((node as { value: unknown }).value);
  });

  it("loads the guest files split into parts (Intl, URL: embedded by the build) and gives the Node runtime's results", async () => {
    const source = `const u = new URL("http://b\u00fccher.example:8080/a/../b?x=1#h");
      return [(1234.5).toLocaleString("de"), new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }).format(0),
        new Intl.PluralRules("en").select(1), u.href, u.searchParams.get("x"), new Date(0).toLocaleDateString("en-GB")];`;
    const node = await (await shippedSandbox()).run({ source });
    const inBrowser = await embedded({ source });
    expect(node.ok && inBrowser.ok).toBe(true);
    expect(inBrowser.value).toEqual((node as { value: unknown }).value);
    expect(inBrowser.value).toEqual(["1.234,5", "1 janvier 1970", "one", "http://xn--bcher-kva.example:8080/b?x=1#h", "1", "01/01/1970"]);
  });

  it("imports guest packs cross-origin from the catalog server", async () => {
    const out = await embedded({ source: 'import yaml from "@capsule/yaml";\nreturn yaml.dump({ a: [1, 2] });' });
    expect(out.value).toBe("a:\n  - 1\n  - 2\n");
  });

  it("runs WASM exports in the page with bytes both ways", async () => {
    const out = await embedded({ source: 'import checksum from "@capsule/checksum";\nconst data = new TextEncoder().encode("hello capsule");\nreturn [await checksum.crc32(data), [...await checksum.reverse(new Uint8Array([1, 2, 3]))]];' });
    expect(out.value).toEqual([crc32("hello capsule") | 0, [3, 2, 1]]);
  });

  it("calls a host module the page supplies, and the page's host functions", async () => {
    const out = await embedded({
      source: 'import { stringify } from "@capsule/csv";\nreturn [await stringify([{ a: 1 }]), await app.greet("guest")];',
      hostModules: '{ "capsule.csv": { stringify: (rows) => "page csv of " + rows.length + " row(s)" } }',
      hostFunctions: "{ app: { greet: async (name) => 'hello ' + name } }",
    });
    expect(out.value).toEqual(["page csv of 1 row(s)", "hello guest"]);
  });

  it("stops a run at its wall clock by terminating the worker, and the next run gets a fresh one", async () => {
    const [stuck, next] = await runIn(embedder, {
      source: "await app.never(); return 'unreachable';",
      hostFunctions: "{ app: { never: () => new Promise(() => {}) } }",
      request: { limits: { wallMs: 300 } },
      runs: 2,
    });
    expect(stuck.error.code).toBe("E_WALL_TIME");
    expect(next.error.code).toBe("E_WALL_TIME");
    const after = await embedded({ source: "return 'fresh'" });
    expect(after.value).toBe("fresh");
  });

  it("enforces memory and host-call limits and keeps host paths out of guest errors", async () => {
    expect((await embedded({ source: "const a = []; for (;;) a.push(new Array(100000).fill(1));", request: { limits: { memoryBytes: 8 * 1024 * 1024 } } })).error.code).toBe("E_MEMORY");
    const calls = await embedded({ source: "for (let i = 0; i < 5; i++) await app.ping(); return 'done';", hostFunctions: "{ app: { ping: () => 1 } }", request: { limits: { hostCalls: 3 } } });
    expect(calls.error.code).toBe("E_HOST_CALL_LIMIT");
    const thrown = await embedded({ source: "try { await app.fail(); } catch (e) { return e.message; }", hostFunctions: "{ app: { fail: () => { throw new Error('cannot open /home/alice/secret.txt'); } } }" });
    expect(thrown.value).toBe("cannot open <host>");
  });

  it("says which catalog server it could not reach, and runs guests without imports regardless", async () => {
    const out = await embedder.evaluate(async () => {
      const { createBrowserSandbox } = (window as unknown as { capsule: Library }).capsule;
      const sandbox = createBrowserSandbox({ catalogUrl: "http://127.0.0.1:9/" });
      const results = [await sandbox.run({ source: 'import yaml from "@capsule/yaml";\nreturn 1;' } as object), await sandbox.run({ source: "return 2;" } as object)];
      sandbox.close();
      return JSON.parse(JSON.stringify(results)) as Array<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;
    });
    expect(out[0].error).toMatchObject({ code: "E_IMPORT_UNRESOLVED", message: expect.stringContaining("cannot reach the catalog server at http://127.0.0.1:9") });
    expect(out[1].value).toBe(2);
  });

  it("refuses what the Node runtime refuses, with the same codes", async () => {
    expect((await embedded({ source: 'import x from "@capsule/nope";\nreturn x;' })).error.code).toBe("E_IMPORT_UNRESOLVED");
    expect((await embedded({ source: 'import yaml from "@capsule/yaml";\nreturn 1;', request: { allow: ["@capsule/decimal"] } })).error.code).toBe("E_IMPORT_NOT_ALLOWED");
    expect((await embedded({ source: 'import bridge from "capsule:bridge";\nreturn 1;' })).error.code).toMatch(/E_IMPORT_(REFUSED|UNRESOLVED)/);
    expect((await embedded({ source: "return 1", request: { limits: { cpuMs: -1 } } })).error.code).toBe("E_BAD_LIMIT");
    const drifted = { pins: { "@capsule/yaml": "0".repeat(64) } };
    const warned = await embedded({ source: 'import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1");', request: drifted });
    expect(warned.value).toEqual({ a: 1 });
    expect(warned.warnings).toEqual([expect.objectContaining({ code: "W_DIGEST_DRIFT" })]);
    expect((await embedded({ source: 'import yaml from "@capsule/yaml";\nreturn 1;', request: { ...drifted, strictPins: true } })).error.code).toBe("E_DIGEST_DRIFT");
  });
});

describe("trace and policy in the browser runner", () => {
  it("traces the run with the Node runtime's events and denies an ungranted side-effecting call", async () => {
    const { events, result } = await embedder.evaluate(async (catalogUrl) => {
      const capsule = (window as unknown as { capsule: Library & { sideEffecting<F>(fn: F): F; defaultPolicy(o?: object): unknown } }).capsule;
      const events: Array<Record<string, unknown>> = [];
      const sandbox = capsule.createBrowserSandbox({
        catalogUrl,
        onEvent: (event: Record<string, unknown>) => events.push(event),
        policy: capsule.defaultPolicy(),
        hostFunctions: { app: { read: () => "data", charge: capsule.sideEffecting(() => "charged") } },
      });
      const result = await sandbox.run({
        source: 'import checksum from "@capsule/checksum";\nconsole.log("hi");\nconst sum = await checksum.add(1, 2);\nconst read = await app.read();\ntry { await app.charge(); } catch (e) { return [sum, read, e.message]; }',
      } as object);
      sandbox.close();
      return { events: JSON.parse(JSON.stringify(events)), result: JSON.parse(JSON.stringify(result)) };
    }, catalogOrigin);
    expect(result.value[0]).toBe(3);
    expect(result.value[1]).toBe("data");
    expect(result.value[2]).toMatch(/E_POLICY_DENIED: app\.charge has side effects/);
    const types = events.map((e: { type: string }) => e.type);
    expect(types[0]).toBe("run.start");
    expect(types.at(-1)).toBe("run.end");
    expect(events.find((e: { type: string }) => e.type === "console")).toMatchObject({ level: "log", message: "hi" });
    const calls = events.filter((e: { type: string }) => e.type === "call");
    expect(calls.map((c: { kind: string; target: string; ok: boolean }) => [c.kind, c.target, c.ok])).toEqual([
      ["wasm", "wasm:@capsule/checksum", true],
      ["host-function", "app.read", true],
      ["host-function", "app.charge", false],
    ]);
    expect(events.filter((e: { type: string }) => e.type === "policy").map((e: { allowed: boolean }) => e.allowed)).toEqual([true, true, false]);
    expect(events.map((e: { seq: number }) => e.seq)).toEqual(events.map((_: unknown, i: number) => i + 1));
  });
});

describe("TypeScript in the browser runner", () => {
  it("strips types and runs the program, as the Node runtime does", async () => {
    const source = 'import yaml from "@capsule/yaml";\ninterface Doc { a: number }\nconst pick = <T,>(v: T): T => v;\nconst doc = yaml.load("a: 41") as Doc;\nreturn pick<number>(doc.a + 1);';
    expect((await embedded({ source, request: { filename: "main.ts" } })).value).toBe(42);
  });

  it("reports a syntax error at the user's line, and a thrown error's stack at the user's line", async () => {
    const bad = await embedded({ source: "const x: number = 1;\nconst y = (;\nreturn x;", request: { filename: "main.ts" } });
    expect(bad.error.code).toBe("E_SYNTAX");
    expect(bad.error.message).toContain("main.ts:2:");
    const thrown = await embedded({ source: "type N = number;\nconst n: N = 1;\n\nthrow new RangeError(`bad ${n}`);", request: { filename: "main.ts" } });
    expect(thrown.error.code).toBe("E_GUEST_ERROR");
    expect(thrown.error.guestStack).toContain("main.ts:4");
  });
});

describe("cancelling a queued run", () => {
  it("takes it out of the queue at once, while the run ahead of it goes on", async () => {
    const out = await embedder.evaluate(async (catalogUrl) => {
      const { createBrowserSandbox } = (window as unknown as { capsule: Library }).capsule;
      const sandbox = createBrowserSandbox({ catalogUrl, workers: 1, hostFunctions: { app: { never: () => new Promise(() => {}) } } });
      let aheadDone = false;
      const ahead = sandbox.run({ source: "await app.never();", limits: { wallMs: 3_000 } } as object).then((r) => ((aheadDone = true), r));
      const controller = new AbortController();
      const queued = sandbox.run({ source: "return 1;", signal: controller.signal } as object);
      setTimeout(() => controller.abort(), 100);
      const cancelled = (await queued) as { error?: { code: string; message: string } };
      const aheadStillRunning = !aheadDone;
      const aheadResult = (await ahead) as { error?: { code: string } };
      sandbox.close();
      return { cancelled: cancelled.error, aheadStillRunning, ahead: aheadResult.error?.code };
    }, catalogOrigin);
    expect(out.cancelled).toMatchObject({ code: "E_CANCELLED", message: expect.stringContaining("waited for a free worker") });
    expect(out.aheadStillRunning).toBe(true);
    expect(out.ahead).toBe("E_WALL_TIME");
  });
});

describe("a browser sandbox whose engine is slow to arrive", () => {
  it("does not count the worker loading the engine against a run's wall clock", async () => {
    const out = await embedder.evaluate(
      async ({ catalogUrl, assetsUrl }) => {
        const { createBrowserSandbox } = (window as unknown as { capsule: Library }).capsule;
        const sandbox = createBrowserSandbox({ catalogUrl, assetsUrl, hostFunctions: { app: { never: () => new Promise(() => {}) } } });
        // A wall clock a trivial run meets on any machine, and that the engine's late arrival alone outlasts.
        const quick = (await sandbox.run({ source: "return 1;", limits: { wallMs: 2_000 } })) as { value?: unknown; error?: { code: string } };
        const stalled = (await sandbox.run({ source: "await app.never();", limits: { wallMs: 2_000 } })) as { error?: { code: string } };
        sandbox.close();
        return { quick: quick.value ?? quick.error?.code, stalled: stalled.error?.code };
      },
      { catalogUrl: catalogOrigin, assetsUrl: `${embedderOrigin}/slow-lib/` },
    );
    // The engine arrives SLOW_ENGINE_MS (3x the wall clock) after the run is asked for; the run still has its 2 s.
    expect(SLOW_ENGINE_MS).toBeGreaterThan(2_000 * 2);
    expect(out).toEqual({ quick: 1, stalled: "E_WALL_TIME" });
  });
});

describe("closing a browser sandbox", () => {
  it("ends the run in flight and the queued ones with E_CLOSED, and refuses later runs", async () => {
    const codes = await embedder.evaluate(async (catalogUrl) => {
      const { createBrowserSandbox } = (window as unknown as { capsule: Library }).capsule;
      const sandbox = createBrowserSandbox({ catalogUrl, hostFunctions: { app: { never: () => new Promise(() => {}) } } });
      const running = sandbox.run({ source: "await app.never();", limits: { wallMs: 20_000 } } as object);
      const queued = sandbox.run({ source: "return 1;" } as object);
      await new Promise((resolve) => setTimeout(resolve, 300));
      sandbox.close();
      const results = (await Promise.all([running, queued, sandbox.run({ source: "return 2;" } as object)])) as Array<{ error?: { code: string } }>;
      return results.map((r) => r.error?.code);
    }, catalogOrigin);
    expect(codes).toEqual(["E_CLOSED", "E_CLOSED", "E_CLOSED"]);
  });
});

describe("the browser runner on a cross-origin-isolated page", () => {
  it("stops a run at its wall clock gracefully, keeping its logs", async () => {
    const [out] = await runIn(playground, {
      source: "console.log('before'); await app.never();",
      hostFunctions: "{ app: { never: () => new Promise(() => {}) } }",
      request: { limits: { wallMs: 300 } },
    });
    expect(out.error.code).toBe("E_WALL_TIME");
    expect(out.logs).toEqual([{ level: "log", message: "before" }]);
  });

  it("runs concurrent runs of one sandbox one after another without mixing them", async () => {
    const values = await playground.evaluate(async () => {
      const { createBrowserSandbox } = (window as unknown as { capsule: Library }).capsule;
      const sandbox = createBrowserSandbox();
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => sandbox.run({ source: `globalThis.x = (globalThis.x ?? 0) + ${i}; return globalThis.x;` })));
      sandbox.close();
      return results.map((r) => r.value);
    });
    expect(values).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("warming a browser sandbox", () => {
  it("starts the guest worker loading the engine before any run", async () => {
    const before = embedder.workers().length;
    await embedder.evaluate(async (catalogUrl) => {
      const w = window as unknown as { capsule: Library; warmed: { warm(): void; run(s: string): Promise<{ value?: unknown }>; close(): void } };
      w.warmed = w.capsule.createBrowserSandbox({ catalogUrl }) as unknown as typeof w.warmed;
      w.warmed.warm();
    }, catalogOrigin);
    await expect.poll(() => embedder.workers().length).toBeGreaterThan(before);
    const worker = embedder.workers().at(-1)!;
    expect(worker.url()).toMatch(/\/run-worker\.js$/);
    // Its init has run (engine fetched, authority dropped) with no run asked of it yet.
    await expect.poll(() => worker.evaluate(() => typeof fetch), { timeout: 10_000 }).toBe("undefined");
    const value = await embedder.evaluate(async () => {
      const w = window as unknown as { warmed: { run(s: string): Promise<{ value?: unknown }>; close(): void } };
      const result = await w.warmed.run("return 40 + 2");
      w.warmed.close();
      return result.value;
    });
    expect(value).toBe(42);
  });
});

describe("the runner's own worker realms", () => {
  it("has no network, storage or code-loading APIs once the engine is loaded, nor has the WASM worker (defence in depth)", async () => {
    type Kept = { kept: { run(s: string): Promise<{ value?: unknown }>; close(): void } };
    const first = await embedder.evaluate(async (catalogUrl) => {
      const w = window as unknown as { capsule: Library } & Kept;
      w.kept = w.capsule.createBrowserSandbox({ catalogUrl }) as unknown as Kept["kept"];
      return (await w.kept.run('import checksum from "@capsule/checksum";\nreturn await checksum.add(1, 2);')).value;
    }, catalogOrigin);
    expect(first).toBe(3);
    const guestWorker = embedder.workers().find((w) => w.url().endsWith("/run-worker.js"));
    expect(guestWorker).toBeDefined();
    const reachable = await guestWorker!.evaluate(() =>
      ["fetch", "XMLHttpRequest", "WebSocket", "importScripts", "indexedDB", "caches", "Worker", "BroadcastChannel", "navigator", "location"].filter(
        (name) => (self as unknown as Record<string, unknown>)[name] !== undefined,
      ),
    );
    expect(reachable).toEqual([]);
    const wasmWorker = embedder.workers().find((w) => w.url().endsWith("/wasm-worker.js"));
    expect(await wasmWorker!.evaluate(() => [typeof fetch, typeof importScripts, typeof indexedDB, typeof WebAssembly])).toEqual(["undefined", "undefined", "undefined", "object"]);
    // The same worker still runs guests, with imports (fetched and verified by the page, not the worker).
    const second = await embedder.evaluate(async () => {
      const w = window as unknown as Kept;
      const value = (await w.kept.run('import yaml from "@capsule/yaml";\nreturn yaml.load("b: 2");')).value;
      w.kept.close();
      return value;
    });
    expect(second).toEqual({ b: 2 });
  });
});
