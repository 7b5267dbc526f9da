// Owns mapping a position in bundled output back to the original input file through esbuild's source map
// (base64 VLQ "mappings", version 3), so findings name the dependency file that caused them. Decodes
// lazily, once, on the first lookup. Refuses (returns undefined for) malformed maps and unmapped positions.

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

interface Segment {
  col: number;
  src: number;
  line: number;
  srcCol: number;
}

export interface OriginalPosition {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

function decodeVlq(segment: string): number[] | undefined {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64_INDEX.get(ch);
    if (digit === undefined) return undefined;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

function decode(mappings: string): Segment[][] | undefined {
  const lines: Segment[][] = [];
  let src = 0;
  let line = 0;
  let srcCol = 0;
  for (const lineText of mappings.split(";")) {
    const segs: Segment[] = [];
    let col = 0;
    if (lineText) {
      for (const s of lineText.split(",")) {
        const f = decodeVlq(s);
        if (!f || f.length === 0) return undefined;
        col += f[0]!;
        if (f.length >= 4) {
          src += f[1]!;
          line += f[2]!;
          srcCol += f[3]!;
          segs.push({ col, src, line, srcCol });
        }
      }
    }
    lines.push(segs);
  }
  return lines;
}

/** Returns a lookup from (1-based line, 1-based column) in the output to the original position. */
export function sourceMapLookup(mapText: string | undefined): (line: number, column: number) => OriginalPosition | undefined {
  let decoded: { lines: Segment[][]; sources: string[] } | null | undefined;
  return (line, column) => {
    if (decoded === undefined) {
      decoded = null;
      try {
        const map = JSON.parse(mapText ?? "") as { version?: number; mappings?: string; sources?: string[] };
        const lines = map.version === 3 && typeof map.mappings === "string" ? decode(map.mappings) : undefined;
        if (lines && Array.isArray(map.sources)) decoded = { lines, sources: map.sources };
      } catch {
        decoded = null;
      }
    }
    if (!decoded) return undefined;
    const segs = decoded.lines[line - 1];
    if (!segs || segs.length === 0) return undefined;
    const col0 = column - 1;
    let lo = 0;
    let hi = segs.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segs[mid]!.col <= col0) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (best < 0) return undefined;
    const s = segs[best]!;
    const file = decoded.sources[s.src];
    return file === undefined ? undefined : { file, line: s.line + 1, column: s.srcCol + 1 };
  };
}
