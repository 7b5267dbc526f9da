// Owns the list of host modules Capsule ships: the registry pins exactly these descriptors, and the contract tests
// and generated docs walk them. Adding a host module adds one line here. Refuses nothing itself.

import type { HostModuleDescriptor } from "./descriptor.js";
import { csv } from "./csv/descriptor.js";
import { html } from "./html/descriptor.js";
import { xlsx } from "./xlsx/descriptor.js";
import { zip } from "./zip/descriptor.js";
import { ocr } from "./ocr/descriptor.js";

/** Capsule's shipped host modules, in the order their docs list them. */
export const SHIPPED_MODULES: readonly HostModuleDescriptor[] = Object.freeze([csv, html, xlsx, zip, ocr]);
