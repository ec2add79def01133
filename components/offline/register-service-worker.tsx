"use client";

import { useEffect } from "react";

/**
 * Registers public/sw.js for this page's path only (scope = the page), so the punch screens open
 * without a signal and no other page is ever controlled by the worker. Then hands the worker what
 * this page already loaded (its scripts, styles, fonts arrived before the worker existed) and the
 * code it loads on first use, so the next visit works offline too. Production builds only: in development the chunks are not
 * content-hashed and a cache-first worker would serve stale code.
 */
export function RegisterServiceWorker({ scope }: { scope: "/mobile-punch" | "/punch-authenticated" }) {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let cancelled = false;
    navigator.serviceWorker
      .register("/sw.js", { scope })
      .then(async (registration) => {
        const worker = registration.active ?? (await waitForActive(registration));
        if (cancelled || !worker) return;
        // Code these screens fetch on first use (the punch-out dialog, the toasts): fetched now, so
        // a Punch Out tapped without a signal still opens its reason dialog.
        await Promise.allSettled([import("@/components/punch/punch-out-flow"), import("@/components/ui/modal-dialog"), import("@/components/ui/toast")]);
        const loaded = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(`${location.origin}/_next/static/`) || name.startsWith(`${location.origin}/fonts/`));
        worker.postMessage({ type: "cache-urls", urls: [scope, ...loaded, "/manifest.webmanifest", "/icons/icon-192.png"] });
      })
      .catch(() => {
        // No service worker (private mode, an old browser): the page still works online.
      });
    return () => {
      cancelled = true;
    };
  }, [scope]);
  return null;
}

function waitForActive(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const installing = registration.installing ?? registration.waiting;
  if (!installing) return Promise.resolve(registration.active);
  return new Promise((resolve) => {
    installing.addEventListener("statechange", () => {
      if (installing.state === "activated") resolve(installing);
      else if (installing.state === "redundant") resolve(null);
    });
  });
}
