import { readFileSync, writeFileSync } from "node:fs";
import { join as __join } from "node:path"; import { tmpdir as __tmpdir } from "node:os";
const join = __join; const OUT = __join(__tmpdir(), "capsule-intl-data");
import { mkdirSync as __mkdir } from "node:fs"; __mkdir(OUT, { recursive: true });
const f = new URL("../../runtime/guest/intl.js", import.meta.url);
const s = readFileSync(f, "utf8"), d = readFileSync(join(OUT, "data.js"), "utf8");
const a = s.indexOf("  // @@DATA-BEGIN\n") + "  // @@DATA-BEGIN\n".length, b = s.indexOf("  // @@DATA-END");
writeFileSync(f, s.slice(0, a) + d + s.slice(b));
console.log("spliced", Buffer.byteLength(readFileSync(f)));
