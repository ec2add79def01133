"use client";

import { LazyErrorScreen } from "@/components/ui/lazy-error-screen";

/**
 * Next 16 passes both reset (re-render) and retry (refresh server data, then
 * re-render); Try Again uses retry so a failed server fetch is attempted again.
 */
export default function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  return <LazyErrorScreen error={error} reset={retry} />;
}
