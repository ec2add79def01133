/** Addresses of the time card, for the server screen and the client grid alike. */

/** The grid's address: the period, the name filter and the page, each only when set. */
export function gridHref({ period, q, page }: { period?: string; q?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (period) params.set("period", period);
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/time-card${query ? `?${query}` : ""}`;
}
