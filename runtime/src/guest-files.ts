// Owns reading the guest-side scripts (runtime/guest/*.js) once per thread.
// Refuses names outside the fixed set, so no caller can make the runtime read another file.

import { readFileSync } from "node:fs";

export type GuestFile = "prelude" | LazyGuestFile;
/** Files the prelude may load on first use. */
export type LazyGuestFile = "console" | "codec" | "text" | "intl";
export const LAZY_GUEST_FILES: readonly string[] = ["console", "codec", "text", "intl"];

const cache = new Map<GuestFile, string>();

export function guestSource(name: GuestFile): string {
  let source = cache.get(name);
  if (source === undefined) {
    source = readFileSync(new URL(`../guest/${name}.js`, import.meta.url), "utf8");
    cache.set(name, source);
  }
  return source;
}
