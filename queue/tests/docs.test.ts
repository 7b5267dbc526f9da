// queue/README.md's error table is QUEUE_CODES, row for row.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queueCodesTable } from "../src/index.js";

describe("queue/README.md", () => {
  it("lists exactly the queue's codes", () => {
    expect(readFileSync(new URL("../README.md", import.meta.url), "utf8")).toContain(queueCodesTable());
  });
});
