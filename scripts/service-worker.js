// SSD Playground's service worker, written into dist/sw.js by scripts/vite-offline.ts with this
// build's version and files. After a first visit the app works offline: the page, its code, the
// wasm engine, the stories and their catalogue are kept; a story step's shipped run is kept once
// read (offline, a step whose run was never read is simulated by the cached engine instead).
// Everything comes from the cache of one build, so code and data always match; a new build has
// a new version, installs beside the old one, takes over and deletes it.
const VERSION = __VERSION__;
const FILES = __FILES__;
const PREFIX = 'ssd-playground-';
const CACHE = PREFIX + VERSION;
const RUNS = 'story-runs/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The cached page a navigation opens: the playground (any query) or the embed page. */
function pageFor(url, scope) {
  const file = url.pathname.slice(scope.pathname.length);
  return new URL(file === '' || file === 'index.html' ? 'index.html' : file, scope).href;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  if (request.mode === 'navigate') {
    // The query is the scenario or the story: one cached page serves them all.
    event.respondWith(caches.match(pageFor(url, scope), { cacheName: CACHE }).then((hit) => hit || fetch(request)));
    return;
  }
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          // A story step's run is kept once read; nothing else is added to this build's files.
          if (response.ok && url.pathname.startsWith(scope.pathname + RUNS)) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});
