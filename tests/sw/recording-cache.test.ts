// The service worker's rule for recordings of spoken answers (issue 20): same-origin signed audio files go
// to their own cache under the signature-free key, never into the pictures' cache; and a range asked by the
// audio element is cut from the whole file kept.
import { describe, expect, it } from 'vitest';
import {
  RECORDING_CACHE_NAME,
  imageCacheKey,
  isCacheableBookRequest,
  isCacheableImageRequest,
  isCacheableRecordingRequest,
} from '../../sw/image-cache';
import { BOOK_CACHE_NAME, IMAGE_CACHE_NAME } from '../../sw/protocol';
import { partialResponse } from '../../sw/range-response';

const origin = 'https://chapitres.example';
const folder = `${origin}/files/u1/c1/recordings`;
const signed = (file: string, expires = 1700000000, signature = 'abc_-1') =>
  `${folder}/${file}?expires=${expires}&signature=${signature}`;

describe('isCacheableRecordingRequest', () => {
  it('takes the signed recordings served by the app, whatever their container', () => {
    for (const file of ['m1-0a1b2c.webm', 'm2-ffee00.ogg', 'm3-123456.m4a', 'm4-abcdef.AAC']) {
      const request = { url: signed(file), method: 'GET', destination: 'audio' };
      expect(isCacheableRecordingRequest(request, origin)).toBe(true);
      // Played by the element or fetched by script: a recording all the same.
      expect(isCacheableRecordingRequest({ ...request, destination: '' }, origin)).toBe(true);
      // Never kept twice, in the pictures' or the books' cache.
      expect(isCacheableImageRequest(request, origin)).toBe(false);
      expect(isCacheableImageRequest({ ...request, destination: '' }, origin)).toBe(false);
      expect(isCacheableBookRequest(request, origin)).toBe(false);
    }
  });

  it('takes any signed file an audio element plays, never the biographer’s spoken question', () => {
    expect(
      isCacheableRecordingRequest(
        { url: `${origin}/files/u1/c1/answer`, method: 'GET', destination: 'audio' },
        origin,
      ),
    ).toBe(true);
    // One address whose sound changes with each question: always from the network.
    for (const destination of ['audio', ''])
      expect(
        isCacheableRecordingRequest(
          {
            url: `${origin}/api/v1/conversations/c1/messages/assistant-latest/audio`,
            method: 'GET',
            destination,
          },
          origin,
        ),
      ).toBe(false);
  });

  it('leaves pictures, books, other origins, the API and writes alone', () => {
    const none = [
      { url: `${origin}/files/u1/c1/img-1.jpg?signature=1`, method: 'GET', destination: 'image' },
      { url: `${origin}/files/books/u1/b1/web.pdf?signature=1`, method: 'GET', destination: '' },
      {
        url: 'https://bucket.s3.example/u1/c1/recordings/m1.webm?X-Amz-Signature=1',
        method: 'GET',
        destination: 'audio',
      },
      { url: `${origin}/api/v1/conversations/c1/messages`, method: 'GET', destination: '' },
      { url: signed('m1-0a1b2c.webm'), method: 'POST', destination: '' },
      { url: signed('m1-0a1b2c.webm'), method: 'DELETE', destination: '' },
    ];
    for (const request of none) expect(isCacheableRecordingRequest(request, origin)).toBe(false);
    // The pictures stay the pictures'.
    expect(isCacheableImageRequest(none[0]!, origin)).toBe(true);
  });

  it('keys a re-signed link to the same entry, with no signature kept', () => {
    const monday = signed('m1-0a1b2c.webm');
    const nextWeek = signed('m1-0a1b2c.webm', 1700604800, 'zzz999');
    expect(imageCacheKey(monday)).toBe(`${folder}/m1-0a1b2c.webm`);
    expect(imageCacheKey(nextWeek)).toBe(imageCacheKey(monday));
    expect(imageCacheKey(monday)).not.toContain('signature');
  });

  it('has a cache of its own, cleared with the account’s others', () => {
    expect(RECORDING_CACHE_NAME).toMatch(/^chapitres-recordings/);
    expect(new Set([RECORDING_CACHE_NAME, IMAGE_CACHE_NAME, BOOK_CACHE_NAME]).size).toBe(3);
  });
});

describe('partialResponse', () => {
  const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
  const whole = () =>
    new Response(bytes, { status: 200, headers: { 'Content-Type': 'audio/webm' } });
  const asking = (range?: string) =>
    new Request('http://localhost/files/u/c/recordings/m.webm', {
      headers: range ? { range } : {},
    });

  async function body(response: Response) {
    return new Uint8Array(await response.arrayBuffer());
  }

  it('answers the whole file when no range is asked', async () => {
    const full = whole();
    expect(await partialResponse(asking(), full)).toBe(full);
  });

  it('cuts the range asked from the whole file, as the server would', async () => {
    const first = await partialResponse(asking('bytes=0-'), whole());
    expect(first.status).toBe(206);
    expect(first.headers.get('Content-Range')).toBe('bytes 0-999/1000');
    expect(first.headers.get('Content-Type')).toBe('audio/webm');
    expect((await body(first)).length).toBe(1000);

    const middle = await partialResponse(asking('bytes=100-199'), whole());
    expect(middle.status).toBe(206);
    expect(middle.headers.get('Content-Range')).toBe('bytes 100-199/1000');
    expect(middle.headers.get('Content-Length')).toBe('100');
    expect(Array.from(await body(middle))).toEqual(Array.from(bytes.slice(100, 200)));

    const last = await partialResponse(asking('bytes=-10'), whole());
    expect(last.headers.get('Content-Range')).toBe('bytes 990-999/1000');
    expect(Array.from(await body(last))).toEqual(Array.from(bytes.slice(990)));
  });

  it('refuses a range beyond the file or that it cannot read', async () => {
    for (const range of ['bytes=1001-1005', 'items=0-1', 'bytes=0-1,5-9']) {
      const answer = await partialResponse(asking(range), whole());
      expect(answer.status, range).toBe(416);
    }
  });

  it('passes an answer that is not whole as it is', async () => {
    const partial = new Response('x', { status: 206 });
    expect(await partialResponse(asking('bytes=0-'), partial)).toBe(partial);
    const missing = new Response('gone', { status: 404 });
    expect(await partialResponse(asking('bytes=0-'), missing)).toBe(missing);
  });
});
