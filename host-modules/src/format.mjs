// Owns how worker scripts write numbers, quoted names and library errors into messages (the same forms as check.ts
// and errors.ts on the host, which worker threads cannot import). Refuses to pass on more than a library message's
// first line, cut short; the host scrubs paths from every message a worker sends.

/** 5242880 → "5,242,880". */
export function n(value) {
  return value.toLocaleString("en-US");
}

/** A name quoted for a message, cut to 60 characters. */
export function quote(value) {
  return JSON.stringify(value.length > 60 ? value.slice(0, 60) + "…" : value);
}

/** The first line of a library's error, at most 200 characters. */
export function firstLine(error) {
  const text = String(error?.message ?? error).split("\n", 1)[0] ?? "";
  return (text.length > 200 ? text.slice(0, 200) + "…" : text) || "unknown error";
}
