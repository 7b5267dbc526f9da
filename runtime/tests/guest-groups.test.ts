// Guest files split for size (runtime/guest/README.md): intl.js and url.js take their parts through the prelude's
// guestFile power. A part loads only with its group (a part of the locale data only when a locale it holds is first
// used), once per run, and every file a group may take is one the host
// lets the prelude load (LAZY_GUEST_FILES) and the browser build embeds (GUEST_FILES).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GUEST_FILES, LAZY_GUEST_FILES, provideEngine } from "../src/engine-powers.js";
import { templateFor } from "../src/instances.js";
import { DEFAULT_LIMITS } from "../src/limits.js";
import { nodeEngine } from "../src/node-engine.js";
import { IDLE_HOOKS } from "./helpers/template-eval.js";

/** The code of the Intl group; its locale data comes in three parts, each loaded when a locale it holds is first used. */
const INTL_PARTS = ["intl-core", "intl-date", "intl-number", "intl-services"];
const URL_PARTS = ["url-host", "url-parser"];

describe("guest files split into parts", () => {
  it("every guest script is a known file, and the browser embeds every lazy one", () => {
    const onDisk = readdirSync(new URL("../guest/", import.meta.url)).filter((f) => f.endsWith(".js")).map((f) => f.slice(0, -3));
    expect([...GUEST_FILES].sort()).toEqual(onDisk.sort());
    expect(GUEST_FILES).toEqual(["prelude", ...LAZY_GUEST_FILES]);
  }, 60_000);

  it("load with their group, once each per run, and not before a guest touches the group", async () => {
    const loads: string[] = [];
    const engine = nodeEngine();
    provideEngine({ ...engine, guestSource: (name) => (loads.push(name), engine.guestSource(name)) });
    try {
      const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
      const idle = IDLE_HOOKS;
      const seen: unknown[] = [];
      for (const code of ["1 + 1", "(1234.5).toLocaleString('de') + ' ' + new Intl.PluralRules('en').select(1)",
        "new URL('http://b\u00fccher.example/a').host", "[Intl.DateTimeFormat.name, new URLSearchParams('a=1').get('a')]",
        "[(1).toLocaleString('fr'), (2).toLocaleString('ru'), (3).toLocaleString('es')].join()"]) {
        loads.length = 0;
        template.begin(idle);
        const value = template.ctx.unwrapResult(template.ctx.evalCode(code, "test.js", { type: "global" }));
        seen.push([template.ctx.dump(value), [...loads].sort()]);
        value.dispose();
        template.end();
      }
      expect(seen).toEqual([
        [2, []],
        ["1.234,5 one", ["intl", ...INTL_PARTS, "intl-data-1"].sort()],
        ["xn--bcher-kva.example", ["url", ...URL_PARTS].sort()],
        [["DateTimeFormat", "1"], ["intl", ...INTL_PARTS, "url", ...URL_PARTS].sort()],
        ["1,2,3", ["intl", ...INTL_PARTS, "intl-data-1", "intl-data-2", "intl-data-3"].sort()],
      ]);
    } finally {
      provideEngine(nodeEngine());
    }
  }, 120_000);
});
