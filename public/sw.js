/*
 * BFS Tasks service worker: keeps the punch screens (/mobile-punch, /punch-authenticated), the
 * case scan screen (/scan), my schedule (/schedule/me, its shifts kept by the page:
 * lib/offline/kept-my-shifts.ts) and the driver's run (/runs/today, its run kept by the page:
 * lib/offline/kept-my-runs.ts) opening without a signal, and gives the start page `/` (the installed
 * app's start_url) an offline stand-in: /offline, My day as the device last saw it. docs/punch.md,
 * "Installable app and service worker".
 *
 * Registered by those pages only (components/offline/register-service-worker.tsx), each with its
 * own scope: the three screens with theirs, and `/` (the start page, signed in) with the root
 * scope. The root registration's worker answers navigations to `/` and /offline (and to the
 * three screens, as their own workers do, until those are registered); every other request passes
 * through it untouched (the API does not even reach it where the browser knows static routes),
 * and of code it stores only what the offline start page needs.
 *
 * - Page loads of the three screens: network first (a fresh page and punch status when there is
 *   a signal); the answer is kept, and served when the network fails.
 * - Page loads of `/`: always the network, never kept (the dashboard is large and personal);
 *   when the network fails, the kept /offline, a page with nothing of a person in it, which
 *   draws My day from the device's own record (lib/offline/kept-my-day.ts).
 * - /_next/static/* (content-hashed, immutable), the icons and the manifest: cache first. The
 *   root registration stores none of it on its own; it keeps /offline's code when asked.
 * - Everything else, the API above all, goes to the network untouched: punches and scans made
 *   offline are kept by the page's own queue (lib/offline), never by this worker.
 * Messages from a page: { type: "cache-urls", urls } keeps what a screen has already loaded (its
 * scripts arrived before this worker controlled it); { type: "keep-start-page" } keeps /offline
 * and the code it can load, refreshed when older than START_PAGE_MAX_AGE_MS.
 * { type: "forget-pages" } (a sign-out: lib/offline/kept-my-day.ts, forgetKeptOnDevice) deletes
 * the kept screens from the `bfs-shell-*` caches, all but the person-free /offline, and keeps a
 * page fetched before it from being stored after it.
 */
const VERSION = "v2";
const SHELL_CACHE = `bfs-shell-${VERSION}`;
const STATIC_CACHE = `bfs-static-${VERSION}`;
const SHELL_PAGES = ["/mobile-punch", "/punch-authenticated", "/scan", "/schedule/me", "/runs/today"];
const START_PAGE = "/offline";
/** The kept /offline is fetched again after this long (a deploy brings new code): once a day at most. */
const START_PAGE_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** At most this many files of code are kept for /offline (about its own chunks, a few dozen). */
const START_PAGE_MAX_FILES = 80;

/**
 * Raised by a sign-out ({ type: "forget-pages" }): a page fetched before it is not stored after it,
 * so a screen loading while someone signs out never puts their copy back.
 */
let generation = 0;

/**
 * Stores a kept screen fetched since `started`, unless a sign-out came meanwhile; one that comes
 * while the copy is being written (the sweep may already have passed it) takes it out again.
 */
async function keepPage(cache, key, response, started) {
  if (started !== generation) return;
  await cache.put(key, response);
  if (started !== generation) await cache.delete(key);
}

/** The kept screens go (the person-free /offline stays): what a sign-out asks of every worker. */
async function forgetPages() {
  generation += 1;
  for (const name of await caches.keys()) {
    if (!name.startsWith("bfs-shell-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (new URL(request.url).pathname !== START_PAGE) await cache.delete(request);
  }
}

const isRootScope = () => new URL(self.registration.scope).pathname === "/";
const sameOrigin = (url) => url.origin === self.location.origin;
const isShellPage = (url) => sameOrigin(url) && SHELL_PAGES.includes(url.pathname);
const isStatic = (url) =>
  sameOrigin(url) &&
  (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/") || url.pathname.startsWith("/fonts/") || url.pathname === "/manifest.webmanifest");

self.addEventListener("install", (event) => {
  // Where the browser knows static routes (Chromium), API calls never start this worker: the
  // status poll of every page under the root scope goes straight to the network.
  if (typeof event.addRoutes === "function" && typeof URLPattern === "function") {
    try {
      event.waitUntil(event.addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: "/api/*" }) }, source: "network" }]).catch(() => undefined));
    } catch {
      // An older form of the API: the fetch handler below lets the API pass anyway.
    }
  }
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
  const started = generation;
  try {
    const response = await fetch(request);
    // Only a real page: never a redirect to the sign-in or an error page, nor one from before a sign-out.
    if (response.ok && !response.redirected && response.type === "basic") await keepPage(cache, url.href, response.clone(), started);
    return response;
  } catch (error) {
    const cached = (await cache.match(url.href)) ?? (await cache.match(new URL(url.pathname, url.origin).href));
    if (cached) return cached;
    throw error;
  }
}

