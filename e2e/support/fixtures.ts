import { test as base, expect, type Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "../../lib/db-admin/client";
import { DEFAULT_TEST_PASSWORD } from "../../prisma/factories";
import { DEMO_PASSWORD } from "../../prisma/seed";
import { e2eDatabaseUrl } from "./database";

type Who = "admin" | "manager" | "staff" | { email: string; password?: string };

const DEMO_EMAIL = { admin: "admin@bfs.demo", manager: "priya@bfs.demo", staff: "jamie@bfs.demo" } as const;

/**
 * Signs in through the API (POST /api/login) with the page's own request context, so the
 * session cookie lands in the browser context, then opens `path` (default /).
 */
async function signInAs(page: Page, who: Who, path = "/"): Promise<void> {
  const credentials =
    typeof who === "string"
      ? { email: DEMO_EMAIL[who], password: DEMO_PASSWORD }
      : { email: who.email, password: who.password ?? DEFAULT_TEST_PASSWORD };
  const response = await page.request.post("/api/login", { data: credentials });
  expect(response.status(), `sign-in as ${credentials.email}`).toBe(200);
  await page.goto(path);
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

export const test = base.extend<{ signInAs: typeof signInAs }, { db: PrismaClient }>({
  page: async ({ page }, use) => {
    waitForHydrationOnLoad(page);
    await use(page);
  },
  signInAs: async ({}, use) => {
    await use(signInAs);
  },
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
