"use client";

import { lazy, Suspense } from "react";
import type { ErrorScreenProps } from "./error-screen";
import { ErrorScreenFrame } from "./error-screen-frame";

/**
 * Every page's HTML loads both error boundaries' chunks (the route's and the root's), and
 * Turbopack gives each its own copy of what it imports: the full screen there cost 2.6 KB
 * gzipped on every first load, for a screen almost no visit shows. The boundaries carry this
 * instead, and the screen downloads when an error happens; meanwhile its frame (heading and
 * explanation) shows. If it cannot download (the error may be the lost connection itself), the
 * frame offers a reload.
 */
const Screen = lazy(() =>
  import("./error-screen").then(
    (m) => ({ default: m.ErrorScreen }),
    () => ({ default: ({ fullScreen }: ErrorScreenProps) => <ErrorScreenFrame fullScreen={fullScreen}><ReloadLink /></ErrorScreenFrame> }),
  ),
);

function ReloadLink() {
  return (
    <button type="button" onClick={() => window.location.reload()} className="mt-6 font-medium text-indigo-700 underline">
      Reload Page
    </button>
  );
}

export function LazyErrorScreen(props: ErrorScreenProps) {
  return (
    <Suspense fallback={<ErrorScreenFrame fullScreen={props.fullScreen} />}>
      <Screen {...props} />
    </Suspense>
  );
}
