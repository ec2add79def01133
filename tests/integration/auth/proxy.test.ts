import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { proxy, config } from "@/proxy";
import { POST as logout } from "@/app/api/logout/route";
import { createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
  const location = res.headers.get("location");
  return location ? new URL(location) : null; // null = let through
}

const SIGNED_IN_ROUTES = [
  "/scoreboard", "/statistics", "/time-logs", "/gantt", "/organization", "/members", "/vendors", "/processes",
  "/workflow?create=true", "/available-tasks", "/recurring-tasks", "/projects", "/projects/p1", "/tasks/42",
  "/members/m1", "/beta-issues", "/beta-issues/0b7f3c1e-1111-4222-8333-944444444444", "/agent-discussion/d1", "/profile",
];
const ADMIN_ROUTES = ["/admin/deleted", "/admin/alerts", "/admin/accountability", "/admin/time-card", "/admin/api"];

describe("proxy.ts redirects (spec §2, §6)", () => {
  it("lets anyone reach /, /reset-password and /mobile-punch", async () => {
    for (const path of ["/", "/reset-password?token=abc", "/mobile-punch"]) expect(await visit(path)).toBeNull();
  });

  it("sends a signed-out visitor from every protected route to /", async () => {
    for (const path of [...SIGNED_IN_ROUTES, ...ADMIN_ROUTES]) {
      const to = await visit(path);
      expect(to?.pathname).toBe("/");
      expect(to?.search).toBe("");
    }
  });

  it("sends a signed-out visitor from /punch-authenticated to / with redirect=punch, auto and location (default facility)", async () => {
    const withValues = await visit("/punch-authenticated?auto=true&location=warehouse");
    expect(withValues?.pathname).toBe("/");
    expect(Object.fromEntries(withValues!.searchParams)).toEqual({ redirect: "punch", auto: "true", location: "warehouse" });
    const defaults = await visit("/punch-authenticated?auto=false");
    expect(Object.fromEntries(defaults!.searchParams)).toEqual({ redirect: "punch", auto: "false", location: "facility" });
  });

  it("lets a signed-in staff member through, except to /admin/*", async () => {
    const headers = await signIn(await createUser(testDb.prisma, { role: "staff" }));
    for (const path of [...SIGNED_IN_ROUTES, "/punch-authenticated?auto=true"]) expect(await visit(path, headers)).toBeNull();
    for (const path of ADMIN_ROUTES) expect((await visit(path, headers))?.pathname).toBe("/");
  });

  it("lets an admin through everywhere", async () => {
    const headers = await signIn(await createUser(testDb.prisma, { role: "admin" }));
    for (const path of [...SIGNED_IN_ROUTES, ...ADMIN_ROUTES]) expect(await visit(path, headers)).toBeNull();
  });

  it("leaves unknown paths to the not-found page, signed in or not", async () => {
    expect(await visit("/no-such-page")).toBeNull();
    expect(await visit("/scoreboards")).toBeNull();
  });

  it("treats a forged cookie as signed out", async () => {
    expect((await visit("/profile", { cookie: "next-auth.session-token=forged" }))?.pathname).toBe("/");
  });

  it("matches pages only: not /api, Next's assets or public files", () => {
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    for (const path of ["/", "/profile", "/admin/api", "/projects/p1"]) expect(matcher.test(path)).toBe(true);
    for (const path of ["/api/user", "/_next/static/chunks/app.js", "/favicon.ico", "/logo.png", "/robots.txt"]) expect(matcher.test(path)).toBe(false);
  });
});

describe("next-auth's session layer reads our sessions", () => {
  it("accepts a live session in the jwt callback (getServerSession, /api/auth/session) and rejects it after logout", async () => {
    const user = await createUser(testDb.prisma, { role: "manager", firstName: "Mia", lastName: "Manager" });
    const headers = await signIn(user);
    const session = await testDb.prisma.authSession.findFirstOrThrow({ where: { userId: user.id } });
    const jwt = authOptions.callbacks!.jwt!;
    const args = { token: { sub: user.id, sid: session.id }, user: undefined!, account: null } as Parameters<typeof jwt>[0];

    await expect(jwt(args)).resolves.toMatchObject({ sub: user.id, sid: session.id, role: "manager", name: "Mia Manager", email: user.email });
    await call(logout, { method: "POST", path: "/api/logout", headers });
    await expect(jwt(args)).rejects.toThrow("Session ended");
  });
});
