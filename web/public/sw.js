// The service worker of the score sheet (/sheet): it keeps the app shell (the page
// and its hashed assets) so that the sheet still opens and works when the connection
// drops after the first load. Plain JavaScript served as a file from the site's root
// (scope "/"), registered by the app's own bundle: nothing inline, so the server's
// strict Content-Security-Policy (script-src 'self') holds.
//
// Pages are fetched from the network first (a new version arrives at once) and the
// kept copy answers only when the network fails; the hashed assets (/assets/...)
// never change, so the kept copy answers first. The API and sockets are never
// touched.

const CACHE = 'cardtable-shell-v1';
const PAGE = '/sheet';

async function keepShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(PAGE, { cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(PAGE, response);
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"#?]+)"/g)].map((m) => m[1]).filter((path) => !path.startsWith('/api/'));
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').startsWith('text/html')) {
      await cache.put(PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') event.respondWith(asset(request));
});
