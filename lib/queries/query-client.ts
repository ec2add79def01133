import { QueryClient, isServer } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { QUERY_GC_MS, QUERY_STALE_MS } from "@/lib/constants";

/**
 * The spec's cache policy (§9): fresh 5 minutes, kept 10 minutes unused, no refetch on
 * focus, no polling, no automatic retries, nothing held back while offline. Queries that
 * differ (punch status polls and refetches on focus) say so where they are defined.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        networkMode: "always",
      },
      // "always": a request made while the browser reports no connection is sent, fails, and
      // shows the spec's "Connection Lost" (§8). React Query's default holds it until the
      // connection returns and sends it then: a punch tapped at 7:00 on a phone without signal
      // would be recorded whenever the phone next found one, and the button would say
      // "Punching In…" until then.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/**
 * One client per browser tab, so a re-render never drops the cache; on the
 * server a fresh client per request, so users never share cached data.
 */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
