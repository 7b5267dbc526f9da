// The trace (the runtime's onEvent) and the console come back to the submitter with the result.
import { describe, expect, it } from "vitest";
import type { ToolBelt } from "@capsule/runtime";
import { useFleet } from "./support/fleet.js";

const fleet = useFleet();
const tools: ToolBelt = { "@tools/weather": { today: { description: "Today's weather.", inputSchema: { type: "object" }, handler: ({ city }: { city: string }) => ({ city, sky: "clear" }) } } };

describe("trace and console through Redis", () => {
  it("brings back every event of the run in order, and its console lines in result.logs", async () => {
    const queueName = fleet.name();
    await fleet.worker(queueName, { tools });
    const { result, events } = await fleet.queue(queueName).submit({
      source: `import { today } from "@tools/weather";
        console.log("asking", 1);
        const w = await today({ city: "Oslo" });
        console.warn("sky is", w.sky);
        return w.city;`,
      traceData: true,
    });
    expect(result.ok && result.value).toBe("Oslo");
    expect(result.logs).toEqual([{ level: "log", message: "asking 1" }, { level: "warn", message: "sky is clear" }]);
    expect(events.map((e) => e.type)).toEqual(["run.start", "console", "call", "console", "run.end"]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(events[2]).toMatchObject({ type: "call", kind: "tool", target: "@tools/weather", export: "today", ok: true, args: [{ city: "Oslo" }], result: { city: "Oslo", sky: "clear" } });
    expect(events[4]).toMatchObject({ type: "run.end", ok: true });
  });

  it("traces a failing run to its limit", async () => {
    const queueName = fleet.name();
    await fleet.worker(queueName);
    const { result, events } = await fleet.queue(queueName).submit({ source: "for (;;) {}", limits: { cpuMs: 100, wallMs: 5_000 } });
    expect(!result.ok && result.error.code).toBe("E_CPU_TIME");
    expect(events.filter((e) => e.type === "limit").map((e) => e.type === "limit" && e.code)).toEqual(["E_CPU_TIME"]);
    expect(events.at(-1)).toMatchObject({ type: "run.end", ok: false, code: "E_CPU_TIME" });
  });
});
