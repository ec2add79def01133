"use client";

import { formatElapsedSince } from "@/lib/punch/format-elapsed";
import { useNow } from "./use-now";

/** hh:mm:ss since `since`, ticking every second (spec §4, §9). */
export function ElapsedTimer({ since, className }: { since: string | null; className?: string }) {
  const now = useNow(since !== null);
  return (
    <span className={className} role="timer" aria-live="off" data-testid="punch-timer">
      {formatElapsedSince(since, now)}
    </span>
  );
}
