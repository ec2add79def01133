import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { can, CLINIC_ROLE, PRINCIPAL_ROLES, type Role } from "@/lib/auth/permissions";
import { getClientIp } from "@/lib/auth/client-info";
import { getAuthSecret } from "@/lib/auth/secret";
import { isSecureCookie, sessionCookieName } from "@/lib/auth/session-cookie";
import { publicPageOf, RATE_LIMITED_HEADER } from "@/lib/cases/public-pages";
import { generateNonce, pageContentSecurityPolicy, strictTransportSecurity } from "@/lib/http/security-headers";

/**
 * Redirects (spec §2, §6) and each page's Content-Security-Policy nonce: the spec's sign-in routes need a signed-in user, /admin/* needs an admin, and /punch-authenticated sends a signed-out visitor
 * to the login with redirect=punch. It reads next-auth's session cookie with `getToken` (the
 * role is in it) and does not touch the database (but for counting the public case pages' requests,
 * below): the data behind every page is guarded again
 * by the route() wrapper, which checks the session row. /api/* guards itself (401 JSON, not a
 * redirect). /, /reset-password and /mobile-punch are public, and any path not in the spec's
 * table is left to the not-found page ("any other path: a not-found page"), signed in or not.
 */
/** Spec §2's sign-in-required routes; each also covers its sub-paths (/projects/{id} ...). Add new pages here. */
const PROTECTED_ROUTES = [
  "/scoreboard",
  "/statistics",
  "/time-logs",
  "/gantt",
  "/organization",
  "/members",
  "/vendors",
  "/processes",
  "/workflow",
  "/available-tasks",
  "/recurring-tasks",
  "/projects",
  "/tasks",
  "/beta-issues",
  "/agent-discussion",
  "/profile",
  "/punch-authenticated",
  "/admin",
  "/cases",
  "/scan",
  "/offline",
  "/schedule",
  "/billing",
  "/clinic",
];

const under = (pathname: string, route: string) => pathname === route || pathname.startsWith(`${route}/`);

export async function proxy(request: NextRequest) {
  const redirect = await signInRedirect(request);
  if (redirect) return redirect;
  return withContentSecurityPolicy(request, await publicPageLimit(request));
}

/**
 * The public pages of memorial cases (the family's status page, a certificate's check) count each
 * request against the address's limit here, the one place where the page's status can still
 * become 429: the page then renders its kind "try again" text from the request header set here
 * (always set or removed, so a client cannot send it). The database is reached only for these paths.
 */
async function publicPageLimit(request: NextRequest): Promise<{ message: string; retryAfterSeconds: number } | null | undefined> {
  const page = publicPageOf(request.nextUrl.pathname);
  if (!page) return undefined;
  const { countPublicPageRequest } = await import("@/lib/services/cases/public-page-limit");
  return countPublicPageRequest(page, getClientIp(request));
}

/**
 * Every page gets a fresh nonce and the strict CSP (lib/http/security-headers.ts): on the request,
 * where Next reads the nonce for its own scripts, and on the response, where the browser does.
 */
function withContentSecurityPolicy(request: NextRequest, limited?: { message: string; retryAfterSeconds: number } | null): NextResponse {
  const nonce = generateNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.delete(RATE_LIMITED_HEADER);
  if (limited) requestHeaders.set(RATE_LIMITED_HEADER, limited.message);
  const response = NextResponse.next({ request: { headers: requestHeaders }, ...(limited ? { status: 429 } : {}) });
  if (limited) response.headers.set("Retry-After", String(limited.retryAfterSeconds));
  response.headers.set("Content-Security-Policy", policy);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

async function signInRedirect(request: NextRequest): Promise<NextResponse | null> {
  const { pathname, searchParams } = request.nextUrl;
  if (!PROTECTED_ROUTES.some((route) => under(pathname, route))) return null;

  const token = await getToken({
    req: request,
    secret: getAuthSecret(),
    secureCookie: isSecureCookie(),
    cookieName: sessionCookieName(),
  });

  if (!token) {
    const target = new URL("/", request.url);
    if (pathname === "/punch-authenticated") {
      target.searchParams.set("redirect", "punch");
      const auto = searchParams.get("auto");
      if (auto !== null) target.searchParams.set("auto", auto);
      target.searchParams.set("location", searchParams.get("location") || "facility");
      // The printed code's signature survives the sign-in detour.
      for (const key of ["v", "sig"]) {
        const value = searchParams.get(key);
        if (value !== null) target.searchParams.set(key, value);
      }
    }
    return NextResponse.redirect(target);
  }
  if (under(pathname, "/admin") && !can(asRole(token.role), "admin.area")) {
    return NextResponse.redirect(new URL("/", request.url));
  }
  // A clinic user (docs/clinics.md) has its portal and nothing else; a member has no portal.
  const clinicUser = token.role === CLINIC_ROLE;
  if (clinicUser !== under(pathname, "/clinic")) return NextResponse.redirect(new URL("/", request.url));
  return null;
}

/** The role claim of the cookie, if it is one of ours. */
function asRole(value: unknown): Role | null {
  return PRINCIPAL_ROLES.find((role) => role === value) ?? null;
}

export const config = {
  matcher: [
    // Everything but the API, Next's internals and files with an extension (public/, favicon, robots ...).
    "/((?!api/|_next/|favicon\\.ico$|.*\\.[a-zA-Z0-9]+$).*)",
    // A family token has a dot ("<id>.<signature>"), which the rule above takes for a file.
    "/c/:token",
  ],
};
