// Owns the call that turns on the legacy RegExp statics (`RegExp.$1`–`$9`, `lastMatch`, `leftContext`, …; Annex B's
// proposal, which V8 has and QuickJS does not) for code that reads them: the compiler appends it to such a dependency
// file (compiler/src/bundle/return-this.ts), source.ts to such a program; it reaches the guest prelude's hook
// (guest/prelude.js), so `if (re.test(s)) RegExp.$1` reads what it reads in Node. Off otherwise, since it routes every match through a wrapper. The call is appended to the
// file, not put first, so that a "use strict" directive stays the file's first statement: it runs when the file has
// loaded, before anything can call into it (a file that reads the statics while it loads is not served). Refuses nothing.

/** The statement the prelude's hook is reached by; a no-op where there is no hook (any other engine). */
export const LEGACY_STATICS_HOOK = 'RegExp[Symbol.for("capsule.regexp-legacy-statics")]?.();';

/** `RegExp.$1`, `RegExp.lastMatch`, `RegExp["$&"]`, … (a member read of the RegExp constructor by a legacy name). */
const LEGACY = /\bRegExp\s*(?:\.\s*(?:\$[1-9_&+`']|lastMatch|lastParen|leftContext|rightContext|input)(?![\w$])|\[\s*(["'])(?:\$[1-9_&+`']|lastMatch|lastParen|leftContext|rightContext|input)\1\s*\])/;

export function mentionsLegacyStatics(text: string): boolean {
  return text.includes("RegExp") && LEGACY.test(text);
}

/** The file's text with the hook call after it, or undefined when it reads no legacy static. */
export function withLegacyStatics(text: string): string | undefined {
  return mentionsLegacyStatics(text) ? `${text}\n;${LEGACY_STATICS_HOOK}\n` : undefined;
}
