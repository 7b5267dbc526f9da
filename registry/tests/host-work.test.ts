// Host-module work dispatched through the registry knows its run: runs take turns in the modules' pools, and a run
// that ends (endRun) takes its queued and running calls with it. Ordering and outcomes only, never durations.
import { describe, expect, it } from "vitest";
import { createCapsuleDispatcher, createRegistry } from "../src/index.js";

const registry = createRegistry();
const declared = new Map([["capsule.html", "@capsule/html"]]);
/** A document that takes the html worker a while to parse (about a second on a loaded 2-core machine). */
const slow = "<div><p>x</p></div>".repeat(60_000);
const text = (runId: string, html: string) => registry.dispatch({ runId, id: "capsule.html", exportName: "text", args: [html], declared });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

describe("host-module calls of a run", () => {
  it("are cancelled, queued or running, when the run ends; other runs are served", async () => {
    expect(await text("run-warm", "<p>warm</p>")).toBe("warm"); // the implementation is loaded, a worker is up
    const calls = Array.from({ length: 6 }, () => text("run-ended", slow));
    // Dispatch reaches the pool within promise jobs: after one turn of the event loop the first calls are running
    // in workers (each takes far longer than a turn) and the rest are queued. Then the run ends.
    await new Promise((resolve) => setImmediate(resolve));
    registry.endRun!("run-ended");
    const codes = await Promise.all(calls.map(codeOf));
    expect(codes).toEqual(Array(6).fill("cancelled"));
    // Run ids repeat across sandboxes, so the registry remembers nothing of an ended run: the id may be reused.
    expect(await text("run-ended", "<p>reused</p>")).toBe("reused");
    expect(await text("run-next", "<p>next</p>")).toBe("next");
  });

  it("through a sandbox's dispatcher, include a call still on its way in when its run ends", async () => {
    const dispatcher = createCapsuleDispatcher({ registry, catalog: { modules: [] } });
    const call = (runId: string, html: string) => dispatcher.dispatch({ runId, id: "capsule.html", exportName: "text", args: [html], declared });
    const running = call("run-1", slow);
    dispatcher.endRun("run-1");
    expect(await codeOf(running)).toBe("cancelled");
    expect(await codeOf(call("run-1", "<p>late</p>"))).toBe("cancelled");
    expect(await call("run-2", "<p>other</p>")).toBe("other");
    await dispatcher.close();
  });

  it("take turns with other runs: one run's queue does not hold another run's single call", async () => {
    const done: string[] = [];
    const busy = Array.from({ length: 4 }, (_, i) => text("run-busy", slow).then(() => done.push(`busy-${i}`)));
    const single = text("run-single", "<p>one</p>").then(() => done.push("single"));
    await Promise.all([...busy, single]);
    // The busy run holds at most one of the two workers, so the single call is served beside it, not after its
    // queue (which, served first come first served, would put it last, after all four).
    expect(done.indexOf("single")).toBeLessThanOrEqual(2);
  });
});
