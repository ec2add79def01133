"use client";

import { useState } from "react";
import { usePathname } from "next/navigation";

/**
 * Replays the 300 ms `screen-transition` animation (globals.css, spec §9) on every change of
 * page. Keyed by path, so moving between screens re-enters; query-string changes do not.
 *
 * Not on the page the browser loaded: there is no screen to move from, and content that starts
 * at opacity 0 is not "painted" for Largest Contentful Paint until the main thread is free after
 * hydration. On a throttled phone that held the dashboard's LCP ~0.9 s behind its first paint.
 */
export function ScreenTransition({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const [loadedOn] = useState(pathname);
  const [moved, setMoved] = useState(false);
  // Derived from the previous render (React's documented pattern), not an effect: the first
  // screen after a navigation must already render with the class.
  if (!moved && pathname !== loadedOn) setMoved(true);
  return (
    <div key={pathname} className={moved || pathname !== loadedOn ? "screen-transition" : undefined} data-testid="screen">
      {children}
    </div>
  );
}
