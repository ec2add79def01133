/**
 * Walks the pages of the authorization matrix (tests/authorization/pages.ts) against the real
 * server: for every row and every caller kind, fresh members and resources, a real sign-in, one
 * page request (no redirect followed), and the outcome compared with the table. The API rows
 * are walked in-process by jest (tests/authorization/api-walk.ts).
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { PAGE_MATRIX } from "../tests/authorization/pages";
import { PAGE_CALLERS, type MatrixUsers, type SetupContext } from "../tests/authorization/types";
import { freshUsers, retireCheck } from "../tests/authorization/walk";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

type Playwright = Parameters<Parameters<typeof test>[2]>[0]["playwright"];
type Db = Parameters<Parameters<typeof test>[2]>[0]["db"];

async function login(playwright: Playwright, email: string, client: "web" | "mobile" = "web") {
  const context = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const response = await context.post("/api/login", { data: { email, password: DEFAULT_TEST_PASSWORD, client } });
  expect(response.status(), `sign-in as ${email}`).toBe(200);
  return { context, body: (await response.json()) as Record<string, unknown> };
}

/** A request context that calls as `kind` (its cookie jar), and the user behind it. */
async function contextFor(playwright: Playwright, kind: string, users: MatrixUsers) {
  if (kind === "anonymous") return { context: await playwright.request.newContext({ baseURL: E2E_BASE_URL }), caller: null };
  const caller = users[kind as keyof MatrixUsers];
  return { context: (await login(playwright, caller.email)).context, caller };
}

function setupContext(db: Db, playwright: Playwright, base: { users: MatrixUsers; unitId: string; clinicVendorId: string }, caller: SetupContext["caller"]): SetupContext {
  return {
    db,
    ...base,
    caller,
    login: async (email, client = "web") => {
      const { context, body } = await login(playwright, email, client);
      await context.dispose();
      return body;
    },
  };
}

function get(context: APIRequestContext, path: string): Promise<APIResponse> {
  return context.fetch(path, { method: "GET", maxRedirects: 0 });
}

test.describe("authorization matrix: pages", () => {
  for (const row of PAGE_MATRIX) {
    test(`page ${row.page}${row.case ? ` (${row.case})` : ""}`, async ({ db, playwright }) => {
      const actual: Record<string, string> = {};
      for (const kind of PAGE_CALLERS) {
        const base = await freshUsers(db);
        const { context, caller } = await contextFor(playwright, kind, base.users);
        try {
          const spec = (await row.setup?.(setupContext(db, playwright, base, caller))) ?? { path: row.page };
          const response = await get(context, spec.path);
          const status = response.status();
          const location = response.headers()["location"];
          actual[kind] =
            status === 200
              ? "render"
              : status === 404
                ? "notFound"
                : status >= 300 && status < 400 && location && new URL(location, E2E_BASE_URL).pathname === "/"
                  ? "redirect"
                  : status >= 300 && status < 400 && location && new URL(location, E2E_BASE_URL).pathname === "/clinic"
                    ? "portal"
                    : `${status} ${location ?? ""}`;
        } finally {
          await context.dispose();
          await retireCheck(db, base);
        }
      }
      expect(actual).toEqual(row.expect);
    });
  }
});
