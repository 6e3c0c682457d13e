// WAV parsing, encoding and joining, including the streamed headers some speech servers send.
import { describe, expect, test } from 'vitest';
import {
  concatWavs,
  encodeWav,
  InvalidWavError,
  parseWav,
  wavDurationMs,
} from '../../../src/providers/voice/wav.ts';

const mono16k = { channels: 1, sampleRate: 16000, bitsPerSample: 16 };

function samples(count: number, value = 1000): Buffer {
  const data = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i += 1) data.writeInt16LE(i % 2 ? value : -value, i * 2);
  return data;
}

describe('encodeWav and parseWav', () => {
  test('write a canonical header that reads back', () => {
    const wav = encodeWav(mono16k, samples(16000));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt32LE(28)).toBe(32000);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(32000);
    const parsed = parseWav(wav);
    expect(parsed.format).toEqual(mono16k);
    expect(parsed.data.length).toBe(32000);
    expect(wavDurationMs(parsed.format, parsed.data.length)).toBe(1000);
  });

  test('skip extra chunks and accept streamed (unknown) sizes', () => {
    const canonical = encodeWav(
      { channels: 1, sampleRate: 24000, bitsPerSample: 16 },
      samples(2400),
    );
    const list = Buffer.concat([
      Buffer.from('LIST'),
      Buffer.from([5, 0, 0, 0]),
      Buffer.from('INFOx'),
      Buffer.from([0]),
    ]);
    const streamed = Buffer.concat([canonical.subarray(0, 36), list, canonical.subarray(36)]);
    streamed.writeUInt32LE(0xffffffff, 4);
    streamed.writeUInt32LE(0xffffffff, 36 + list.length + 4);
    const parsed = parseWav(streamed);
    expect(parsed.data.length).toBe(4800);
    expect(wavDurationMs(parsed.format, parsed.data.length)).toBe(100);
  });

  test('drop a trailing half frame', () => {
    const wav = Buffer.concat([encodeWav(mono16k, samples(10)), Buffer.from([1])]);
    wav.writeUInt32LE(0, 40);
    expect(parseWav(wav).data.length).toBe(20);
  });

  test.each([
    ['not RIFF', Buffer.from('<html>Bad gateway</html>')],
    ['ID3/MP3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100)])],
    ['empty', Buffer.alloc(0)],
    ['no data chunk', encodeWav(mono16k, samples(4)).subarray(0, 36)],
    ['no frames', encodeWav(mono16k, Buffer.alloc(0))],
    [
      'float encoding',
      (() => {
        const wav = encodeWav(mono16k, samples(4));
        wav.writeUInt16LE(3, 20);
        return wav;
      })(),
    ],
    [
      'bad block align',
      (() => {
        const wav = encodeWav(mono16k, samples(4));
        wav.writeUInt16LE(4, 32);
        return wav;
      })(),
    ],
  ])('rejects %s', (_label, buffer) => {
    expect(() => parseWav(buffer)).toThrow(InvalidWavError);
  });
});

describe('concatWavs', () => {
  test('joins parts of one format into one WAV with exact sizes', () => {
    const parts = [encodeWav(mono16k, samples(8000)), encodeWav(mono16k, samples(4000, 2000))].map(
      parseWav,
    );
    const { wav, durationMs } = concatWavs(parts);
    expect(durationMs).toBe(750);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(24000);
    expect(wav.readInt16LE(44 + 16000 + 2)).toBe(2000);
  });

  test('refuses parts of different formats', () => {
    const parts = [
      encodeWav(mono16k, samples(10)),
      encodeWav({ ...mono16k, sampleRate: 22050 }, samples(10)),
    ].map(parseWav);
    expect(() => concatWavs(parts)).toThrow(InvalidWavError);
  });
});
