// Where the built browser runner and playground live, for servers that serve them (capsule serve).
import { fileURLToPath } from "node:url";

export const ASSETS_DIR = fileURLToPath(new URL("./dist/", import.meta.url));
