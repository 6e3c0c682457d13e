// The service worker's routing rules: which requests are cached pictures, their signature-free cache
// key, and which navigations get the app shell.
import { describe, expect, it } from 'vitest';
import { imageCacheKey, isCacheableImageRequest, isShellNavigation } from '../../sw/image-cache';

const origin = 'https://chapitres.example';

describe('imageCacheKey', () => {
  it('drops the signature so a re-signed URL finds the same entry', () => {
    const monday = `${origin}/files/u1/img-42.jpg?expires=1700000000&sig=abc123`;
    const nextWeek = `${origin}/files/u1/img-42.jpg?expires=1700604800&sig=zzz999`;
    expect(imageCacheKey(monday)).toBe(`${origin}/files/u1/img-42.jpg`);
    expect(imageCacheKey(nextWeek)).toBe(imageCacheKey(monday));
  });

  it('keeps different files apart', () => {
    expect(imageCacheKey(`${origin}/files/u1/a.jpg?sig=1`)).not.toBe(
      imageCacheKey(`${origin}/files/u1/b.jpg?sig=1`),
    );
  });

  it('drops fragments and leaves an unsigned URL as it is', () => {
    expect(imageCacheKey(`${origin}/files/a.png#top`)).toBe(`${origin}/files/a.png`);
    expect(imageCacheKey(`${origin}/icons/icon-96.png`)).toBe(`${origin}/icons/icon-96.png`);
  });
});

describe('isCacheableImageRequest', () => {
  it('takes same-origin pictures and signed files', () => {
    expect(
      isCacheableImageRequest(
        { url: `${origin}/files/x.jpg?sig=1`, method: 'GET', destination: 'image' },
        origin,
      ),
    ).toBe(true);
    // A file fetched by script (e.g. to draw it on a canvas) is still a picture to keep.
    expect(
      isCacheableImageRequest(
        { url: `${origin}/files/x.jpg?sig=1`, method: 'GET', destination: '' },
        origin,
      ),
    ).toBe(true);
    expect(
      isCacheableImageRequest(
        { url: `${origin}/assets/logo.svg`, method: 'GET', destination: 'image' },
        origin,
      ),
    ).toBe(true);
  });

  it('leaves API JSON, other origins and writes to the network', () => {
    expect(
      isCacheableImageRequest(
        { url: `${origin}/api/v1/conversations`, method: 'GET', destination: '' },
        origin,
      ),
    ).toBe(false);
    expect(
      isCacheableImageRequest(
        {
          url: 'https://bucket.s3.example/x.jpg?X-Amz-Signature=1',
          method: 'GET',
          destination: 'image',
        },
        origin,
      ),
    ).toBe(false);
    expect(
      isCacheableImageRequest(
        { url: `${origin}/files/x.jpg`, method: 'POST', destination: '' },
        origin,
      ),
    ).toBe(false);
  });
});

describe('isShellNavigation', () => {
  it('serves the app shell for app routes', () => {
    for (const path of [
      '/',
      '/login',
      '/conversations/1/chat',
      '/books',
      '/api-guide',
      '/developer',
    ]) {
      expect(isShellNavigation(path)).toBe(true);
    }
  });

  it('lets the server answer the API, dev pages, health probes and files', () => {
    for (const path of [
      '/api',
      '/api/v1/users/me',
      '/api/docs',
      '/dev/mailbox',
      '/healthz',
      '/readyz',
      '/files/u1/a.jpg',
    ]) {
      expect(isShellNavigation(path)).toBe(false);
    }
  });
});
