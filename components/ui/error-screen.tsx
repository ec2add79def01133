"use client";

import { useEffect, useRef, useState } from "react";
import { buttonLook } from "./button-look";

/**
 * The spec warns "after more than 2 repeats" of an error on the same path. The first occurrence
 * is not a repeat, so the warning appears with the 3rd repeat, i.e. the 4th occurrence.
 */
const REPEAT_WARNING_THRESHOLD = 2;
const REPEAT_KEY_PREFIX = "error-repeats:";

/** Counts this error against the path, for this browser tab's session; returns the occurrences so far. */
function recordOccurrence(path: string): number {
  try {
    const key = REPEAT_KEY_PREFIX + path;
    const count = (Number(sessionStorage.getItem(key)) || 0) + 1;
    sessionStorage.setItem(key, String(count));
    return count;
  } catch {
    return 1; // storage blocked: count nothing rather than fail the error screen
  }
}

function digestOf(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "digest" in error && typeof error.digest === "string") {
    return error.digest;
  }
  return undefined;
}

export interface ErrorScreenProps {
  error: unknown;
  /** Re-renders the failed part of the page. */
  reset: () => void;
  /** Fills the window (the root error boundary, which has no shell around it). */
  fullScreen?: boolean;
}

/**
 * The generic error screen (spec §2): Try Again, Reload Page, Go Home, and the warning when an
 * error keeps happening. Plain elements with the button look and no `cn`: the error boundaries
 * load it through components/ui/lazy-error-screen.tsx.
 */
export function ErrorScreen({ error, reset, fullScreen = false }: ErrorScreenProps) {
  const [occurrences, setOccurrences] = useState(0);
  // Counted once per occurrence, even when development mode runs effects twice.
  const counted = useRef(false);

  useEffect(() => {
    console.error(error);
    if (counted.current) return;
    counted.current = true;
    setOccurrences(recordOccurrence(window.location.pathname));
  }, [error]);

  const digest = digestOf(error);
  return (
    <div className={`flex ${fullScreen ? "min-h-screen" : "min-h-[60vh]"} items-center justify-center px-4 py-16`}>
      <div className="w-full max-w-md text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-sm text-slate-600">
          An unexpected error stopped this page from loading. You can try again, reload the page or go back home.
        </p>
        {occurrences - 1 > REPEAT_WARNING_THRESHOLD && (
          <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
            This error keeps happening. If reloading doesn&apos;t help, contact your administrator.
          </p>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <button type="button" className={buttonLook()} onClick={reset}>
            Try Again
          </button>
          <button type="button" className={buttonLook("secondary")} onClick={() => window.location.reload()}>
            Reload Page
          </button>
          {/* A full page load on purpose, so a broken client state cannot follow the user home. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className={buttonLook("ghost")}>
            Go Home
          </a>
        </div>
        {digest && <p className="mt-6 text-xs text-slate-400">Reference: {digest}</p>}
      </div>
    </div>
  );
}
