"use client";

import { useEffect } from "react";
import { loadQrCamera } from "@/components/cases/load-qr-camera";
import { preloadPunchOut } from "@/components/punch/lazy-punch-out-flow";
import { loadModalDialog } from "@/components/ui/dialog";

/**
 * Code each screen fetches on first use, fetched as soon as the worker is active so that it is
 * kept too: a Punch Out tapped without a signal still opens its reason dialog, and the camera
 * and the dialogs of the scan screen still open without one. Each through its component's own
 * loader: the worker keeps files by address, and another import() of a module asks for others.
 */
const FIRST_USE: Record<ScreenScope, () => Promise<unknown>> = {
  "/mobile-punch": preloadPunchOut,
  "/punch-authenticated": preloadPunchOut,
  "/scan": () => Promise.allSettled([loadQrCamera(), loadModalDialog()]),
  // Read-only offline: its shifts come from the device's record (lib/offline/kept-my-shifts.ts).
  "/schedule/me": () => Promise.resolve(),
  // The driver's run: read from the device's record offline (lib/offline/kept-my-runs.ts); the tag camera opens without a signal.
  "/runs/today": () => loadQrCamera(),
};

type ScreenScope = "/mobile-punch" | "/punch-authenticated" | "/scan" | "/schedule/me" | "/runs/today";
/** The screens kept as they were last seen, and `/` (the start page) with its offline stand-in. */
type OfflineScope = ScreenScope | "/";

/**
 * Registers public/sw.js for this page's path only (scope = the page), so the punch screens and
 * the scan screen open without a signal. `/` (signed in) registers the root scope, whose worker
 * answers only navigations to `/` (with /offline when there is no signal) and lets every other
 * request through, and asks it to keep /offline. The screens then hand the worker what this page already loaded (its scripts, styles, fonts arrived before the
 * worker existed) and the code it loads on first use, so the next visit works offline too.
 * Production builds only: in development the chunks are not content-hashed and a cache-first
 * worker would serve stale code.
 */
export function RegisterServiceWorker({ scope }: { scope: OfflineScope }) {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let cancelled = false;
    navigator.serviceWorker
      .register("/sw.js", { scope })
      .then(async (registration) => {
        const worker = registration.active ?? (await waitForActive(registration));
        if (cancelled || !worker) return;
        // The start page is never kept (large, and this person's): the worker keeps /offline,
        // a page with nothing of a person in it, and the code that page loads, itself.
        if (scope === "/") return worker.postMessage({ type: "keep-start-page" });
        await FIRST_USE[scope]();
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
