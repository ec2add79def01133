"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { PRELOAD_DELAY_MS } from "@/lib/constants";
import { prefetchRoutes, type Role } from "./nav-config";

/**
 * Main pages are pre-loaded 2 seconds after sign-in (spec §2, §9): the shell mounts right
 * after sign-in, waits, then asks the router to prefetch every page the header links to.
 */
export function PrefetchMainPages({ role }: { role: Role }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const href of prefetchRoutes(role)) router.prefetch(href);
    }, PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [router, role]);
  return null;
}
