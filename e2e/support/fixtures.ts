import { test as base, expect, type APIRequestContext, type Cookie, type Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "../../lib/db-admin/client";
import { DEFAULT_TEST_PASSWORD } from "../../prisma/factories";
import { DEMO_PASSWORD } from "../../prisma/seed";
import { e2eDatabaseUrl } from "./database";

type Who = "admin" | "manager" | "staff" | { email: string; password?: string };

const DEMO_EMAIL = { admin: "admin@bfs.demo", manager: "priya@bfs.demo", staff: "jamie@bfs.demo" } as const;

/** A demo role's signed-in session, kept by a worker for its later tests: the cookie and the AuthSession row it names. */
interface KeptSession {
  cookies: Cookie[];
  sessionId: string;
}

/**
 * Signs in through the API (POST /api/login) with the page's own request context, so the
 * session cookie lands in the browser context, then opens `path` (default /).
 *
 * A demo role ("admin", "manager", "staff") signs in once per worker: its later tests get the
 * same session cookie in their own fresh browser context (each test still has its own context,
 * so nothing else carries over: no local storage, no service worker, and the preload after a
 * sign-in still runs). Before each reuse the session row is read: a test that signed the demo
 * person out (logout, "sign out everywhere") makes the next one sign in anew.
 * A person given by e-mail signs in every time.
 */
async function signInAs(page: Page, who: Who, path = "/", kept?: { db: PrismaClient; sessions: Map<string, KeptSession> }): Promise<void> {
  const reuse = typeof who === "string" && kept ? kept.sessions.get(who) : undefined;
  if (reuse && kept && (await stillSignedIn(kept.db, reuse.sessionId))) {
    await page.context().addCookies(reuse.cookies);
    await page.goto(path);
    return;
  }
  await signInRequest(page.request, who);
  if (typeof who === "string" && kept) {
    const cookies = (await page.context().cookies()).filter((c) => c.name.endsWith("next-auth.session-token"));
    const listed = await page.request.get("/api/auth/sessions");
    const current = listed.ok() ? ((await listed.json()) as { sessions: Array<{ id: string; current: boolean }> }).sessions.find((s) => s.current) : undefined;
    if (cookies.length > 0 && current) kept.sessions.set(who, { cookies, sessionId: current.id });
  }
  await page.goto(path);
}

/**
 * Signs an API request context in (POST /api/login): for a test that checks only what the API
 * answers, which needs no page (`test("…", async ({ request }) => { await signInRequest(request, "staff"); … })`).
 * A second person in the same test: `await playwright.request.newContext({ baseURL: E2E_BASE_URL })`.
 */
export async function signInRequest(request: APIRequestContext, who: Who): Promise<void> {
  const credentials =
    typeof who === "string"
      ? { email: DEMO_EMAIL[who], password: DEMO_PASSWORD }
      : { email: who.email, password: who.password ?? DEFAULT_TEST_PASSWORD };
  const response = await request.post("/api/login", { data: credentials });
  expect(response.status(), `sign-in as ${credentials.email}`).toBe(200);
}

/** The session row is live for at least another minute (not revoked, not expiring). */
async function stillSignedIn(db: PrismaClient, sessionId: string): Promise<boolean> {
  const row = await db.authSession.findUnique({ where: { id: sessionId }, select: { revokedAt: true, expiresAt: true } });
  return row !== null && row.revokedAt === null && row.expiresAt.getTime() > Date.now() + 60_000;
}

/**
 * After a full page load, waits until React has hydrated (app/providers.tsx marks <html>):
 * a click on server-rendered markup before that is lost, which made tests flaky under load.
 */
function waitForHydrationOnLoad(page: Page): void {
  for (const method of ["goto", "reload"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
  }
}

type SignInAs = (page: Page, who: Who, path?: string) => Promise<void>;

export const test = base.extend<{ signInAs: SignInAs }, { db: PrismaClient; demoSessions: Map<string, KeptSession> }>({
  page: async ({ page }, use) => {
    waitForHydrationOnLoad(page);
    await use(page);
  },
  signInAs: async ({ db, demoSessions }, use) => {
    await use((page, who, path) => signInAs(page, who, path, { db, sessions: demoSessions }));
  },
  demoSessions: [
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],
  db: [
    async ({}, use) => {
      const db = createPrismaClient(e2eDatabaseUrl());
      await use(db);
      await db.$disconnect();
    },
    { scope: "worker" },
  ],
});

export { expect };
