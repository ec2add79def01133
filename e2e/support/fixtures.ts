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

export const test = base.extend<{ signInAs: typeof signInAs }, { db: PrismaClient }>({
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
