/// <reference lib="webworker" />
// The service worker: precached app shell with history fallback, picture, recording and book-file caches
// keyed without URL signatures, and the page's messages (update on request, clear an account's caches). API JSON is
// deliberately not cached here: the data layer (TanStack Query + Dexie) owns it.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  BOOK_CACHE_NAME,
  NAVIGATION_DENYLIST,
  imageCacheKey,
  isCacheableBookRequest,
  isCacheableImageRequest,
  isCacheableRecordingRequest,
} from './image-cache';
import { partialResponse } from './range-response';
import { notificationFor, sameOriginUrl } from './notifications';
import {
  CLEAR_USER_CACHES,
  IMAGE_CACHE_NAME,
  RECORDING_CACHE_NAME,
  SKIP_WAITING,
  USER_CACHES_CLEARED,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
} from './protocol';

declare const self: ServiceWorkerGlobalScope;

// No clientsClaim() and no skipWaiting() at install: a new version waits until the person accepts
// the update prompt, so nothing reloads under someone who is typing.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }),
);

const signatureFreeKeys: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => imageCacheKey(request.url),
};

const imageExpiration = new ExpirationPlugin({
  maxEntries: 300,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  purgeOnQuotaError: true,
});

// A book leaves up to four files (print and screen PDFs, the EPUB and the EPUB with the recordings).
const bookExpiration = new ExpirationPlugin({
  maxEntries: 40,
  maxAgeSeconds: 90 * 24 * 60 * 60,
  purgeOnQuotaError: true,
});

// Recordings of spoken answers (issue 20): heard once, heard again offline. Fewer than pictures as each
// weighs more; the whole file is fetched and cached (only a whole 200 is kept) and a range asked by the
// audio element is cut from it.
const recordingExpiration = new ExpirationPlugin({
  maxEntries: 100,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  purgeOnQuotaError: true,
});

const wholeRecordings: WorkboxPlugin = {
  // The whole file from the network, whatever part the element asked for: it is what is kept.
  requestWillFetch: async ({ request }) =>
    request.headers.has('range')
      ? new Request(request.url, { credentials: request.credentials })
      : request,
  // The part asked for, from the cache or from the whole file just fetched.
  handlerWillRespond: async ({ request, response }) => partialResponse(request, response),
};

// Before the pictures' route: the first matching route answers.
registerRoute(
  ({ request }) => isCacheableBookRequest(request, self.location.origin),
  new CacheFirst({ cacheName: BOOK_CACHE_NAME, plugins: [signatureFreeKeys, bookExpiration] }),
);

registerRoute(
  ({ request }) => isCacheableRecordingRequest(request, self.location.origin),
  new CacheFirst({
    cacheName: RECORDING_CACHE_NAME,
    plugins: [signatureFreeKeys, recordingExpiration, wholeRecordings],
  }),
);

registerRoute(
  ({ request }) => isCacheableImageRequest(request, self.location.origin),
  new CacheFirst({ cacheName: IMAGE_CACHE_NAME, plugins: [signatureFreeKeys, imageExpiration] }),
);

async function clearUserCaches(): Promise<boolean> {
  try {
    // Also drops the expiration plugins' IndexedDB records, which name every picture, recording and book
    // path seen.
    await imageExpiration.deleteCacheAndMetadata();
    await bookExpiration.deleteCacheAndMetadata();
    await recordingExpiration.deleteCacheAndMetadata();
    await caches.delete(IMAGE_CACHE_NAME);
    await caches.delete(BOOK_CACHE_NAME);
    await caches.delete(RECORDING_CACHE_NAME);
    return true;
  } catch {
    return false;
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage | undefined;
  if (message?.type === SKIP_WAITING) {
    void self.skipWaiting();
  } else if (message?.type === CLEAR_USER_CACHES) {
    const port = event.ports[0];
    event.waitUntil(
      clearUserCaches().then((ok) => {
        const answer: WorkerToPageMessage = { type: USER_CACHES_CLEARED, ok };
        port?.postMessage(answer);
      }),
    );
  }
});

// Web Push (issue 31): the news of a chapter and the weekly question, shown as they come; a tap opens
// their page in an open window of the app if there is one, else in a new one.
self.addEventListener('push', (event: PushEvent) => {
  const { title, options } = notificationFor(event.data?.text() ?? null, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = sameOriginUrl(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
