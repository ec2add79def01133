"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { PRELOAD_DELAY_MS } from "@/lib/constants";

const PREFETCHED_KEY = "bfs.prefetchedForSignIn";

/** True the first time it is asked for this sign-in (in this browser), false afterwards. */
function firstTimeFor(signInId: string): boolean {
  try {
    if (localStorage.getItem(PREFETCHED_KEY) === signInId) return false;
    localStorage.setItem(PREFETCHED_KEY, signInId);
  } catch {
    // Storage blocked: prefetching again is harmless.
  }
  return true;
}

/**
 * Main pages are pre-loaded 2 seconds after sign-in (spec §2, §9): once per sign-in (keyed by
 * the session), not on every mount of the shell: page loads, reloads and moving between `/`
 * and the other pages leave it alone. A new sign-in is a new session, so it prefetches again.
 */
export function PrefetchMainPages({ routes, signInId }: { routes: string[]; signInId: string }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!firstTimeFor(signInId)) return;
      for (const href of routes) router.prefetch(href);
    }, PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [router, routes, signInId]);
  return null;
}
