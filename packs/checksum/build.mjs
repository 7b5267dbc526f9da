// Rebuilds wasm/checksum.wasm from wasm/checksum.wat with wabt (from the npm registry), byte for byte:
// `node packs/checksum/build.mjs` (add `--check` to fail when the committed binary differs).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(new URL("../../compiler/package.json", import.meta.url));
const wabt = await require("wabt")();
const source = readFileSync(new URL("./wasm/checksum.wat", import.meta.url), "utf8");
const module = wabt.parseWat("checksum.wat", source);
module.validate();
const binary = Buffer.from(module.toBinary({ log: false, write_debug_names: false }).buffer);
const target = new URL("./wasm/checksum.wasm", import.meta.url);
if (process.argv.includes("--check")) {
  const committed = readFileSync(target);
  if (!committed.equals(binary)) {
    console.error("packs/checksum/wasm/checksum.wasm differs from a build of checksum.wat: run node packs/checksum/build.mjs");
    process.exit(1);
  }
  console.log("checksum.wasm matches its source");
} else {
  writeFileSync(target, binary);
  console.log(`wrote ${binary.length} bytes`);
}
