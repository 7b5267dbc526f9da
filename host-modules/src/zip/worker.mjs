// Owns the zip worker thread: reads archives (structure checks and capped inflation, inflate.mjs) and builds them
// (fflate), so that no archive's cost lands on the host's main thread. A page holds the file entries from `offset`
// on that fit maxResultBytes; the entries after it are still inflated, so the inflation cap covers the rest of the
// archive whichever page is asked. Refuses a page's first entry alone past maxResultBytes (output-too-large) and an
// archive past maxOutputBytes. Answers { id, op, payload } with { id, ok, value } or { id, ok: false, code, message }.
// Plain JavaScript because worker threads load files as they are; the host-side checks live in index.ts.

import { parentPort } from "node:worker_threads";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { failureOf, refusal } from "../refusal.mjs";
import { firstLine, n, quote } from "../format.mjs";
import { bytesSize, stringSize } from "../result-size.mjs";
import { concat, inflateArchive } from "./inflate.mjs";

/** Entry timestamp: 1980-01-01 00:00 in local fields, so the DOS date is the same in every time zone. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

const OPS = {
  unzip({ fn, bytes, maxEntries, maxBytes, chunkBytes, advice, offset, maxResultBytes }) {
    let used = 0;
    let next = null;
    const kept = inflateArchive(fn, bytes, { maxEntries, maxBytes, chunkBytes, advice, from: offset }, undefined, (file, index) => {
      if (next !== null) return false;
      // A name "\u0000" makes the map cross as tagged pairs: 3 more per entry (the frame holds the tag itself).
      const size = stringSize(file.name) + bytesSize(file.data) + 3;
      if (used + size <= maxResultBytes) {
        used += size;
        return true;
      }
      if (used === 0) {
        throw refusal("output-too-large", `${fn}: entry ${quote(file.name)} inflates to ${n(file.data.length)} bytes, more than one result may carry (${n(maxResultBytes)} bytes)`);
      }
      next = index;
      return false;
    });
    const entries = kept.map((file) => [file.name, file.data]);
    return { value: { entries, next }, transfer: kept.map((file) => file.data.buffer) };
  },

  zip({ fn, list, level, maxOutputBytes }) {
    const encoder = new TextEncoder();
    const chunks = [];
    let size = 0;
    let failure = null;
    const writer = new Zip((error, chunk) => {
      if (error) failure = error;
      else {
        chunks.push(chunk);
        size += chunk.length;
      }
    });
    for (const [name, content] of list) {
      const data = typeof content === "string" ? encoder.encode(content) : content;
      const file = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level });
      file.mtime = FIXED_MTIME;
      writer.add(file);
      file.push(data, true);
      if (size > maxOutputBytes) break;
    }
    writer.end();
    if (failure) throw refusal("internal-error", `could not build the archive: ${firstLine(failure)}`);
    if (size > maxOutputBytes) {
      throw refusal("output-too-large", `${fn}: the archive is over the ${n(maxOutputBytes)}-byte output limit; build smaller archives`);
    }
    const out = concat(chunks, size);
    return { value: out, transfer: [out.buffer] };
  },
};

parentPort.on("message", ({ id, op, payload }) => {
  try {
    const handler = OPS[op];
    if (!handler) throw refusal("internal-error", `unknown operation ${op}`);
    const { value, transfer } = handler(payload);
    parentPort.postMessage({ id, ok: true, value }, transfer);
  } catch (error) {
    const fn = payload?.fn ?? "zip";
    const failed = (e) => (fn === "zip.unzip" ? { code: "parse-failed", message: `${fn}: could not read the archive: ${firstLine(e)}` } : { code: "internal-error", message: firstLine(e) });
    parentPort.postMessage({ id, ok: false, ...failureOf(error, `${fn}: the archive is nested too deeply to read`, failed) });
  }
});
