// What a recording is, by its first bytes (never by its name or declared type), and how long it lasts when
// the container says so cheaply: Ogg (the last page's granule position), MP4 (the movie header), WebM (the
// segment's Duration, which browsers' MediaRecorder usually leaves out) and ADTS AAC (its frames counted).
// Nothing is decoded.

export type AudioMime = 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/aac';

export const AUDIO_EXTENSIONS: Record<AudioMime, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
};

function isAdtsHeader(bytes: Buffer, at: number): boolean {
  // 12 bits of sync, then the MPEG version bit, then layer 00 (MP3 frames have a non-zero layer).
  return at + 7 <= bytes.length && bytes[at] === 0xff && (bytes[at + 1]! & 0xf6) === 0xf0;
}

/** The recording's type, or null when it is none of the accepted ones. */
export function sniffAudio(bytes: Buffer): AudioMime | null {
  if (bytes.length < 12) return null;
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: WebM declares its DocType "webm" in the header (Matroska says "matroska": not accepted).
    return bytes.subarray(0, 64).includes('webm') ? 'audio/webm' : null;
  }
  if (bytes.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  if (isAdtsHeader(bytes, 0)) return 'audio/aac';
  return null;
}

/** Milliseconds, or null when the file does not say it without decoding. */
export function audioDurationMs(bytes: Buffer, mime: AudioMime): number | null {
  try {
    switch (mime) {
      case 'audio/ogg':
        return oggDuration(bytes);
      case 'audio/mp4':
        return mp4Duration(bytes);
      case 'audio/webm':
        return webmDuration(bytes);
      case 'audio/aac':
        return adtsDuration(bytes);
    }
  } catch {
    return null;
  }
}

function finite(ms: number): number | null {
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : null;
}

function oggDuration(bytes: Buffer): number | null {
  // Opus always counts at 48 kHz, minus its pre-skip; Vorbis at the rate of its identification header.
  let rate: number | null = null;
  let preSkip = 0;
  const opus = bytes.indexOf('OpusHead', 0, 'latin1');
  if (opus >= 0 && opus < 200) {
    rate = 48_000;
    preSkip = bytes.readUInt16LE(opus + 10);
  } else {
    const vorbis = bytes.indexOf('\x01vorbis', 0, 'latin1');
    if (vorbis >= 0 && vorbis < 200) rate = bytes.readUInt32LE(vorbis + 12);
  }
  if (!rate) return null;
  // The last page that carries a granule position (−1 means none).
  let at = bytes.lastIndexOf('OggS', bytes.length - 27, 'latin1');
  while (at >= 0) {
    const granule = bytes.readBigInt64LE(at + 6);
    if (granule >= 0n) return finite(((Number(granule) - preSkip) * 1000) / rate);
    at = bytes.lastIndexOf('OggS', at - 1, 'latin1');
  }
  return null;
}

/** Top-level boxes, then `moov`'s `mvhd`: duration / timescale. A fragmented file's 0 is unknown. */
function mp4Duration(bytes: Buffer): number | null {
  const box = (from: number, to: number, type: string): [number, number] | null => {
    let at = from;
    while (at + 8 <= to) {
      let size = bytes.readUInt32BE(at);
      let header = 8;
      if (size === 1) {
        size = Number(bytes.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (size < header) return null;
      if (bytes.toString('latin1', at + 4, at + 8) === type)
        return [at + header, Math.min(at + size, to)];
      at += size;
    }
    return null;
  };
  const moov = box(0, bytes.length, 'moov');
  if (!moov) return null;
  const mvhd = box(moov[0], moov[1], 'mvhd');
  if (!mvhd) return null;
  const at = mvhd[0];
  const version = bytes[at];
  const timescale = version === 1 ? bytes.readUInt32BE(at + 20) : bytes.readUInt32BE(at + 12);
  const duration =
    version === 1 ? Number(bytes.readBigUInt64BE(at + 24)) : bytes.readUInt32BE(at + 16);
  return timescale ? finite((duration * 1000) / timescale) : null;
}

/** The segment's Info: Duration (0x4489, a float in TimecodeScale units, 1 ms by default). */
function webmDuration(bytes: Buffer): number | null {
  const head = bytes.subarray(0, Math.min(bytes.length, 8192));
  const durationAt = head.indexOf(Buffer.from([0x44, 0x89]));
  if (durationAt < 0) return null;
  const sizeByte = head[durationAt + 2];
  let value: number;
  if (sizeByte === 0x84) value = head.readFloatBE(durationAt + 3);
  else if (sizeByte === 0x88) value = head.readDoubleBE(durationAt + 3);
  else return null;
  let scale = 1_000_000;
  const scaleAt = head.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  if (scaleAt >= 0) {
    const length = head[scaleAt + 3]! & 0x0f;
    if (head[scaleAt + 3]! >> 4 === 0x8 && length > 0 && length <= 6)
      scale = head.readUIntBE(scaleAt + 4, length);
  }
  return finite((value * scale) / 1_000_000);
}

const ADTS_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];

/** Every frame is 1024 samples: walk the frames' headers to the end. */
function adtsDuration(bytes: Buffer): number | null {
  const rate = ADTS_RATES[(bytes[2]! >> 2) & 0x0f];
  if (!rate) return null;
  let frames = 0;
  let at = 0;
  while (isAdtsHeader(bytes, at)) {
    const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
    if (length < 7) break;
    frames += 1 + (bytes[at + 6]! & 0x03);
    at += length;
  }
  return frames ? finite((frames * 1024 * 1000) / rate) : null;
}
