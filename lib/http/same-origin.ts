import { AppError } from "./app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages. Next.js checks this for server
 * actions but not for route handlers, so we do: a browser always sends Sec-Fetch-Site and/or
 * Origin on a cross-site POST; non-browser clients (curl, the mobile app with a bearer token)
 * send neither and are not exposed to CSRF.
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") throw crossSite();
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (originHost !== host) throw crossSite();
}

const crossSite = () => new AppError("FORBIDDEN", "Access denied: cross-site request rejected");
