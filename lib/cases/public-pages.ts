/**
 * The public pages of memorial cases that answer people without a sign-in: the family's status
 * page (/c/{token}) and a certificate's check (/verify/{code}). Each is counted against a
 * per-address limit before it renders (proxy.ts), because only there can the answer's status be
 * 429; the page reads the outcome from a request header the proxy always sets or removes.
 */
export const PUBLIC_PAGE_PATTERN = /^\/(c|verify)\/[^/]+\/?$/;

/** Set by proxy.ts on a public page's request when the address is over its limit: the sentence to show. */
export const RATE_LIMITED_HEADER = "x-bfs-rate-limited";

export type PublicPage = "family" | "verify";

export function publicPageOf(pathname: string): PublicPage | null {
  const match = PUBLIC_PAGE_PATTERN.exec(pathname);
  if (!match) return null;
  return match[1] === "c" ? "family" : "verify";
}
