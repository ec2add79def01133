"use client";

import { formatElapsedSince } from "@/lib/punch/format-elapsed";
import { useNow } from "./use-now";

/**
 * hh:mm:ss since `since`, ticking every second (spec §4, §9). The server renders it at its own
 * "now" and the browser hydrates a moment later at another, so the text differs by design:
 * `suppressHydrationWarning` keeps React from reporting that (minified error #418 on every page
 * loaded while punched in), and the first tick, at once after hydration, shows the browser's time.
 */
export function ElapsedTimer({ since, className }: { since: string | null; className?: string }) {
  const now = useNow(since !== null);
  return (
    <span className={className} role="timer" aria-live="off" data-testid="punch-timer" suppressHydrationWarning>
      {formatElapsedSince(since, now)}
    </span>
  );
}
