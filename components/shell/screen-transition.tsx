"use client";

import { usePathname } from "next/navigation";

/**
 * Replays the 300 ms `screen-transition` animation (globals.css, spec §9) on every change of
 * page. Keyed by path, so moving between screens re-enters; query-string changes do not.
 */
export function ScreenTransition({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  return (
    <div key={pathname} className="screen-transition" data-testid="screen">
      {children}
    </div>
  );
}
