// Browser replacement for node:crypto in the runtime's import resolution. The browser runner's resolver always
// gives each module's digest (verified with SubtleCrypto), so the runtime never needs to hash a source here.

export function createHash(): never {
  throw new Error("hashing is unavailable in the browser runner: a resolver must give each module's digest");
}
