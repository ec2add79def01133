"use client";

import { useEffect, useState } from "react";
import { TIMER_TICK_MS } from "@/lib/constants";

/**
 * The current time, refreshed every second while `active`. Display code computes elapsed time
 * from a timestamp and this value — never by counting ticks — so a throttled or sleeping tab
 * shows the right time again on the first tick (and at once when it becomes visible).
 */
export function useNow(active: boolean, intervalMs: number = TIMER_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(tick, intervalMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [active, intervalMs]);
  return now;
}
