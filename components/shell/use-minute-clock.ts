"use client";

import { useSyncExternalStore } from "react";

const MINUTE_MS = 60_000;

function subscribe(onChange: () => void): () => void {
  // Tick on the minute boundary, then every minute; also when the tab becomes visible again.
  let interval: number | undefined;
  const timeout = window.setTimeout(() => {
    onChange();
    interval = window.setInterval(onChange, MINUTE_MS);
  }, MINUTE_MS - (Date.now() % MINUTE_MS));
  document.addEventListener("visibilitychange", onChange);
  return () => {
    window.clearTimeout(timeout);
    if (interval !== undefined) window.clearInterval(interval);
    document.removeEventListener("visibilitychange", onChange);
  };
}

/** Stable within a minute, so React re-renders once a minute at most. */
const getSnapshot = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
/** Server render: no clock, so server and client markup agree; the client fills it in. */
const getServerSnapshot = () => null;

/** The current time rounded down to the minute (epoch ms), or null during server rendering and hydration. */
export function useMinuteClock(): number | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
