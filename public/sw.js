/*
 * BFS Tasks service worker: keeps the punch screens (/mobile-punch, /punch-authenticated) and
 * the case scan screen (/scan) opening without a signal. Registered by those pages only (components/offline/register-service-
 * worker.tsx), each with its own scope, so no other page is controlled by it. docs/punch.md.
 *
 * - Page loads of those screens: network first (a fresh page and punch status when there is a
 *   signal); the answer is kept, and served when the network fails.
 * - /_next/static/* (content-hashed, immutable), the icons and the manifest: cache first.
 * - Everything else, the API above all, goes to the network untouched: punches made offline are
 *   kept by the page's own queue (lib/offline), never by this worker; so are scans.
 * A page may post { type: "cache-urls", urls } to keep what it has already loaded (its scripts
 * arrived before this worker controlled it).
 */
const VERSION = "v1";
const SHELL_CACHE = `bfs-shell-${VERSION}`;
const STATIC_CACHE = `bfs-static-${VERSION}`;
const SHELL_PAGES = ["/mobile-punch", "/punch-authenticated", "/scan"];

const isShellPage = (url) => url.origin === self.location.origin && SHELL_PAGES.includes(url.pathname);
const isStatic = (url) =>
  url.origin === self.location.origin &&
  (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/") || url.pathname.startsWith("/fonts/") || url.pathname === "/manifest.webmanifest");

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, STATIC_CACHE]);
      for (const name of await caches.keys()) if (name.startsWith("bfs-") && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/**
 * A shell page, kept under its full address (a QR link's location and signature are in the query)
 * and, without a query, under its path: an address never seen before falls back to the plain page.
 */
async function networkFirstPage(request) {
  const url = new URL(request.url);
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    // Only a real page: never a redirect to the sign-in or an error page.
    if (response.ok && !response.redirected && response.type === "basic") await cache.put(url.href, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(url.href)) ?? (await cache.match(new URL(url.pathname, url.origin).href));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate" && isShellPage(url)) {
    event.respondWith(networkFirstPage(request));
  } else if (isStatic(url)) {
    event.respondWith(cacheFirst(request));
  }
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "cache-urls" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      for (const raw of data.urls) {
        let url;
        try {
          url = new URL(raw, self.location.origin);
        } catch {
          continue;
        }
        try {
          if (isStatic(url)) {
            const cache = await caches.open(STATIC_CACHE);
            if (!(await cache.match(url.href))) await cache.add(url.href);
          } else if (isShellPage(url)) {
            const plain = new URL(url.pathname, self.location.origin).href;
            const response = await fetch(plain, { credentials: "same-origin" });
            if (response.ok && !response.redirected) await (await caches.open(SHELL_CACHE)).put(plain, response);
          }
        } catch {
          // Offline again, or the file is gone after a deploy: the next visit tries again.
        }
      }
    })(),
  );
});
