// Pure routing rules of the service worker (which requests are pictures or book PDFs, what their cache
// key is, which navigations get the app shell), kept free of worker globals so tests/sw can run them directly.

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
  // Public story pages are the server's own pages, not the app.
  /^\/s\//,
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
  // Book PDFs are files too, but they have their own, smaller cache (isCacheableBookRequest).
  if (isPdfFilePath(url.pathname)) return false;
  return request.destination === 'image' || url.pathname.startsWith('/files/');
}

export { BOOK_CACHE_NAME } from './protocol';

function isPdfFilePath(pathname: string): boolean {
  return pathname.startsWith('/files/') && pathname.toLowerCase().endsWith('.pdf');
}

/**
 * Book PDFs served by the app (`/files/books/<user>/<book>/web.pdf?expires=…&signature=…`), fetched
 * whole by the preview (no Range header: a partial answer cannot be cached) or by the download. Keyed
 * like pictures, without the signature (imageCacheKey), so a book opened once stays readable offline.
 */
export function isCacheableBookRequest(
  request: Pick<ImageRequestLike, 'url' | 'method'>,
  origin: string,
): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && isPdfFilePath(url.pathname);
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
