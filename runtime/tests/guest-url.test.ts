// Tests for runtime/guest/url.js (URL, URLSearchParams): every expression runs in a Capsule sandbox and natively in
// Node 20, and the two results must be equal. Where Node 20 (its Ada 2.9 parser) departs from the URL Standard, the
// guest follows the standard; those cases are asserted on their own, as are the guest's simplifications of UTS #46.
import { describe, expect, it } from "vitest";
import { provideEngine } from "../src/engine-powers.js";
import { templateFor } from "../src/instances.js";
import { DEFAULT_LIMITS } from "../src/limits.js";
import { nodeEngine } from "../src/node-engine.js";
import { useSandbox, valueOf } from "./helpers.js";
import { loadGuest, measureEval } from "./helpers/raw-quickjs.js";
import { IDLE_HOOKS } from "./helpers/template-eval.js";
import {
  INVALID, PARAMS_CASES, PARSE_CASES, SETTER_CASES, randomParseCases, randomSetterCases,
  type ParseCase, type SetterCase,
} from "./helpers/url-cases.js";

const sandbox = useSandbox();
// Shared by both sides: probe() turns a throw into data, parts() reads every getter.
const PRELUDE = `const probe = (f) => { try { return f(); } catch (e) { return { threw: e.name, code: e.code }; } };
const parts = (u) => [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname,
  u.search, u.hash, u.searchParams.toString()];`;
const js = JSON.stringify;
const parseExpr = ([input, base]: ParseCase) => `parts(new URL(${js(input)}${base === undefined ? "" : ", " + js(base)}))`;
const setterExpr = ([href, setter, value]: SetterCase) =>
  `(() => { const u = new URL(${js(href)}); u[${js(setter)}] = ${js(value)}; return parts(u); })()`;

/** Runs the expressions in the guest (one run) and in Node; returns both result lists. */
async function both(exprs: string[]): Promise<[unknown[], unknown[]]> {
  const body = `${PRELUDE}\nreturn [\n${exprs.map((e) => `probe(() => ${e})`).join(",\n")}\n];`;
  const guest = await valueOf<unknown[]>(sandbox, { source: body, limits: { cpuMs: 30_000, wallMs: 60_000 } });
  return [guest, new Function(body)() as unknown[]];
}
async function compare(exprs: string[]) {
  const [guest, native] = await both(exprs);
  exprs.forEach((e, i) => expect(guest[i], e).toEqual(native[i]));
  return guest;
}

describe("parsing, like Node", () => {
  it("special and non-special schemes, credentials, relative references, hosts, paths, file URLs", async () => {
    await compare(PARSE_CASES.map(parseExpr));
  });
  it("canParse and parse agree with the constructor", async () => {
    const cases = [...PARSE_CASES, ...INVALID];
    await compare(cases.map(([i, b]) => `[URL.canParse(${js(i)}${b ? ", " + js(b) : ""}), URL.parse(${js(i)}${b ? ", " + js(b) : ""})?.href ?? null]`));
  });
  it("throws TypeError ERR_INVALID_URL for invalid inputs", async () => {
    const guest = await compare(INVALID.map(parseExpr));
    for (const [i, r] of guest.entries()) expect(r, js(INVALID[i])).toEqual({ threw: "TypeError", code: "ERR_INVALID_URL" });
  });
  it("2,000 generated inputs, with and without bases", async () => {
    await compare(randomParseCases(1, 2000).map(parseExpr));
  });
});

describe("setters, like Node", () => {
  it("each setter, with its state override", async () => {
    await compare(SETTER_CASES.map(setterExpr));
  });
  it("2,000 generated setter calls", async () => {
    await compare(randomSetterCases(2, 2000).map(setterExpr));
  });
});

describe("URLSearchParams, like Node", () => {
  it("construction, methods, iteration, serialization, errors and the link to its URL", async () => {
    await compare(PARAMS_CASES);
  });
});

