// Owns holding each message on the stdio channel to a size before the SDK's transport reads it. The SDK's
// StdioServerTransport closes itself when its read buffer passes 10 MiB: one over-long line ended the whole
// `capsule mcp` process (exit 0, nothing said), with every run in flight unanswered. Here a line past the cap is cut
// off (a newline ends what was passed of it, so the transport drops it as unparsable), the rest of it is discarded,
// the refusal is reported, and the next line is served as usual.
// Refuses: a line longer than maxLineBytes (reported through onRefused when it passes the cap, with the bytes it had).

import { Transform, type TransformCallback } from "node:stream";

/** The longest message the Capsule MCP server reads over stdio (the SDK's own read cap). */
export const STDIO_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

export class LineCap extends Transform {
  private lineBytes = 0;
  private dropping = false;
  /** Lines cut whose unparsable start the transport has yet to report (its error is this refusal's, not another). */
  private cutsUnreported = 0;

  constructor(private readonly maxLineBytes: number, private readonly onRefused: (bytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, from);
      const end = newline === -1 ? chunk.length : newline;
      const segment = end - from;
      if (this.dropping) {
        this.lineBytes += segment;
      } else if (this.lineBytes + segment > this.maxLineBytes) {
        // What was passed of the line is ended here: the transport reads it as one unparsable message and clears it.
        // Counted before the pushes: the transport may read (and report) the cut line while they run.
        const kept = this.maxLineBytes - this.lineBytes;
        this.dropping = true;
        this.lineBytes += segment;
        this.cutsUnreported++;
        this.onRefused(this.lineBytes);
        this.push(chunk.subarray(from, from + kept));
        this.push("\n");
      } else {
        this.push(chunk.subarray(from, newline === -1 ? end : end + 1));
        this.lineBytes += segment;
      }
      if (newline === -1) break;
      this.dropping = false;
      this.lineBytes = 0;
      from = newline + 1;
    }
    done();
  }

  /** Whether a parse error the transport reports is that of a line cut here (then it was answered already). */
  takeCut(): boolean {
    if (this.cutsUnreported === 0) return false;
    this.cutsUnreported--;
    return true;
  }
}
