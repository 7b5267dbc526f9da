// Host work ends with its run: a run stopped by its wall clock, or by its sandbox closing, leaves no host-module
// call running (each one that had not answered is cancelled), and the largest CSV csv.parse accepts comes back
// through a real run without E_HOST_DATA_TOO_LARGE. Outcomes and ordering only, never durations.
import { afterAll, describe, expect, it } from "vitest";
import { createCapsuleDispatcher, defaultRegistry } from "../registry/src/index.js";
import { createSandbox, type HostModuleCall } from "../runtime/src/index.js";
import { SHARED_LIMITS } from "../host-modules/src/limits.js";
import { shippedCatalog } from "./support/shipped-catalog.js";

const { catalog } = await shippedCatalog();

/** A dispatcher that records, for each call, how it settled and whether its run had ended by then. */
function recording() {
  const inner = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const ended = new Set<string>();
  const settled: Promise<{ code: string; afterEnd: boolean }>[] = [];
  let firstCall: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (firstCall = resolve));
  const dispatcher = {
    dispatch(call: HostModuleCall) {
      const result = inner.dispatch(call);
      settled.push(result.then(
        () => ({ code: "ok", afterEnd: ended.has(call.runId) }),
        (e: { code?: string }) => ({ code: e.code ?? "error", afterEnd: ended.has(call.runId) }),
      ));
      firstCall();
      return result;
    },
    endRun(runId: string) {
      ended.add(runId);
      inner.endRun(runId);
    },
    close: () => inner.close(),
  };
  return { dispatcher, ended, settled, started };
}

/**
 * A guest whose html calls outlast its run on any machine: 1 MB of unclosed <div>s is quadratic in parse5 (hours),
 * so each call runs until html.timeoutMs (20 s) unless something stops it.
 */
const BUSY_GUEST = `
  import { text } from "@capsule/html";
  const page = "<div>".repeat(200000);
  await Promise.all(Array.from({ length: 4 }, () => text(page)));
  return "finished";
`;

describe("host work ends with its run", () => {
  it("cancels the html calls a run left when its wall clock ends it", async () => {
    const { dispatcher, ended, settled } = recording();
    const sandbox = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher });
    try {
      const result = await sandbox.run({ source: BUSY_GUEST, limits: { wallMs: 3_000 } });
      // Ended by its wall clock (E_STUCK when its worker had to be terminated to stop it).
      expect(["E_WALL_TIME", "E_STUCK"]).toContain(!result.ok && result.error.code);
      expect(ended.size).toBe(1);
      const outcomes = await Promise.all(settled);
      const late = outcomes.filter((o) => o.afterEnd);
      // Every call that had not answered when the run ended was cancelled, none ran on to its end.
      expect(late.length).toBeGreaterThan(0);
      expect(late.map((o) => o.code)).toEqual(late.map(() => "cancelled"));
    } finally {
      await sandbox.close();
      await dispatcher.close();
    }
  });

  it("cancels them when the sandbox is closed with the run in flight", async () => {
    const { dispatcher, ended, settled, started } = recording();
    const sandbox = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher });
    const run = sandbox.run({ source: BUSY_GUEST, limits: { wallMs: 120_000 } });
    await started;
    await sandbox.close();
    const result = await run;
    expect(result.ok).toBe(false);
    expect(ended.size).toBe(1);
    const outcomes = await Promise.all(settled);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.code !== "cancelled")).toEqual([]);
    await dispatcher.close();
  });
});

describe("results fit the runtime's default hostDataBytes", () => {
  const dispatcher = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const sandbox = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher });
  afterAll(async () => {
    await sandbox.close();
    await dispatcher.close();
  });

  it("returns the largest CSV csv.parse accepts, at its worst-case expansion, in pages", async () => {
    // A long header repeated in every record and a control character in every cell (escaped to six characters):
    // the parsed records are about a thousand times the size of the text. Exactly SHARED_LIMITS.textBytes of it.
    const header = "h".repeat(2_000);
    const body = "\u0001\n";
    const rows = Math.floor((SHARED_LIMITS.textBytes.default - header.length - 1) / body.length);
    let csv = `${header}\n${body.repeat(rows)}`;
    csv += "x".repeat(SHARED_LIMITS.textBytes.default - csv.length); // one last row, to fill the text exactly
    expect(Buffer.byteLength(csv)).toBe(SHARED_LIMITS.textBytes.default);
    const total = rows + 1;
    const result = await sandbox.run<Record<string, unknown>>({
      source: `
        import { parse } from "@capsule/csv";
        const text = await data.csv();
        const first = await parse(text, { header: true });
        const second = await parse(text, { header: true, offset: first.next });
        const last = await parse(text, { header: true, offset: ${total} - 5 });
        return {
          truncated: first.truncated, firstRows: first.rows.length, firstNext: first.next, cell: first.rows[0][first.fields[0]],
          secondRows: second.rows.length, secondNext: second.next, lastRows: last.rows.length, lastNext: last.next,
        };
      `,
      hostFunctions: { data: { csv: () => csv } },
      // The runtime's default hostDataBytes, stated: results are sized to it.
      limits: { wallMs: 240_000, cpuMs: 60_000, memoryBytes: 512 * 1024 * 1024, hostDataBytes: 16 * 1024 * 1024 },
    });
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    if (!result.ok) return;
    const v = result.value;
    expect(v.truncated).toBe(true);
    expect(v.cell).toBe("\u0001");
    expect(v.firstRows as number).toBeGreaterThan(1_000);
    expect(v.firstNext).toBe(v.firstRows);
    expect(v.secondNext).toBe((v.firstRows as number) + (v.secondRows as number));
    expect([v.lastRows, v.lastNext]).toEqual([5, null]);
  }, 240_000);
});
