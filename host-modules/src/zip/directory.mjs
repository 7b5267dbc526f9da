// Owns reading a zip archive's structure: the end-of-central-directory record (and its zip64 form), every central
// directory entry, and the local header each one points at. Refuses, with parse-failed, any archive that two readers
// could read differently: bytes before the first entry or between entries, a central directory that does not end
// at its end record, trailing bytes after it, an entry count, name, method, flag, CRC or size on which the central
// directory and the local header (or data descriptor) disagree, entries out of order or overlapping, multi-disk
// archives, encryption, and compression other than stored (0) and deflate (8). More entries than maxEntries is
// too-many-entries, refused before anything is inflated. Runs inside worker threads (plain JavaScript).

import { refusal } from "../refusal.mjs";
import { n } from "../format.mjs";

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const DESCRIPTOR = 0x08074b50;
const U16 = 0xffff;
const U32 = 0xffffffff;
/** Flag bits both records must agree on: encrypted (0), sizes in a data descriptor (3), UTF-8 names (11). */
const FLAGS_COMPARED = 0x0001 | 0x0008 | 0x0800;

const utf8 = new TextDecoder("utf-8");

/** ISO-8859-1, byte for byte (TextDecoder's "latin1" is windows-1252, which reads 0x80-0x9f differently). */
function latin1(raw) {
  let out = "";
  for (let i = 0; i < raw.length; i += 8192) out += String.fromCharCode(...raw.subarray(i, i + 8192));
  return out;
}

/**
 * @typedef {{ name: string, raw: Uint8Array, method: number, flags: number, crc: number, compressed: number,
 *   size: number, offset: number, dataStart: number, end: number, directory: boolean }} DirectoryEntry
 */

function damaged(fn, why) {
  return refusal("parse-failed", `${fn}: the archive is damaged or ambiguous: ${why}`);
}

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The zip64 extended-information field of an extra block, as the values it replaces (in their fixed order). */
function zip64Values(view, start, length, wanted) {
  const out = [];
  for (let p = start; p + 4 <= start + length; ) {
    const id = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (id === 0x0001) {
      for (let i = 0; i < wanted && 8 * (i + 1) <= size; i++) out.push(Number(view.getBigUint64(p + 4 + 8 * i, true)));
      return out;
    }
    p += 4 + size;
  }
  return out;
}

/** The end record: where the central directory is, how long, how many entries; refuses trailing bytes. */
function findEnd(fn, bytes, view) {
  const last = bytes.length - 22;
  for (let p = last; p >= 0 && p >= last - U16; p--) {
    if (view.getUint32(p, true) !== END) continue;
    // The comment must run exactly to the end: bytes after it are what another reader might take as data.
    if (p + 22 + view.getUint16(p + 20, true) !== bytes.length) continue;
    const record = {
      at: p,
      disk: view.getUint16(p + 4, true),
      cdDisk: view.getUint16(p + 6, true),
      onDisk: view.getUint16(p + 8, true),
      count: view.getUint16(p + 10, true),
      size: view.getUint32(p + 12, true),
      offset: view.getUint32(p + 16, true),
    };
    if (p >= 20 && view.getUint32(p - 20, true) === LOCATOR64) return zip64End(fn, bytes, view, p - 20, record);
    return record;
  }
  throw refusal("parse-failed", `${fn}: the bytes are not a zip archive (no end-of-central-directory record at the end)`);
}

function zip64End(fn, bytes, view, locator, record) {
  const at = Number(view.getBigUint64(locator + 8, true));
  if (view.getUint32(locator + 16, true) !== 1 || at + 56 > locator || view.getUint32(at, true) !== END64) {
    throw damaged(fn, "its zip64 end record is missing or misplaced");
  }
  if (at + 12 + Number(view.getBigUint64(at + 4, true)) !== locator) throw damaged(fn, "its zip64 end record has a wrong length");
  return {
    at,
    disk: view.getUint32(at + 16, true),
    cdDisk: view.getUint32(at + 20, true),
    onDisk: Number(view.getBigUint64(at + 24, true)),
    count: Number(view.getBigUint64(at + 32, true)),
    size: Number(view.getBigUint64(at + 40, true)),
    offset: Number(view.getBigUint64(at + 48, true)),
  };
}

/** One central directory entry at `p`, with zip64 values resolved. */
function centralEntry(fn, bytes, view, p, limit) {
  if (p + 46 > limit || view.getUint32(p, true) !== CENTRAL) throw damaged(fn, "its central directory holds fewer entries than its end record says");
  const nameLength = view.getUint16(p + 28, true);
  const extraLength = view.getUint16(p + 30, true);
  const next = p + 46 + nameLength + extraLength + view.getUint16(p + 32, true);
  if (next > limit) throw damaged(fn, "a central directory entry runs past the directory");
  let compressed = view.getUint32(p + 20, true);
  let size = view.getUint32(p + 24, true);
  let offset = view.getUint32(p + 42, true);
  const wanted = [size, compressed, offset].filter((v) => v === U32).length;
  if (wanted > 0) {
    const values = zip64Values(view, p + 46 + nameLength, extraLength, wanted);
    if (values.length < wanted) throw damaged(fn, "an entry's zip64 sizes are missing");
    if (size === U32) size = values.shift();
    if (compressed === U32) compressed = values.shift();
    if (offset === U32) offset = values.shift();
  }
  if (view.getUint16(p + 34, true) !== 0 && view.getUint16(p + 34, true) !== U16) throw damaged(fn, "an entry lies on another disk");
  return {
    next,
    flags: view.getUint16(p + 8, true),
    method: view.getUint16(p + 10, true),
    crc: view.getUint32(p + 16, true),
    compressed,
    size,
    offset,
    raw: bytes.subarray(p + 46, p + 46 + nameLength),
  };
}

