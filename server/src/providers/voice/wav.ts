// RIFF/WAVE (PCM) reading, checking, writing and joining: every WAV we hand out has exact header sizes.

export interface PcmFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

export interface ParsedWav {
  format: PcmFormat;
  /** The sample bytes, a view into the parsed buffer. */
  data: Buffer;
}

export class InvalidWavError extends Error {
  override readonly name = 'InvalidWavError';
}

const PCM = 1;
const EXTENSIBLE = 0xfffe;
// Streaming encoders (OpenAI's included) write 0xFFFFFFFF or 0 as sizes they could not know in advance.
const UNKNOWN_SIZES = new Set([0, 0xffffffff]);

/**
 * Reads a PCM WAV, tolerating unknown (streamed) RIFF and data sizes by using what the buffer holds.
 * Throws InvalidWavError for anything that is not 8/16/24/32-bit integer PCM with at least one frame.
 */
export function parseWav(buffer: Buffer): ParsedWav {
  if (
    buffer.length < 12 ||
    buffer.toString('ascii', 0, 4) !== 'RIFF' ||
    buffer.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new InvalidWavError('Not a RIFF/WAVE file');
  }
  let format: PcmFormat | undefined;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const declared = buffer.readUInt32LE(offset + 4);
    const bodyStart = offset + 8;
    if (id === 'fmt ') {
      if (declared < 16 || bodyStart + 16 > buffer.length)
        throw new InvalidWavError('Truncated fmt chunk');
      const audioFormat = buffer.readUInt16LE(bodyStart);
      const channels = buffer.readUInt16LE(bodyStart + 2);
      const sampleRate = buffer.readUInt32LE(bodyStart + 4);
      const blockAlign = buffer.readUInt16LE(bodyStart + 12);
      const bitsPerSample = buffer.readUInt16LE(bodyStart + 14);
      if (audioFormat !== PCM && audioFormat !== EXTENSIBLE)
        throw new InvalidWavError(`Unsupported WAV encoding ${audioFormat}`);
      if (channels < 1 || sampleRate < 1 || ![8, 16, 24, 32].includes(bitsPerSample)) {
        throw new InvalidWavError('Invalid WAV format fields');
      }
      if (blockAlign !== channels * (bitsPerSample / 8))
        throw new InvalidWavError('Inconsistent WAV block alignment');
      format = { channels, sampleRate, bitsPerSample };
    } else if (id === 'data') {
      if (!format) throw new InvalidWavError('WAV data chunk before its fmt chunk');
      const available = buffer.length - bodyStart;
      const size = UNKNOWN_SIZES.has(declared) || declared > available ? available : declared;
      const frame = format.channels * (format.bitsPerSample / 8);
      const whole = size - (size % frame);
      if (whole < frame) throw new InvalidWavError('WAV has no audio frames');
      return { format, data: buffer.subarray(bodyStart, bodyStart + whole) };
    }
    // Chunks are word-aligned; a streamed header may also leave an unknown size on a non-data chunk.
    if (UNKNOWN_SIZES.has(declared) && declared !== 0) break;
    offset = bodyStart + declared + (declared % 2);
  }
  throw new InvalidWavError('WAV has no data chunk');
}

export function wavDurationMs(format: PcmFormat, dataBytes: number): number {
  const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
  return Math.round((dataBytes / bytesPerSecond) * 1000);
}

/** A canonical 44-byte-header PCM WAV around the given sample bytes. */
export function encodeWav(format: PcmFormat, data: Buffer): Buffer {
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM, 20);
  header.writeUInt16LE(format.channels, 22);
  header.writeUInt32LE(format.sampleRate, 24);
  header.writeUInt32LE(format.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(format.bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function sameFormat(a: PcmFormat, b: PcmFormat): boolean {
  return (
    a.channels === b.channels &&
    a.sampleRate === b.sampleRate &&
    a.bitsPerSample === b.bitsPerSample
  );
}

/** Joins WAV parts of one format into a single WAV (no resampling: parts from one engine share a format). */
export function concatWavs(parts: ParsedWav[]): { wav: Buffer; durationMs: number } {
  const first = parts[0];
  if (!first) throw new InvalidWavError('Nothing to join');
  if (parts.some((part) => !sameFormat(part.format, first.format)))
    throw new InvalidWavError('WAV parts differ in format');
  const data = parts.length === 1 ? first.data : Buffer.concat(parts.map((part) => part.data));
  return {
    wav: encodeWav(first.format, data),
    durationMs: wavDurationMs(first.format, data.length),
  };
}
