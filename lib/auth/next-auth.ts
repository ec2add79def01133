import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import type { NextAuthOptions } from "next-auth";
import { logoutSession } from "@/lib/services/auth/logout-session";
import type { SignInResult } from "@/lib/services/auth/create-auth-session";
import { now } from "./clock";
import { resolveCallerFromHeaders, resolveSessionClaims, type Caller } from "./resolve-caller";
import { getAuthSecret } from "./secret";
import {
  encodeSessionToken,
  isSecureCookie,
  serializeSessionCookie,
  sessionCookieName,
  sessionCookieOptions,
} from "./session-cookie";
import { WEB_SESSION_TTL_MS } from "./tokens";

/**
 * next-auth is the session layer: its JWT strategy and cookie carry the browser session, and
 * its /api/auth/* routes, `getServerSession` and `getToken` (proxy.ts) all read what our own
 * POST /api/login and /api/register write. There is no next-auth provider: the spec's endpoints
 * are the sign-in API, and they need the lockout, invitations and mobile tokens that a
 * Credentials provider would bypass.
 */
export const authOptions: NextAuthOptions = {
  // A getter: production refuses to serve without NEXTAUTH_SECRET, but `next build` may import this without one.
  get secret() {
    return getAuthSecret();
  },
  providers: [],
  session: { strategy: "jwt", maxAge: WEB_SESSION_TTL_MS / 1000 },
  useSecureCookies: isSecureCookie(),
  cookies: { sessionToken: { name: sessionCookieName(), options: sessionCookieOptions() } },
  pages: { signIn: "/", error: "/" },
  callbacks: {
    // Runs whenever next-auth reads the cookie (/api/auth/session, getServerSession): the same
    // check as every API call, so a revoked session reads as signed out (and its cookie is cleared).
    async jwt({ token }) {
      if (typeof token.sid !== "string" || typeof token.sub !== "string") throw new Error("No session");
      const caller = await resolveSessionClaims({ sid: token.sid, sub: token.sub });
      if (!caller) throw new Error("Session ended");
      return { ...token, role: caller.role, name: `${caller.firstName} ${caller.lastName}`.trim(), email: caller.email };
    },
    async session({ session, token }) {
      return { ...session, user: { id: token.sub, name: token.name, email: token.email, role: token.role } };
    },
  },
  events: {
    // next-auth's own sign-out route ends the server session too.
    async signOut({ token }) {
      if (typeof token?.sid === "string" && typeof token.sub === "string") {
        const caller = await resolveSessionClaims({ sid: token.sid, sub: token.sub });
        await logoutSession(caller);
      }
    },
  },
};

/** `getServerSession`-style access for server components and server actions, with the API's exact rules. */
export const getSessionCaller = cache(async (): Promise<Caller | null> => resolveCallerFromHeaders(await headers()));

/**
 * The response to a successful sign-in or registration: browsers get the bare user; mobile
 * clients get `{ user, auth }`. Both get the session cookie (see createAuthSession).
 */
export async function signedInResponse(result: SignInResult, status = 200): Promise<Response> {
  const { user, auth } = result;
  const body = auth ? { user, auth } : user;
  return Response.json(body, {
    status,
    headers: { "Set-Cookie": await sessionCookieFor(result), "Cache-Control": "no-store" },
  });
}

/** A JSON response that also clears the session cookie (logout, "sign out everywhere"). */
export function signedOutResponse(body: unknown = { ok: true }, status = 200): Response {
  return Response.json(body, { status, headers: { "Set-Cookie": serializeSessionCookie("", 0), "Cache-Control": "no-store" } });
}

/** The session cookie for a sign-in, as signedInResponse sets it (single sign-on redirects with it). */
export async function sessionCookieFor(result: SignInResult): Promise<string> {
  const { user, session } = result;
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now().getTime()) / 1000));
  const token = await encodeSessionToken(
    { sub: user.id, sid: session.id, role: user.role, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
    maxAge,
  );
  return serializeSessionCookie(token, maxAge);
}
