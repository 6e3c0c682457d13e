// Pure routing rules of the service worker (which requests are pictures, recordings or book files, what their
// cache key is, which navigations get the app shell), kept free of worker globals so tests/sw can run them
// directly.

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
  // Public story and listening pages are the server's own pages, not the app.
  /^\/s\//,
  /^\/l\//,
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
  // Book PDFs and EPUBs and recordings are files too, but they have their own caches
  // (isCacheableBookRequest, isCacheableRecordingRequest).
  if (isBookFilePath(url.pathname) || isRecordingRequest(request, url)) return false;
  return request.destination === 'image' || url.pathname.startsWith('/files/');
}

export { BOOK_CACHE_NAME, RECORDING_CACHE_NAME } from './protocol';

/** What the server stores recordings as (server/src/modules/recordings/audio.ts AUDIO_EXTENSIONS). */
const RECORDING_FILE = /\.(webm|ogg|oga|opus|m4a|aac|mp3|wav)$/i;

/**
 * Signed files only: the biographer's spoken question (`/api/v1/…/assistant-latest/audio`) keeps one
 * address while its sound changes with each question, so it must always come from the network.
 */
function isRecordingRequest(request: Pick<ImageRequestLike, 'destination'>, url: URL): boolean {
  return (
    url.pathname.startsWith('/files/') &&
    (request.destination === 'audio' || RECORDING_FILE.test(url.pathname))
  );
}

/**
 * Recordings of spoken answers served by the app (`/files/<user>/<chapter>/recordings/<message>-….webm
 * ?expires=…&signature=…`), played by an `<audio>` element or fetched by script: kept like pictures, in their
 * own cache, keyed without the signature (imageCacheKey), so an answer heard once can be heard again
 * offline. Same origin only, like pictures (a presigned S3 answer is opaque).
 */
export function isCacheableRecordingRequest(request: ImageRequestLike, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && isRecordingRequest(request, url);
}

/** A book's PDF (print or screen) or EPUB (issue 33, with or without the recordings inside). */
const BOOK_FILE = /\.(pdf|epub)$/i;

function isBookFilePath(pathname: string): boolean {
  return pathname.startsWith('/files/') && BOOK_FILE.test(pathname);
}

/**
 * Book files served by the app (`/files/books/<user>/<book>/web.pdf?expires=…&signature=…`, the same
 * for `….epub`), fetched whole by the preview (no Range header: a partial answer cannot be cached) or by
 * the download. Keyed like pictures, without the signature (imageCacheKey), so a book opened or
 * downloaded once opens again offline.
 */
export function isCacheableBookRequest(
  request: Pick<ImageRequestLike, 'url' | 'method'>,
  origin: string,
): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && isBookFilePath(url.pathname);
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
