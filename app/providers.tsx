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
  // Marks the document once React has hydrated, so browser tests act on live controls only.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