/** `/` (and /offline itself): the network; without one, the kept offline start page. */
async function startPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await caches.open(SHELL_CACHE)).match(new URL(START_PAGE, self.location.origin).href);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // The root scope covers every page: it serves kept code but keeps only what /offline needs.
  if (!isRootScope() && response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate" && isShellPage(url)) {
    event.respondWith(networkFirstPage(request));
  } else if (request.mode === "navigate" && sameOrigin(url) && (url.pathname === "/" || url.pathname === START_PAGE)) {
    event.respondWith(startPage(request));
  } else if (isStatic(url)) {
    event.respondWith(cacheFirst(request));
  }
});

/**
 * Static files a page or a file names: a page's <script>/<link> tags, a script's chunk lists of its
 * lazy imports ("static/chunks/….js"), a style sheet's fonts (url(../media/….woff2)).
 */
function staticUrlsIn(text, base) {
  const urls = new Set();
  for (const match of text.matchAll(/(?:\/_next\/)?static\/(?:chunks|media|css)\/[\w.\-/]+\.(?:js|css|woff2)/g)) {
    const path = match[0].startsWith("/_next/") ? match[0] : `/_next/${match[0]}`;
    urls.add(new URL(path, self.location.origin).href);
  }
  for (const match of text.matchAll(/url\((\.\.\/media\/[\w.\-]+\.woff2)\)/g)) urls.add(new URL(match[1], base).href);
  return urls;
}

/**
 * Keeps /offline and its code: the files its page names, then the files its scripts name (the
 * lists of their lazy imports, so the punch-out dialog opens offline), breadth first, capped.
 */
async function keepStartPage() {
  const shell = await caches.open(SHELL_CACHE);
  const href = new URL(START_PAGE, self.location.origin).href;
  const kept = await shell.match(href);
  const keptAt = kept ? Date.parse(kept.headers.get("date") ?? "") : NaN;
  if (kept && Date.now() - keptAt < START_PAGE_MAX_AGE_MS) return;
  const response = await fetch(href, { credentials: "same-origin" });
  // Signed out (a redirect to the sign-in) or an error: keep nothing.
  if (!response.ok || response.redirected || response.type !== "basic") return;
  const html = await response.clone().text();
  const statics = await caches.open(STATIC_CACHE);
  const queue = [...staticUrlsIn(html, href)];
  const seen = new Set(queue);
  for (let i = 0; i < queue.length && i < START_PAGE_MAX_FILES; i++) {
    const url = queue[i];
    let file = await statics.match(url);
    if (!file) {
      const fetched = await fetch(url);
      if (!fetched.ok) continue;
      await statics.put(url, fetched.clone());
      file = fetched;
    }
    if (url.endsWith(".js") || url.endsWith(".css")) {
      for (const next of staticUrlsIn(await file.text(), url)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  // The page last: it is only served once the code it needs is here.
  await shell.put(href, response);
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "forget-pages") {
    event.waitUntil(forgetPages().catch(() => undefined));
    return;
  }
  if (data && data.type === "keep-start-page") {
    event.waitUntil(keepStartPage().catch(() => undefined));
    return;
  }
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
            const started = generation;
            const response = await fetch(plain, { credentials: "same-origin" });
            if (response.ok && !response.redirected) await keepPage(await caches.open(SHELL_CACHE), plain, response, started);
          }
        } catch {
          // Offline again, or the file is gone after a deploy: the next visit tries again.
        }
      }
    })(),
  );
});

/*
 * Push notifications (docs/notifications.md "Push"): the server's payload is
 * { title, body, url, tag } (lib/services/push/deliver.ts). The worker shows it; a tap focuses a
 * window of the app on the item's address, or opens one. Only same-origin paths are opened.
 */
const sameOriginPath = (raw) => {
  try {
    const url = new URL(typeof raw === "string" ? raw : "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL("/", self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
};

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "BFS Tasks";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: sameOriginPath(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        // navigate() works only on a window this worker controls; otherwise a new window opens.
        if (!("navigate" in client)) continue;
        const opened = await client.navigate(target).catch(() => null);
        if (opened) {
          await opened.focus().catch(() => undefined);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
