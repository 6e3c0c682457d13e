// A ZIP archive in one pass, for the EPUB (epub.ts). Entries are stored or deflated by Node's own zlib,
// in the order given (an EPUB's `mimetype` first and stored). What never changes between books — the two
// fonts, 930 kB — is deflated once and kept: deflating them again took ~120 ms of every book's 0.9 s
// (issue 34: the book at most 1.5× the bare Typst compile).
import * as zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  /** Kept as it is (pictures, sound, `mimetype`); otherwise deflated. */
  store?: boolean;
  /**
   * The same buffer object comes back, unchanged, in later archives (the fonts): its deflated form is
   * remembered for as long as the buffer lives.
   */
  remember?: boolean;
}

// In every supported Node.js (22.2+); @types/node 20 does not declare it yet.
const crc32 = (zlib as unknown as { crc32: (data: Uint8Array) => number }).crc32;

interface Packed {
  crc: number;
  data: Uint8Array;
}

/** The deflated form of the entries marked `remember`, by buffer object. */
const remembered = new WeakMap<Uint8Array, Packed>();

function deflate(bytes: Uint8Array, remember: boolean): Packed {
  const known = remember ? remembered.get(bytes) : undefined;
  if (known) return known;
  const packed = { crc: crc32(bytes), data: zlib.deflateRawSync(bytes, { level: 6 }) };
  if (remember) remembered.set(bytes, packed);
  return packed;
}

/** MS-DOS time and date, as ZIP keeps them: local time, two-second steps, from 1980. */
function dosTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** The archive of `entries`, in their order, each dated `modified`. */
export function zip(entries: ZipEntry[], modified: Date): Uint8Array {
  const { time, day } = dosTime(modified);
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { crc, data } = entry.store
      ? { crc: crc32(entry.bytes), data: entry.bytes }
      : deflate(entry.bytes, entry.remember === true);
    const method = entry.store ? 0 : 8;
    // Bit 11: the name is UTF-8.
    const flag = name.length === entry.name.length ? 0 : 0x800;
    // The fields both headers share, in the same order: the central one has them 2 bytes further on.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(flag, at);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt16LE(time, at + 4);
      header.writeUInt16LE(day, at + 6);
      header.writeUInt32LE(crc, at + 8);
      header.writeUInt32LE(data.byteLength, at + 12);
      header.writeUInt32LE(entry.bytes.byteLength, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    shared(local, 6);
    name.copy(local, 30);
    const header = Buffer.alloc(46 + name.length);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // version made by
    header.writeUInt16LE(20, 6); // version needed
    shared(header, 8);
    header.writeUInt32LE(offset, 42);
    name.copy(header, 46);
    parts.push(local, data);
    directory.push(header);
    offset += local.length + data.byteLength;
  }
  const directorySize = directory.reduce((sum, header) => sum + header.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  const archive = Buffer.concat([...parts, ...directory, end]);
  return new Uint8Array(archive.buffer, archive.byteOffset, archive.byteLength);
}
