"use client";

import { LazyErrorScreen } from "@/components/ui/lazy-error-screen";
import "./globals.css";

/** Replaces the root layout when it fails, so it brings its own document and styles. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="bg-slate-50 text-slate-900 antialiased">
        <title>Something went wrong · BFS Tasks</title>
        <LazyErrorScreen error={error} reset={retry} fullScreen />
      </body>
    </html>
  );
}
