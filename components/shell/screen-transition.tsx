"use client";

import { useState } from "react";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

/**
 * The path the browser loaded, kept for the tab's life (client only: on the server every render
 * is a loaded page). An instance's own first path is not enough: each signed-out page mounts its
 * own frame, and / (the dashboard outside the route group) its own shell.
 */
let pageLoadPath: string | undefined;

/**
 * Replays the 300 ms `screen-transition` animation (globals.css, spec §9) on every change of
 * page. Keyed by path, so moving between screens re-enters; query-string changes do not.
 *
 * Not on the page the browser loaded: there is no screen to move from, and content that starts
 * at opacity 0 is not "painted" for Largest Contentful Paint until the main thread is free after
 * hydration. On a throttled phone that held the dashboard's LCP ~0.9 s behind its first paint.
 */
export function ScreenTransition({ children, className }: { children: React.ReactNode; className?: string }) {
  const pathname = usePathname();
  const [loadedOn] = useState(() => (typeof window === "undefined" ? pathname : (pageLoadPath ??= pathname)));
  const [moved, setMoved] = useState(false);
  // Derived from the previous render (React's documented pattern), not an effect: the first
  // screen after a navigation must already render with the class.
  if (!moved && pathname !== loadedOn) setMoved(true);
  return (
    <div key={pathname} className={cn(moved || pathname !== loadedOn ? "screen-transition" : undefined, className) || undefined} data-testid="screen">
      {children}
    </div>
  );
}
