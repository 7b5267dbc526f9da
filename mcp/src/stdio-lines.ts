// Owns holding each message on the stdio channel to a size before the SDK's transport reads it. The SDK's
// StdioServerTransport closes itself when its read buffer passes 10 MiB: one over-long line ended the whole
// `capsule mcp` process (exit 0, nothing said), with every run in flight unanswered. Here a line past the cap is cut
// off (a newline ends what was passed of it, so the transport drops it as unparsable), the rest of it is discarded,
// the refusal is reported, and the next line is served as usual. The refusal names the request it refuses when the
// line's id can be read from its first or last bytes (where clients put it: `{"jsonrpc":"2.0","id":7,…` or
// `…,"id":7}`), so the client's request fails at once instead of waiting out its timeout (JSON-RPC's id null answers
// no request).
// Refuses: a line longer than maxLineBytes (reported through onRefused when it ends, with its bytes and its id).

import { Transform, type TransformCallback } from "node:stream";

/** The longest message the Capsule MCP server reads over stdio (the SDK's own read cap). */
export const STDIO_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;
/** Bytes kept of a line's start (of every line) and of a dropped line's end, to read its id from. */
const EDGE_BYTES = 256;
const ID = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")`;
/** The id as the first member (or the second, after jsonrpc) of the line's object, or as its last. */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*,`);
const ID_LAST = new RegExp(String.raw`,\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/** A JSON-RPC id read off a line's edges, or null when neither shows one. */
export function idOfEdges(head: string, tail: string): string | number | null {
  const found = ID_FIRST.exec(head) ?? ID_LAST.exec(tail);
  if (!found) return null;
  try {
    return JSON.parse(found[1]!) as string | number;
  } catch {
    return null;
  }
}

export class LineCap extends Transform {
  private lineBytes = 0;
  private dropping = false;
  /** Lines cut whose unparsable start the transport has yet to report (its error is this refusal's, not another). */
  private cutsUnreported = 0;
  private head: Buffer[] = [];
  private tail = Buffer.alloc(0);

  constructor(private readonly maxLineBytes: number, private readonly onRefused: (bytes: number, id: string | number | null) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, from);
      const end = newline === -1 ? chunk.length : newline;
      const segment = end - from;
      if (this.lineBytes < EDGE_BYTES) this.head.push(Buffer.from(chunk.subarray(from, from + Math.min(segment, EDGE_BYTES - this.lineBytes))));
      if (this.dropping) {
        this.keepTail(chunk.subarray(from, end));
        this.lineBytes += segment;
      } else if (this.lineBytes + segment > this.maxLineBytes) {
        // What was passed of the line is ended here: the transport reads it as one unparsable message and clears it.
        // Counted before the pushes: the transport may read (and report) the cut line while they run.
        const kept = this.maxLineBytes - this.lineBytes;
        this.dropping = true;
        this.lineBytes += segment;
        this.cutsUnreported++;
        this.keepTail(chunk.subarray(from, end));
        this.push(chunk.subarray(from, from + kept));
        this.push("\n");
      } else {
        this.push(chunk.subarray(from, newline === -1 ? end : end + 1));
        this.lineBytes += segment;
      }
      if (newline === -1) break;
      this.endLine();
      from = newline + 1;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.endLine();
    done();
  }

  private endLine(): void {
    if (this.dropping) this.onRefused(this.lineBytes, idOfEdges(Buffer.concat(this.head).toString("utf8"), this.tail.toString("utf8")));
    this.dropping = false;
    this.lineBytes = 0;
    this.head = [];
    this.tail = Buffer.alloc(0);
  }

  /** The last EDGE_BYTES of the dropped line so far, with `bytes` after them. */
  private keepTail(bytes: Buffer): void {
    this.tail = Buffer.from(bytes.length >= EDGE_BYTES ? bytes.subarray(bytes.length - EDGE_BYTES) : Buffer.concat([this.tail, bytes]).subarray(-EDGE_BYTES));
  }

  /** Whether a parse error the transport reports is that of a line cut here (then it was answered already). */
  takeCut(): boolean {
    if (this.cutsUnreported === 0) return false;
    this.cutsUnreported--;
    return true;
  }
}