describe("where Node 20 departs from the URL Standard, the guest follows the standard", () => {
  // Node 20.20's Ada 2.9.2 gives the value in each comment.
  const cases: Array<[string, unknown]> = [
    // a relative reference against a base with an opaque path is a failure unless it is only a fragment
    [`new URL("a#b", "foo:opaque").href`, { threw: "TypeError", code: "ERR_INVALID_URL" }], // "foo:opaque/a#b"
    [`new URL("/a#b", "foo:opaque").href`, { threw: "TypeError", code: "ERR_INVALID_URL" }], // "foo:/a#b"
    // a ".." segment that ends a non-special path leaves an empty segment, as in special URLs
    [`new URL("c:/..").href`, "c:/"], // "c:"
    [`new URL("/..", "foo://h/p/q").href`, "foo://h/"], // "foo://h"
    [`(() => { const u = new URL("foo://h/a"); u.pathname = "%2e%2E"; return u.href; })()`, "foo://h/"], // "foo://h"
    // a URL without a host gains an empty one from host = "" (WPT: "non-spec:/.//p", hostname "" → "non-spec:////p")
    [`(() => { const u = new URL("foo:/p"); u.host = ""; return u.href; })()`, "foo:///p"], // "foo:/p"
    [`(() => { const u = new URL("non-spec:/.//p"); u.hostname = ""; return u.href; })()`, "non-spec:////p"],
    // a host value starting with ":" changes nothing
    [`(() => { const u = new URL("foo://h/"); u.host = ":x"; return u.href; })()`, "foo://h/"], // "foo:///"
    // a host value whose port part does not start with a digit keeps the port, as "h:" does
    [`(() => { const u = new URL("http://a:81/"); u.host = "b:x"; return u.href; })()`, "http://b:81/"], // "http://b/"
    // a port value that does not start with a digit changes nothing, even if it is only a tab
    [`(() => { const u = new URL("http://a:8/"); u.port = "x8"; return u.href; })()`, "http://a:8/"], // "http://a/"
    [`(() => { const u = new URL("http://a:8/"); u.port = "\\t"; return u.href; })()`, "http://a:8/"], // "http://a/"
    // a percent-encoded byte that is not UTF-8 makes a domain invalid
    [`new URL("http://%ff/").href`, { threw: "TypeError", code: "ERR_INVALID_URL" }], // "http://NaNf/"
  ];
  it.each(cases)("%s", async (expr, want) => {
    expect((await both([expr]))[0][0]).toEqual(want);
  });
});

describe("simplified UTS #46 (guest/README.md), where Node rejects or maps otherwise", () => {
  const cases: Array<[string, string]> = [
    ["http://a\u05d5b/", "http://xn--ab-bmd/"], // the Bidi rule is not checked (Node: invalid)
    ["http://a\u24882b/", "http://a1.2b/"], // disallowed compatibility characters map through NFKC (Node: invalid)
    ["http://\u13a4.com/", "http://xn--oz9a.com/"], // toLowerCase, not case folding, for Cherokee (Node: xn--98d.com)
  ];
  it.each(cases)("%s", async (input, href) => {
    expect((await both([`new URL(${js(input)}).href`]))[0][0]).toBe(href);
  });
});

describe("laziness", () => {
  it("the globals stay accessors, and url.js and its parts unevaluated, until a guest touches URL or URLSearchParams", async () => {
    const loads: string[] = [];
    const engine = nodeEngine();
    provideEngine({ ...engine, guestSource: (name) => (loads.push(name), engine.guestSource(name)) });
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    const idle = IDLE_HOOKS;
    const runs = ["[1 + 1, new Intl.NumberFormat('en').format(1), btoa('x')]", "typeof URL", "new URLSearchParams('a=1').size",
      "Object.getOwnPropertyDescriptor(globalThis, 'URL').get === undefined"];
    const seen: unknown[] = [];
    for (const code of runs) {
      template.begin(idle);
      const value = template.ctx.unwrapResult(template.ctx.evalCode(code, "test.js", { type: "global" }));
      seen.push([template.ctx.dump(value), loads.filter((f) => f === "url").length, loads.filter((f) => f.startsWith("url-")).sort()]);
      value.dispose();
      template.end();
    }
    // Each run starts from the template's snapshot, taken before url.js was ever evaluated; its parts load with it.
    const parts = (n: number) => Array.from({ length: n }, () => ["url-host", "url-parser"]).flat().sort();
    expect(seen).toEqual([[[2, "1", "eA=="], 0, []], ["function", 1, parts(1)], [1, 2, parts(2)], [false, 2, parts(2)]]);
  });

  it("in a sandbox run: an accessor before the first touch, the value after it", async () => {
    expect(await valueOf(sandbox, `const before = typeof Object.getOwnPropertyDescriptor(globalThis, "URL").get;
      const p = URLSearchParams; return [before, typeof Object.getOwnPropertyDescriptor(globalThis, "URL").get,
      typeof Object.getOwnPropertyDescriptor(globalThis, "URLSearchParams").value, new URL("http://x/?a=1").searchParams instanceof p]`))
      .toEqual(["function", "function", "function", true]);
  });
});

describe("cost", () => {
  it("evaluates in a fresh context, defining only its completion value", async () => {
    const g = await loadGuest("url.js", "__url");
    expect(g.evalJSON(`[Object.keys(__url).sort(), typeof globalThis.URL, typeof globalThis.URLSearchParams]`))
      .toEqual([["URL", "URLSearchParams"], "undefined", "undefined"]);
    g.dispose();
    const ms = await measureEval("url.js", 20);
    console.log(`url.js first-use eval: median ${ms.toFixed(2)} ms over 20 fresh contexts`);
    expect(ms).toBeGreaterThan(0);
  });
});
