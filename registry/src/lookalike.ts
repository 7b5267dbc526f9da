// Owns deciding whether a host id or package name merely *looks like* a pinned one: Unicode compatibility
// folding, case, common confusable letters and digits, and separator or scope variations all collapse to one
// skeleton. Refuses nothing itself; the registry turns a skeleton match into a named refusal.

// Letters from other scripts (and digits) that render like Latin letters.
const CONFUSABLES: Record<string, string> = {
  "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x",
  "ѕ": "s", "і": "i", "ј": "j", "ӏ": "l", "ԁ": "d", "ԛ": "q", "ԝ": "w",
  "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
  "0": "o", "1": "l", "3": "e", "5": "s", "ı": "i", "ł": "l", "ø": "o", "ß": "ss",
};

/** The skeleton two names share when a person could mistake one for the other. */
export function skeleton(name: string): string {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  let out = "";
  for (const ch of folded) out += CONFUSABLES[ch] ?? ch;
  // Separators, scope markers and repeated letters are the usual variations of a name.
  return out.replace(/[@/._\-\s]+/g, "").replace(/(.)\1+/g, "$1").replace(/rn/g, "m").replace(/vv/g, "w");
}

/** True when `candidate` differs from `pinned` but shares its skeleton. */
export function isLookalike(candidate: string, pinned: string): boolean {
  return candidate !== pinned && skeleton(candidate) === skeleton(pinned);
}