/** Where an entry's bytes end: after its data, and after its data descriptor when it has one (which must agree). */
function entryEnd(fn, view, entry, zip64, limit, label) {
  let end = entry.dataStart + entry.compressed;
  if (end > limit) throw damaged(fn, `the data of ${label} runs into the central directory`);
  if (!(entry.flags & 0x0008)) return end;
  if (end + 4 <= limit && view.getUint32(end, true) === DESCRIPTOR) end += 4;
  const wide = zip64 ? 8 : 4;
  if (end + 4 + 2 * wide > limit) throw damaged(fn, `the data descriptor of ${label} is missing`);
  const read = (at) => (wide === 8 ? Number(view.getBigUint64(at, true)) : view.getUint32(at, true));
  if (view.getUint32(end, true) !== entry.crc || read(end + 4) !== entry.compressed || read(end + 4 + wide) !== entry.size) {
    throw damaged(fn, `the data descriptor of ${label} disagrees with the central directory`);
  }
  return end + 4 + 2 * wide;
}

/** The local header of `entry`: it must agree with the central directory entry; sets dataStart, end and name. */
function checkLocal(fn, bytes, view, entry, limit) {
  const p = entry.offset;
  const label = `entry ${JSON.stringify(latin1(entry.raw.subarray(0, 80)))}`;
  if (p + 30 > limit || view.getUint32(p, true) !== LOCAL) throw damaged(fn, `the central directory points ${label} at bytes that are not a local header`);
  const nameLength = view.getUint16(p + 26, true);
  const extraLength = view.getUint16(p + 28, true);
  entry.dataStart = p + 30 + nameLength + extraLength;
  if (entry.dataStart > limit) throw damaged(fn, `the local header of ${label} runs into the central directory`);
  if (!sameBytes(bytes.subarray(p + 30, p + 30 + nameLength), entry.raw)) throw damaged(fn, `${label} has another name in its local header`);
  const flags = view.getUint16(p + 6, true);
  if ((flags & FLAGS_COMPARED) !== (entry.flags & FLAGS_COMPARED)) throw damaged(fn, `${label} has other flags in its local header`);
  if (view.getUint16(p + 8, true) !== entry.method) throw damaged(fn, `${label} has another compression method in its local header`);
  let compressed = view.getUint32(p + 18, true);
  let size = view.getUint32(p + 22, true);
  const zip64 = compressed === U32 || size === U32;
  if (zip64) {
    const values = zip64Values(view, p + 30 + nameLength, extraLength, 2);
    if (size === U32) size = values.shift();
    if (compressed === U32) compressed = values.shift();
  }
  // With a data descriptor the local header may leave CRC and sizes zero; otherwise they must be the directory's.
  const zeroed = view.getUint32(p + 14, true) === 0 && compressed === 0 && size === 0;
  if (!((entry.flags & 0x0008) && zeroed) && (view.getUint32(p + 14, true) !== entry.crc || compressed !== entry.compressed || size !== entry.size)) {
    throw damaged(fn, `${label} has another CRC or size in its local header than in the central directory`);
  }
  entry.end = entryEnd(fn, view, entry, zip64, limit, label);
}

/**
 * Every entry of the archive in order, checked as the file comment says. Names are decoded as UTF-8 when the entry's
 * UTF-8 flag is set, else as Latin-1 (fflate's rule); a directory entry's name ends in "/".
 * @returns {DirectoryEntry[]}
 */
export function readDirectory(fn, bytes, { maxEntries, advice = "" }) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22) throw refusal("parse-failed", `${fn}: the bytes are not a zip archive (too short)`);
  const end = findEnd(fn, bytes, view);
  if (end.disk !== 0 || end.cdDisk !== 0 || end.onDisk !== end.count) throw damaged(fn, "it spans several disks");
  if (end.count > maxEntries) {
    throw refusal("too-many-entries", `${fn}: the archive has more than ${n(maxEntries)} entries${advice ? `; ${advice}` : ""}`);
  }
  if (end.offset + end.size !== end.at) throw damaged(fn, "its central directory does not end where its end record begins");
  const entries = [];
  let p = end.offset;
  for (let i = 0; i < end.count; i++) {
    const entry = centralEntry(fn, bytes, view, p, end.at);
    p = entry.next;
    if (entry.flags & 0x0001) throw refusal("parse-failed", `${fn}: the archive holds encrypted entries, which are not supported`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw refusal("parse-failed", `${fn}: an entry uses compression method ${entry.method}; only stored (0) and deflate (8) are supported`);
    }
    if (entry.method === 0 && entry.compressed !== entry.size) throw damaged(fn, "a stored entry has two different sizes");
    entries.push(entry);
  }
  if (p !== end.at) throw damaged(fn, "its central directory holds more entries than its end record says");
  // Entries must tile the bytes before the directory exactly, in directory order: nothing hidden between them.
  let expected = 0;
  for (const entry of entries) {
    if (entry.offset !== expected) throw damaged(fn, expected === 0 ? "bytes come before its first entry" : "its entries overlap, leave gaps or are out of order");
    checkLocal(fn, bytes, view, entry, end.offset);
    expected = entry.end;
  }
  if (expected !== end.offset) throw damaged(fn, "bytes lie between its last entry and its central directory");
  return entries.map((e) => {
    const name = e.flags & 0x0800 ? utf8.decode(e.raw) : latin1(e.raw);
    return { ...e, name, directory: name.endsWith("/") };
  });
}
