/* global self, caches, fetch, URL, Response */
/* Pavilion scanner service worker (scope /scanner only: it never controls another page of the app).
 * Caches the scanner's shell so the page reloads without network: navigations under /scanner are network-first with
 * the last copy of the page as the fallback; built assets (/assets/*, content-hashed) are cache-first. Attendee photos
 * (signed URLs that name the photo's version, so they never change) are cache-first in their own cache, and the page
 * asks for every photo of its snapshot to be fetched ahead, so an offline gate still shows faces. Other API calls and
 * sockets are never touched: offline scans live in IndexedDB, not here. */
const CACHE = 'pavilion-scanner-v1';
const PHOTOS = 'pavilion-scanner-photos-v1';
const PHOTO_PATH = '/api/eventservices/public/registration-photos/';
const SHELL = '/scanner';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(SHELL, { cache: 'no-store' });
        if (res.ok) {
          const html = await res.clone().text();
          await cache.put(SHELL, res);
          const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
          await cache.addAll([...new Set([...assets, '/scanner.webmanifest', '/favicon.svg'])]);
        }
      } catch {
        // Installed offline: the runtime cache below fills in on the next online visit.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('pavilion-scanner-') && key !== CACHE && key !== PHOTOS) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Fetches the photos not cached yet, a few at a time; after a full snapshot, drops the ones no longer listed. */
async function cachePhotos(urls, isFull) {
  const cache = await caches.open(PHOTOS);
  const wanted = new Set(urls);
  if (isFull) for (const request of await cache.keys()) if (!wanted.has(new URL(request.url).pathname + new URL(request.url).search)) await cache.delete(request);
  const missing = [];
  for (const u of wanted) if (!(await cache.match(u, { ignoreVary: true }))) missing.push(u);
  const next = async () => {
    for (let u = missing.shift(); u !== undefined; u = missing.shift()) {
      try {
        const res = await fetch(u);
        if (res.ok) await cache.put(u, res);
      } catch {
        return; // offline again: the next snapshot asks once more
      }
    }
  };
  await Promise.all([next(), next(), next(), next()]);
}

/** The page sends the lazy chunks it loaded before the worker took control, and the photos of its snapshot. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'cache-photos' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((u) => typeof u === 'string' && u.startsWith(PHOTO_PATH)).slice(0, 20000);
    event.waitUntil(cachePhotos(urls, data.isFull === true));
    return;
  }
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && new URL(u).origin === self.location.origin && new URL(u).pathname.startsWith('/assets/'));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined))))));
});

/** The cached copy if any; otherwise the network's answer, kept when `keep` and it succeeded. */
async function cacheFirst(name, request, keep) {
  const cache = await caches.open(name);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && keep) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!(url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`))) return;
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const res = await fetch(request);
          if (res.ok) await cache.put(SHELL, res.clone());
          return res;
        } catch {
          return (await cache.match(SHELL, { ignoreVary: true, ignoreSearch: true })) || Response.error();
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith(PHOTO_PATH)) {
    event.respondWith(cacheFirst(PHOTOS, request, true));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/scanner.webmanifest' || url.pathname === '/favicon.svg') {
    event.respondWith(cacheFirst(CACHE, request, url.pathname.startsWith('/assets/')));
  }
});
