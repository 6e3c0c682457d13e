// The service worker's rule for book files: same-origin signed files ending in .pdf or .epub (issue 33) go to
// their own cache, under the signature-free key, and never into the pictures' or recordings' caches.
import { describe, expect, it } from 'vitest';
import {
  imageCacheKey,
  isCacheableBookRequest,
  isCacheableImageRequest,
  isCacheableRecordingRequest,
} from '../../sw/image-cache';

const origin = 'https://chapitres.example';
const webPdf = `${origin}/files/books/u1/b1/web.pdf?expires=1700000000&signature=abc_-1`;
const epub = `${origin}/files/books/u1/b1/book.epub?expires=1700000000&signature=abc_-1`;
const voiceEpub = `${origin}/files/books/u1/b1/book-voice.epub?expires=1700000000&signature=abc_-1`;

describe('isCacheableBookRequest', () => {
  it('takes the signed book files served by the app', () => {
    expect(isCacheableBookRequest({ url: webPdf, method: 'GET' }, origin)).toBe(true);
    expect(
      isCacheableBookRequest(
        { url: `${origin}/files/books/u1/b1/BOOK.PDF?signature=1`, method: 'GET' },
        origin,
      ),
    ).toBe(true);
  });

  it('leaves pictures, other origins, writes and PDFs outside /files/ alone', () => {
    expect(
      isCacheableBookRequest({ url: `${origin}/files/u1/img.jpg?sig=1`, method: 'GET' }, origin),
    ).toBe(false);
    expect(
      isCacheableBookRequest(
        { url: 'https://bucket.s3.example/books/b1/web.pdf?X-Amz-Signature=1', method: 'GET' },
        origin,
      ),
    ).toBe(false);
    expect(isCacheableBookRequest({ url: webPdf, method: 'POST' }, origin)).toBe(false);
    expect(
      isCacheableBookRequest({ url: `${origin}/guide/manual.pdf`, method: 'GET' }, origin),
    ).toBe(false);
  });

  it('keeps book PDFs out of the pictures cache', () => {
    expect(isCacheableImageRequest({ url: webPdf, method: 'GET', destination: '' }, origin)).toBe(
      false,
    );
  });

  it('keys a re-signed book URL like the first one, without the signature', () => {
    const nextWeek = `${origin}/files/books/u1/b1/web.pdf?expires=1700604800&signature=zzz`;
    expect(imageCacheKey(webPdf)).toBe(`${origin}/files/books/u1/b1/web.pdf`);
    expect(imageCacheKey(nextWeek)).toBe(imageCacheKey(webPdf));
  });
});

describe('the EPUB, downloaded once, opens again offline (issue 33)', () => {
  it('takes the signed EPUBs, with or without the recordings, into the book cache', () => {
    expect(isCacheableBookRequest({ url: epub, method: 'GET' }, origin)).toBe(true);
    expect(isCacheableBookRequest({ url: voiceEpub, method: 'GET' }, origin)).toBe(true);
    expect(
      isCacheableBookRequest(
        { url: `${origin}/files/books/u1/b1/BOOK.EPUB?signature=1`, method: 'GET' },
        origin,
      ),
    ).toBe(true);
  });

  it('leaves EPUBs from another origin, writes and EPUBs outside /files/ alone', () => {
    expect(
      isCacheableBookRequest(
        { url: 'https://bucket.s3.example/books/b1/book.epub?X-Amz-Signature=1', method: 'GET' },
        origin,
      ),
    ).toBe(false);
    expect(isCacheableBookRequest({ url: epub, method: 'POST' }, origin)).toBe(false);
    expect(
      isCacheableBookRequest({ url: `${origin}/guide/book.epub`, method: 'GET' }, origin),
    ).toBe(false);
  });

  it('keeps EPUBs out of the pictures and recordings caches, even the one holding recordings', () => {
    for (const url of [epub, voiceEpub]) {
      expect(isCacheableImageRequest({ url, method: 'GET', destination: '' }, origin)).toBe(false);
      expect(isCacheableRecordingRequest({ url, method: 'GET', destination: '' }, origin)).toBe(
        false,
      );
    }
  });

  it('keys a re-signed EPUB URL like the first one, without the signature', () => {
    const nextWeek = `${origin}/files/books/u1/b1/book.epub?expires=1700604800&signature=zzz`;
    expect(imageCacheKey(epub)).toBe(`${origin}/files/books/u1/b1/book.epub`);
    expect(imageCacheKey(nextWeek)).toBe(imageCacheKey(epub));
  });
});
