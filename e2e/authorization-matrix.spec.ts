/**
 * Walks the authorization matrix (tests/authorization) against the real server: for every row
 * and every caller kind, fresh members and resources, a real sign-in (cookie, or a bearer token
 * for "mobile"), one request, and the status compared with the table.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { addMembership, createApiKey, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { API_MATRIX } from "../tests/authorization/api";
import { PAGE_MATRIX } from "../tests/authorization/pages";
import { API_CALLERS, PAGE_CALLERS, type MatrixUsers, type RequestSpec, type SetupContext } from "../tests/authorization/types";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

type Playwright = Parameters<Parameters<typeof test>[2]>[0]["playwright"];
type Db = Parameters<Parameters<typeof test>[2]>[0]["db"];

/** Fresh staff owner, another staff member and a manager in one department, and an admin outside it. */
async function freshUsers(db: Db): Promise<{ users: MatrixUsers; unitId: string }> {
  const unit = await createUnit(db);
  const [staff, otherStaff, manager, admin] = await Promise.all([
    createUser(db, { role: "staff" }),
    createUser(db, { role: "staff" }),
    createUser(db, { role: "manager" }),
    createUser(db, { role: "admin" }),
  ]);
  await Promise.all([staff, otherStaff, manager].map((u) => addMembership(db, unit.id, u.id)));
  return { users: { staff, otherStaff, manager, admin }, unitId: unit.id };
}

/**
 * Retires a check's fresh members and unit once it is answered. The walk creates about five
 * thousand members and thirteen hundred units; left behind they would make every member and unit
 * list of the run's other tests (the time card, the scoreboard, the alert recipients, the unit
 * pickers) thousands of rows long. A unit that the check filed work in stays (about 340 of them:
 * a task needs its unit), with no members.
 */
async function retireCheck(db: Db, { users, unitId }: { users: MatrixUsers; unitId: string }): Promise<void> {
  await db.user.updateMany({ where: { id: { in: Object.values(users).map((u) => u.id) } }, data: { isActive: false } });
  await db.unitMembership.deleteMany({ where: { unitId } });
  await db.organizationalUnit.deleteMany({
    where: { id: unitId, children: { none: {} }, tasks: { none: {} }, projects: { none: {} }, processes: { none: {} }, processSteps: { none: {} }, alertRules: { none: {} } },
  });
}

async function login(playwright: Playwright, email: string, client: "web" | "mobile" = "web") {
  const context = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const response = await context.post("/api/login", { data: { email, password: DEFAULT_TEST_PASSWORD, client } });
  expect(response.status(), `sign-in as ${email}`).toBe(200);
  return { context, body: (await response.json()) as Record<string, unknown> };
}

/** A request context that calls as `kind` (cookie jar or bearer header), and the user behind it. */
async function contextFor(playwright: Playwright, kind: string, users: MatrixUsers, db?: Db) {
  if (kind === "apiKey") {
    // The staff owner's key with no scope: public routes ignore it, every other route answers 403.
    const { token } = await createApiKey(db!, { createdById: users.admin.id, actingUserId: users.staff.id, scopes: [] });
    return {
      context: await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } }),
      caller: users.staff,
    };
  }
  if (kind === "anonymous") return { context: await playwright.request.newContext({ baseURL: E2E_BASE_URL }), caller: null };
  if (kind === "mobile") {
    const { context, body } = await login(playwright, users.staff.email, "mobile");
    await context.dispose();
    const token = (body.auth as { accessToken: string }).accessToken;
    return {
      context: await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } }),
      caller: users.staff,
    };
  }
  const caller = users[kind as keyof MatrixUsers];
  return { context: (await login(playwright, caller.email)).context, caller };
}

function setupContext(db: Db, playwright: Playwright, base: { users: MatrixUsers; unitId: string }, caller: SetupContext["caller"]): SetupContext {
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

function send(context: APIRequestContext, method: string, path: string, body: unknown, maxRedirects?: number, multipart?: RequestSpec["multipart"]): Promise<APIResponse> {
  const payload = multipart ? { multipart } : body === undefined ? {} : { data: body };
  return context.fetch(path, { method, ...payload, ...(maxRedirects === undefined ? {} : { maxRedirects }) });
}

test.describe("authorization matrix: API", () => {
  for (const row of API_MATRIX) {
    test(`${row.method} ${row.route}${row.case ? ` (${row.case})` : ""}`, async ({ db, playwright }) => {
      const actual: Record<string, number> = {};
      const details: string[] = [];
      for (const kind of API_CALLERS) {
        const base = await freshUsers(db);
        const { context, caller } = await contextFor(playwright, kind, base.users, db);
        try {
          const spec = (await row.setup?.(setupContext(db, playwright, base, caller))) ?? {};
          const response = await send(context, row.method, spec.path ?? row.route, spec.body, undefined, spec.multipart);
          actual[kind] = response.status();
          if (response.status() !== row.expect[kind]) details.push(`${kind}: ${response.status()} ${(await response.text()).slice(0, 200)}`);
        } finally {
          await context.dispose();
          await retireCheck(db, base);
        }
      }
      expect(actual, details.join("\n")).toEqual(row.expect);
    });
  }
});

test.describe("authorization matrix: pages", () => {
  for (const row of PAGE_MATRIX) {
    test(`page ${row.page}${row.case ? ` (${row.case})` : ""}`, async ({ db, playwright }) => {
      const actual: Record<string, string> = {};
      for (const kind of PAGE_CALLERS) {
        const base = await freshUsers(db);
        const { context, caller } = await contextFor(playwright, kind, base.users);
        try {
          const spec = (await row.setup?.(setupContext(db, playwright, base, caller))) ?? { path: row.page };
          const response = await send(context, "GET", spec.path, undefined, 0);
          const status = response.status();
          const location = response.headers()["location"];
          actual[kind] =
            status === 200
              ? "render"
              : status === 404
                ? "notFound"
                : status >= 300 && status < 400 && location && new URL(location, E2E_BASE_URL).pathname === "/"
                  ? "redirect"
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
