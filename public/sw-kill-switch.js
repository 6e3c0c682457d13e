// Kill switch for a broken service worker release. NOT registered by the app.
/* global self, caches */
// To use it: serve this file's content AS /sw.js (e.g. copy it over dist/sw.js and deploy). Browsers
// check /sw.js for updates on navigation and at least every 24 h; this version installs at once,
// deletes every cache this origin made, unregisters itself and reloads open tabs from the network,
// after which the app runs without a service worker until a fixed sw.js is deployed again.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
      await self.registration.unregister();
      const windows = await self.clients.matchAll({ type: 'window' });
      // Each tab reloads once, now without a controller.
      await Promise.all(windows.map((client) => client.navigate(client.url)));
    })(),
  );
});
