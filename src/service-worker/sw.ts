/// <reference lib="webworker" />
// The service worker (docs/decisions/027): the app's code from the phone, pages at once from
// the phone and brought up to date behind them, nothing personal and no write ever from a cache.
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { isKeptPage, markKept, OFFLINE_PICTURE, PUBLIC_READS, pagesCacheOf } from './pages'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

const manifest = self.__WB_MANIFEST
precacheAndRoute(manifest)
cleanupOutdatedCaches()

/** This version's pages: a page names this version's code, so a new version keeps none of the old. */
const PAGES = pagesCacheOf(manifest)

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isKeptPage(url),
  new StaleWhileRevalidate({
    cacheName: PAGES,
    plugins: [
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 }),
      {
        // The kept copy says it is one; the network's answer (a first visit) goes as it came.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return null
          // The text is decoded and changed: its length and encoding are no longer the network's.
          const headers = new Headers(cachedResponse.headers)
          headers.delete('content-length')
          headers.delete('content-encoding')
          return new Response(markKept(await cachedResponse.text()), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          })
        },
      },
    ],
  }),
)

// Pictures (posters, drawings, profile pictures) are shown from the phone, and fetched again behind.
// One never seen (a poster further down the calendar) and no network: a plain frame in its
// place, never a broken image; the page's own words (the poster's alt) stay as they are.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new StaleWhileRevalidate({
    cacheName: 'pictures',
    plugins: [
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 }),
      {
        handlerDidError: async () =>
          new Response(OFFLINE_PICTURE, {
            headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' },
          }),
      },
    ],
  }),
)

// The public reads that decide which links the menu offers ('Book a spot', 'Print Studio'): from
// the network when there is one, else as last read. Kept once when the worker installs, so a
// phone that has only seen the calendar still has them offline.
const READS = 'public-reads'
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.search === '' &&
    PUBLIC_READS.includes(url.pathname),
  new NetworkFirst({ cacheName: READS }),
)
self.addEventListener('install', (event) => {
  // Kept if the network lets it: the worker installs either way.
  event.waitUntil(
    caches
      .open(READS)
      .then((cache) => cache.addAll(PUBLIC_READS))
      .catch(() => {}),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('pages-') && name !== PAGES)
            .map((name) => caches.delete(name)),
        ),
      ),
  )
})

// A new version waits until the page says the person agreed to reload (src/app-update.ts): taking
// over an open page at once would leave it asking for code the new version no longer has.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()
