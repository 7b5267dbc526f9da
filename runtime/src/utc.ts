// Owns this worker realm's notion of local time. QuickJS (through emscripten) asks the hosting realm's Date
// for the local time zone; pinning this realm to UTC keeps the host's zone out of every guest.
// Only ever called inside a sandbox worker thread, whose realm runs nothing but guests.

const LOCAL_TO_UTC = [
  "FullYear", "Month", "Date", "Day", "Hours", "Minutes", "Seconds", "Milliseconds",
] as const;

export function pinRealmToUtc(): void {
  const proto = Date.prototype as unknown as Record<string, unknown>;
  for (const part of LOCAL_TO_UTC) {
    proto[`get${part}`] = proto[`getUTC${part}`];
    if (part !== "Day") proto[`set${part}`] = proto[`setUTC${part}`];
  }
  proto.getTimezoneOffset = () => 0;
}
