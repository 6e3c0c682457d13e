// Pure routing rules of the service worker (which requests are pictures, what their cache key is, which
// navigations get the app shell), kept free of worker globals so tests/sw can run them directly.

/**
 * Navigations that must reach the server rather than the app shell: the API and its docs, the dev
 * mailbox, health probes, and files opened directly in a tab.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/files\//,
];

export function isShellNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}

export interface ImageRequestLike {
  url: string;
  method: string;
  destination: string;
}

/**
 * Same-origin pictures only: signed files served by the app (`/files/...`) and any `<img>` the page
 * loads from its own origin. Cross-origin (presigned S3) answers are opaque and would be cached blind.
 */
export function isCacheableImageRequest(request: ImageRequestLike, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== origin) return false;
  return request.destination === 'image' || url.pathname.startsWith('/files/');
}

/**
 * File URLs are capability URLs whose signature and expiry sit in the query string and change when
 * the server re-signs them, while the path names the file. Keying the cache on the path means a
 * re-signed URL still finds the picture offline, and no signature is ever written to the cache.
 */
export function imageCacheKey(url: string): string {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}
