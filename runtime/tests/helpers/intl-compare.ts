// Shared by the guest Intl tests (guest-intl*.test.ts): runtime/guest/intl.js loaded in a raw QuickJS, and each case
// (one JS expression) evaluated there against the polyfill (bound to `I`) and in Node against the real Intl.
import { afterAll, beforeAll, expect } from "vitest";
import { loadGuest, type Guest } from "./raw-quickjs.js";

export const LOCALES = ["en-US", "en-GB", "en-IN", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "ja-JP", "zh-CN", "ru-RU"];
export const SHORT = ["en", "de", "fr", "es", "pt", "zh"];

/** JS source literal for a value (handles -0, NaN, Infinity, BigInt, Date). */
export function lit(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v === undefined) return "undefined";
  return JSON.stringify(v);
}

export interface Case {
  /** expression run in the guest (I = polyfill Intl, X = helper object) */
  guest: string;
  /** expression run in Node (I = real Intl); defaults to `guest` */
  node?: string;
}

const errName = (e: unknown) => "ERR:" + ((e as Error)?.name ?? String(e));

/** Cases evaluated per guest round trip; between chunks the test yields, so a long comparison never blocks its worker. */
const CHUNK = 400;

/** The guest for one test file (loaded before its tests, disposed after), and the comparisons made against it. */
export function useIntlGuest(file: string) {
  let g: Guest & { evalMs: number };
  let compared = 0;
  beforeAll(async () => {
    g = await loadGuest("intl.js", "__intl");
    g.evalJSON("var I = __intl.Intl, X = __intl; 0");
  });
  afterAll(() => {
    console.log(`${file}: compared ${compared} expressions against Node's Intl`);
    g?.dispose();
  });

  /** Runs the cases in guest round trips of CHUNK cases and returns the mismatches. */
  async function mismatches(cases: Case[]): Promise<string[]> {
    compared += cases.length;
    const got: unknown[] = [];
    for (let at = 0; at < cases.length; at += CHUNK) {
      const body = cases.slice(at, at + CHUNK).map((c) => `try { out.push(${c.guest}); } catch (e) { out.push("ERR:" + e.name); }`).join("\n");
      got.push(...(g.evalJSON(`(function(){ var out = []; ${body}\n return out; })()`) as unknown[]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const bad: string[] = [];
    cases.forEach((c, i) => {
      let want: unknown;
      try {
        // eslint-disable-next-line no-new-func
        want = new Function("I", "X", `return (${c.node ?? c.guest});`)(Intl, undefined);
      } catch (e) {
        want = errName(e);
      }
      const a = JSON.stringify(got[i]), b = JSON.stringify(want);
      if (a !== b) bad.push(`${c.guest}\n    guest: ${a}\n    node:  ${b}`);
    });
    return bad;
  }

  async function expectAllMatch(cases: Case[]) {
    const bad = await mismatches(cases);
    if (bad.length) {
      const n = Number(process.env.MISMATCH_LIMIT ?? 40);
      throw new Error(`${bad.length}/${cases.length} mismatches:\n` + bad.slice(0, n).join("\n") + (bad.length > n ? "\n..." : ""));
    }
    expect(cases.length).toBeGreaterThan(0);
  }

  return {
    mismatches,
    expectAllMatch,
    /** The loaded guest (after beforeAll). */
    guest: () => g,
    /** Counts comparisons a test made itself. */
    count: (n: number) => void (compared += n),
  };
}
