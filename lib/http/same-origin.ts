import { AppError } from "./app-error";
import { PEER_ADDRESS_HEADER } from "./peer-address";
import { trustProxySetting, trustsForwardedHeaders } from "./trust-proxy";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages. Next.js checks this for server
 * actions but not for route handlers, so we do: a browser always sends Sec-Fetch-Site and/or
 * Origin on a cross-site POST; non-browser clients (curl, the mobile app with a bearer token)
 * send neither and are not exposed to CSRF.
 *
 * The Origin must equal one of the public origins exactly, scheme and port included:
 * APP_URL, NEXTAUTH_URL and the ALLOWED_ORIGINS list when any is set; otherwise the
 * origin this request was addressed to (http + Host). X-Forwarded-Host / -Proto count only
 * when the peer is a proxy that TRUST_PROXY trusts.
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") throw crossSite();
  const origin = req.headers.get("origin");
  if (!origin) return;
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    throw crossSite();
  }
  if (normalized === "null" || !publicOrigins(req).has(normalized)) throw crossSite();
}

/** The origins our pages are served from, as this request lets us know them. */
export function publicOrigins(req: Request): Set<string> {
  const configured = [process.env.APP_URL, process.env.NEXTAUTH_URL, ...(process.env.ALLOWED_ORIGINS ?? "").split(",")]
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value))
    .flatMap((value) => {
      try {
        return [new URL(value).origin];
      } catch {
        return [];
      }
    });
  if (configured.length > 0) return new Set(configured);

  const peer = req.headers.get(PEER_ADDRESS_HEADER);
  const trusted = peer !== null && trustsForwardedHeaders(peer, trustProxySetting());
  const first = (name: string) => req.headers.get(name)?.split(",")[0]?.trim() || null;
  const host = (trusted && first("x-forwarded-host")) || req.headers.get("host");
  const proto = (trusted && first("x-forwarded-proto")) || "http";
  return host ? new Set([`${proto}://${host}`]) : new Set();
}

const crossSite = () => new AppError("FORBIDDEN", "Access denied: cross-site request rejected");
