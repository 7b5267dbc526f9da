// Owns a run's console output: the lines kept within limits.logLines / limits.logBytes, one truncation notice after
// them, streaming each kept line to the host while the run is traced, and writing each into the run's shared log area
// (log-area.ts) so the lines outlive a worker that is terminated. Refuses lines past the limits (dropped).

import type { Limits } from "./limits.js";
import type { LogAreaWriter } from "./log-area.js";
import type { LogEntry } from "./protocol.js";

const LOG_TRUNCATED = (lines: number, bytes: number) =>
  `[capsule] console output truncated: this run may keep ${lines} lines and ${bytes} bytes (limits.logLines, limits.logBytes)`;

export class GuestConsole {
  readonly lines: LogEntry[] = [];
  truncated = false;
  private bytes = 0;

  constructor(private readonly limits: Pick<Limits, "logLines" | "logBytes">, private readonly stream?: (line: LogEntry) => void, private readonly area?: LogAreaWriter) {}

  log(level: string, message: string): void {
    if (this.truncated) return;
    const { logLines, logBytes } = this.limits;
    if (this.lines.length >= logLines || this.bytes + message.length > logBytes) {
      this.truncated = true;
      this.keep("warn", LOG_TRUNCATED(logLines, logBytes));
      return;
    }
    this.bytes += message.length;
    this.keep(level as LogEntry["level"], message);
  }

  private keep(level: LogEntry["level"], message: string): void {
    this.lines.push({ level, message });
    this.stream?.({ level, message });
    this.area?.append(level, message, this.truncated);
  }
}
