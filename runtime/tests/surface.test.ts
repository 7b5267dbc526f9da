// The guest surface Capsule adds, through a real sandbox: text encoding, base64 and deterministic Intl.
import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("TextEncoder, TextDecoder, atob and btoa", () => {
  it("round-trip UTF-8 and base64 like Node", async () => {
    const value = await valueOf<unknown[]>(sandbox, `
      const bytes = new TextEncoder().encode("héllo 🌍");
      return [Array.from(bytes), new TextDecoder().decode(bytes), btoa("hello"), atob("aGVsbG8="), bytes instanceof Uint8Array];
    `);
    expect(value).toEqual([[...Buffer.from("héllo 🌍")], "héllo 🌍", "aGVsbG8=", "hello", true]);
  });

  it("throws the named errors the web platform does", async () => {
    expect(await valueOf(sandbox, "try { btoa('é€') } catch (e) { return e.name }")).toBe("InvalidCharacterError");
    expect(await valueOf(sandbox, "try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])) } catch (e) { return e.name }")).toBe("TypeError");
  });
});

describe("Intl basics, deterministic", () => {
  it("formats numbers and currencies like Node for common locales", async () => {
    const value = await valueOf<string[]>(sandbox, `return [
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(1234.5),
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5),
      (1234567.891).toLocaleString("en-US"),
      (0.256).toLocaleString("fr-FR", { style: "percent" }),
    ]`);
    expect(value).toEqual([
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(1234.5),
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5),
      (1234567.891).toLocaleString("en-US"),
      (0.256).toLocaleString("fr-FR", { style: "percent" }),
    ]);
  });

  it("formats dates in UTC like Node", async () => {
    const at = Date.UTC(2025, 2, 14, 15, 9, 26);
    const value = await valueOf<string[]>(sandbox, `const d = new Date(${at}); return [
      d.toLocaleDateString("en-US"), d.toLocaleString("en-GB"),
      new Intl.DateTimeFormat("de-DE", { dateStyle: "full", timeStyle: "short" }).format(d),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    ]`);
    const d = new Date(at);
    expect(value).toEqual([
      d.toLocaleDateString("en-US", { timeZone: "UTC" }),
      d.toLocaleString("en-GB", { timeZone: "UTC" }),
      new Intl.DateTimeFormat("de-DE", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(d),
      "UTC",
    ]);
  });

  it("refuses time zones it cannot know", async () => {
    expect(await valueOf(sandbox, "try { new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York' }) } catch (e) { return e.name }")).toBe("RangeError");
  });

  it("sorts with localeCompare and Intl.Collator", async () => {
    expect(await valueOf(sandbox, "return ['b', 'a', 'é', 'e'].sort((x, y) => x.localeCompare(y))")).toEqual(["a", "b", "e", "é"].sort((x, y) => x.localeCompare(y)));
  });
});
