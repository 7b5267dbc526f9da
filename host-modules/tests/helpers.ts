// Shared test helpers: the code of a refused call, and the prototype-pollution check.

import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { expect, vi } from "vitest";
import { HostModuleError } from "../src/errors.js";

/** The HostModuleError a promise rejects with (fails the test if it resolves or rejects with anything else). */
export async function refusal(promise: Promise<unknown>): Promise<HostModuleError> {
  let result: unknown;
  try {
    result = await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HostModuleError);
    const e = error as HostModuleError;
    expect(e.name).toBe("HostModuleError");
    expect(e.message).not.toMatch(/\/work\/|node_modules|\bat \S+ \(/);
    return e;
  }
  throw new Error(`expected a refusal, got ${JSON.stringify(result)?.slice(0, 200)}`);
}

/** The code a promise is refused with. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  return (await refusal(promise)).code;
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** Object.prototype is as it was when the tests loaded, and nothing reads `polluted` through it. */
export function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

/** `value` is a null-prototype object holding `key` as its own data property equal to `expected`. */
export function expectOwnData(value: unknown, key: string, expected: unknown): void {
  expect(Object.getPrototypeOf(value)).toBeNull();
  const descriptor = Object.getOwnPropertyDescriptor(value as object, key);
  expect(descriptor, `own property ${key}`).toBeDefined();
  expect("value" in descriptor!).toBe(true);
  expect(descriptor!.value).toEqual(expected);
}

/**
 * Replaces every way out to the network (fetch, http(s), net, dns) with a trap that records the attempt and throws;
 * `restore()` puts them back. For tests that run a module's operations on hostile input in-process.
 */
export function trapNetwork(): { calls: string[]; restore(): void } {
  const calls: string[] = [];
  const trap = (name: string) => () => {
    calls.push(name);
    throw new Error(`network used: ${name}`);
  };
  const spies = [
    vi.spyOn(globalThis, "fetch").mockImplementation(trap("fetch")),
    vi.spyOn(http, "request").mockImplementation(trap("http.request")),
    vi.spyOn(http, "get").mockImplementation(trap("http.get")),
    vi.spyOn(https, "request").mockImplementation(trap("https.request")),
    vi.spyOn(https, "get").mockImplementation(trap("https.get")),
    vi.spyOn(net, "connect").mockImplementation(trap("net.connect")),
    vi.spyOn(net, "createConnection").mockImplementation(trap("net.createConnection")),
    vi.spyOn(net.Socket.prototype, "connect").mockImplementation(trap("socket.connect")),
    vi.spyOn(dns, "lookup").mockImplementation(trap("dns.lookup")),
  ];
  return { calls, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
