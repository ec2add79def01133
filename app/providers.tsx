"use client";

import "@/lib/zod-setup";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { getQueryClient } from "@/lib/queries/query-client";

/** Client-side context for the whole app: data cache, toasts. */
export function Providers({ children }: { children: ReactNode }) {
  // Not useState: a suspending first render would throw the client away.
  const queryClient = getQueryClient();
  // Marks the document once React has hydrated, so browser tests act on live controls only, and
  // with data-ready while no query is loading, so they can tell a screen that has its data.
  // This effect runs after the screen's own, which have started its queries by then.
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.hydrated = "true";
    const mark = () => {
      if (queryClient.isFetching() > 0) delete root.dataset.ready;
      else root.dataset.ready = "true";
    };
    mark();
    return queryClient.getQueryCache().subscribe(mark);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
