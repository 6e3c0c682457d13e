// Recordings are recognised by their first bytes, and their length read from the container when it says so.
import { describe, expect, test } from 'vitest';
import { audioDurationMs, sniffAudio } from '../../../src/modules/recordings/audio.ts';
import { aac, mp4, ogg, webm } from '../../support/audio.ts';
import { makeWav } from '../../support/fake-openai.ts';

describe('sniffAudio and audioDurationMs', () => {
  test('WebM/Opus, with or without a Duration', () => {
    expect(sniffAudio(webm())).toBe('audio/webm');
    expect(audioDurationMs(webm(), 'audio/webm')).toBeNull();
    expect(audioDurationMs(webm({ durationMs: 83_250 }), 'audio/webm')).toBe(83_250);
  });

  test('Ogg Opus: the last granule position minus the pre-skip, at 48 kHz', () => {
    expect(sniffAudio(ogg(12_000))).toBe('audio/ogg');
    expect(audioDurationMs(ogg(12_000), 'audio/ogg')).toBe(12_000);
  });

  test('MP4 (Safari): the movie header', () => {
    expect(sniffAudio(mp4(65_000))).toBe('audio/mp4');
    expect(audioDurationMs(mp4(65_000), 'audio/mp4')).toBe(65_000);
    expect(audioDurationMs(mp4(0), 'audio/mp4')).toBeNull();
  });

  test('ADTS AAC: frames counted', () => {
    expect(sniffAudio(aac(10))).toBe('audio/aac');
    expect(audioDurationMs(aac(431), 'audio/aac')).toBe(Math.round((431 * 1024 * 1000) / 44100));
  });

  test('anything else is refused, whatever it is called', () => {
    expect(sniffAudio(webm({ docType: 'matroska' }))).toBeNull();
    expect(sniffAudio(makeWav())).toBeNull();
    expect(sniffAudio(Buffer.from('ID3\x04\0\0\0\0\0\0 an mp3 file', 'latin1'))).toBeNull();
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffAudio(Buffer.from('%PDF-1.7 not a sound at all'))).toBeNull();
    expect(sniffAudio(Buffer.alloc(4))).toBeNull();
  });
});
