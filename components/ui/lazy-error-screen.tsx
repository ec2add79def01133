"use client";

import { lazy, Suspense } from "react";
import type { ErrorScreenProps } from "./error-screen";

/**
 * Every page's HTML loads both error boundaries' chunks (the route's and the root's), and
 * Turbopack gives each its own copy of what it imports: the full screen there cost 2.6 KB
 * gzipped on every first load, and even its frame (heading and explanation) 1.3 KB, for a
 * screen almost no visit shows. The boundaries carry only this: the screen downloads when an
 * error happens (nothing shows for that moment), and if it cannot download (the error may be
 * the lost connection itself), the heading and a reload take its place.
 */
const Screen = lazy(() =>
  import("./error-screen").then(
    (m) => ({ default: m.ErrorScreen }),
    () => ({ default: Unreachable }),
  ),
);

function Unreachable() {
  return (
    <div className="px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <button type="button" onClick={() => window.location.reload()} className="mt-6 font-medium text-indigo-700 underline">
        Reload Page
      </button>
    </div>
  );
}

export function LazyErrorScreen(props: ErrorScreenProps) {
  return (
    <Suspense>
      <Screen {...props} />
    </Suspense>
  );
}
