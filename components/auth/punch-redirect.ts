/**
 * Spec §2: a login that arrives with redirect=punch goes on to /punch-authenticated carrying
 * auto and location (location defaults to facility), and the printed code's signature (v, sig). Only that fixed path is ever built, so
 * the query string can't be turned into an open redirect.
 */
export interface RedirectParams {
  redirect?: string | null;
  auto?: string | null;
  location?: string | null;
  /** The printed QR code's key version and signature: carried through sign-in untouched. */
  v?: string | null;
  sig?: string | null;
}

export const PUNCH_AUTHENTICATED_PATH = "/punch-authenticated";

export function punchRedirectTarget(params: RedirectParams): string | null {
  if (params.redirect !== "punch") return null;
  const query = new URLSearchParams();
  if (params.auto) query.set("auto", params.auto);
  query.set("location", params.location || "facility");
  if (params.v) query.set("v", params.v);
  if (params.sig) query.set("sig", params.sig);
  return `${PUNCH_AUTHENTICATED_PATH}?${query.toString()}`;
}
