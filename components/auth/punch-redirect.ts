/**
 * Spec §2: a login that arrives with redirect=punch goes on to /punch-authenticated carrying
 * auto and location (location defaults to facility). Only that fixed path is ever built, so
 * the query string can't be turned into an open redirect.
 */
export interface RedirectParams {
  redirect?: string | null;
  auto?: string | null;
  location?: string | null;
}

export const PUNCH_AUTHENTICATED_PATH = "/punch-authenticated";

export function punchRedirectTarget(params: RedirectParams): string | null {
  if (params.redirect !== "punch") return null;
  const query = new URLSearchParams();
  if (params.auto) query.set("auto", params.auto);
  query.set("location", params.location || "facility");
  return `${PUNCH_AUTHENTICATED_PATH}?${query.toString()}`;
}
