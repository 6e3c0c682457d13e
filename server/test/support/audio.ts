// Small recordings built by hand, in each container the app's MediaRecorder makes (no encoder needed): the
// headers the server reads (type, length) are real, the rest is filler, as nothing is ever decoded.
import { randomBytes } from 'node:crypto';

function filler(size: number): Buffer {
  return randomBytes(Math.max(0, size));
}

/** WebM (EBML DocType "webm"), with a Segment Info Duration when `durationMs` is given (Chrome leaves it out). */
export function webm(
  options: { durationMs?: number; size?: number; docType?: string } = {},
): Buffer {
  const docType = Buffer.from(options.docType ?? 'webm', 'latin1');
  const header = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  const info: Buffer[] = [Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40])];
  if (options.durationMs !== undefined) {
    const duration = Buffer.alloc(11);
    duration.set([0x44, 0x89, 0x88]);
    duration.writeDoubleBE(options.durationMs, 3);
    info.push(duration);
  }
  const infoBody = Buffer.concat(info);
  const head = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]),
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x80 | infoBody.length]),
    infoBody,
  ]);
  return Buffer.concat([head, filler((options.size ?? 4000) - head.length)]);
}

function oggPage(flags: number, granule: bigint, body: Buffer): Buffer {
  const header = Buffer.alloc(28);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x1234, 14);
  header[26] = 1;
  header[27] = body.length;
  return Buffer.concat([header, body]);
}

/** Ogg Opus: an OpusHead page, filler, and a last page whose granule position says the length. */
export function ogg(durationMs: number, size = 4000): Buffer {
  const opusHead = Buffer.alloc(19);
  opusHead.write('OpusHead', 0, 'latin1');
  opusHead[8] = 1;
  opusHead[9] = 1;
  opusHead.writeUInt16LE(312, 10);
  opusHead.writeUInt32LE(48_000, 12);
  const first = oggPage(0x02, 0n, opusHead);
  const last = oggPage(0x04, BigInt(Math.round(durationMs * 48) + 312), Buffer.alloc(10, 1));
  return Buffer.concat([first, filler(size - first.length - last.length), last]);
}

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** MP4 (Safari): ftyp, then moov's mvhd with the duration, then the data. */
export function mp4(durationMs: number, size = 4000): Buffer {
  const ftyp = box('ftyp', Buffer.from('M4A \0\0\0\0M4A isom', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(durationMs), 16);
  const moov = box('moov', box('mvhd', mvhd));
  const head = Buffer.concat([ftyp, moov]);
  return Buffer.concat([head, box('mdat', filler(size - head.length - 8))]);
}

/** ADTS AAC at 44.1 kHz: `frames` frames of 1024 samples each. */
export function aac(frames: number, frameBytes = 200): Buffer {
  const frame = Buffer.alloc(frameBytes);
  frame[0] = 0xff;
  frame[1] = 0xf1;
  frame[2] = (1 << 6) | (4 << 2);
  frame[3] = 0x40 | ((frameBytes >> 11) & 3);
  frame[4] = (frameBytes >> 3) & 0xff;
  frame[5] = ((frameBytes & 7) << 5) | 0x1f;
  frame[6] = 0xfc;
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
