// Shared by the checkProgram tests: a catalog made by hand for the fixture packs of fixtures/check/packs (docs()
// reads their .d.ts through the roots), and the host functions of the 50-line report program. Not a test file.

import path from "node:path";
import { describeHostFunction } from "@capsule/runtime";
import type { Catalog, CatalogModule } from "../src/index.js";
import { FIXTURES } from "./helpers.js";

export const CHECK_FIXTURES = path.join(FIXTURES, "check");
export const CHECK_ROOTS = [path.join(CHECK_FIXTURES, "packs")];

const module = (specifier: string, exports: string[], kind: CatalogModule["kind"] = "guest"): CatalogModule => ({
  specifier, pack: specifier, version: "1.0.0", kind, sha256: "0".repeat(64), exports, size: 1, summary: "", sourcePath: "/nowhere.js",
});

export const CATALOG: Catalog = {
  version: 1,
  modules: [module("@fx/greet", ["default", "greet", "version"]), module("@fx/plain", ["slug", "words"]), module("@fx/other", ["thing"])],
  pending: [{ specifier: "@fx/hashing", pack: "@fx/hashing", version: "1.0.0", kind: "wasm", status: "pending", summary: "", declaration: { kind: "wasm", file: "h.wasm", exports: {} } }],
  refused: [{ specifier: "@fx/broken", pack: "@fx/broken", code: "npm-module-builtin-import", message: "needs node:fs" }],
};

export const SHOP = {
  shop: {
    listOrders: describeHostFunction(async () => [], {
      signature: "(query: { status: 'open' | 'closed'; limit?: number }) => Promise<Array<{ id: string; customer: string; cents: number; items: string[] }>>",
      description: "Open orders of the current shop.",
    }),
    refund: describeHostFunction(async () => ({ refunded: 0 }), { signature: "(key: string, cents: number) => Promise<{ refunded: number }>", sideEffects: true }),
  },
};
