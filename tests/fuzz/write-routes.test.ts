/**
 * Fuzzing every write route with generated bodies (fast-check): wrong types, missing and extra
 * fields, huge strings, deep nesting, NUL / emoji / RTL text, negative, huge and fractional
 * numbers, invalid and extreme dates, unknown ids. Properties:
 *   - the answer is a 4xx with the flat error body ({ message, code }), or a success (whose
 *     stored row reads back equal where the route has a read-back);
 *   - never a 5xx, never a hang (each call is bounded);
 *   - a JSON body over 1 MB is refused with 413 before parsing;
 *   - every string and number at any depth of each valid body, one call each, with the values
 *     of ./hostile.ts (NUL, CR/LF, a lone surrogate; numbers out of an integer column's range):
 *     never a 5xx. Path segments and query parameters: ./path-and-query.test.ts.
 * Seeded (FUZZ_SEED, default 20261123) so a failure reproduces; FUZZ_RUNS (default 12 per
 * route) for long runs, e.g. FUZZ_RUNS=500 npx jest tests/fuzz.
 */
import { SCOREBOARD_SETTINGS_DEFAULTS } from "@/lib/validations/reports";
import { randomUUID } from "node:crypto";
import path from "node:path";
import fc from "fast-check";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addMembership, createApiKey, createBetaIssue, createChatMessage, createChatSession, createMemorialCase, createProcess, createProject, createPunchSession, createTask, createTimeEntry, createUnit, createUser, createVendor, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { sha256 } from "@/tests/authorization/fixtures";
import { call, signIn, signInSession, type Handler } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { operationKey, type HttpMethod } from "@/lib/http/operation";
import { apiOperations } from "@/lib/openapi/operations";
import { HOSTILE_NUMBERS, HOSTILE_TEXT } from "./hostile";

const APP = path.resolve(__dirname, "../../app");
const OPERATIONS = new Map(apiOperations().map((op) => [operationKey(op), op]));

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CALL_TIMEOUT_MS = 5000;

const testDb = useTestDatabase();

interface Ctx {
  db: PrismaClient;
  headers: Record<string, string>;
  adminId: string;
  unitId: string;
}

interface FuzzRoute {
  /** The operation's key, "POST /api/tasks": its handler is found through its descriptor. */
  name: string;
  /** Path and params of one request (fresh resources where a success consumes them). */
  target: (ctx: Ctx) => Promise<{ path: string; params?: Record<string, string> }>;
  /** A body the route accepts (its resources created), which the generators then mutate. */
  valid: (ctx: Ctx) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Checks a success against what was stored. */
  readBack?: (ctx: Ctx, sent: unknown, res: { status: number; body: Record<string, unknown> }) => Promise<void>;
}

// ---------------------------------------------------------------- generators

const nest = (depth: number): unknown => (depth === 0 ? "bottom" : { a: [nest(depth - 1)] });

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    "   ",
    "\u0000",
    "before\u0000after",
    "line\r\nbreak",
    "half an emoji \ud83d",
    "\udc00",
    "%",
    "%zz",
    "%E0%A4%A",
    "🐶🐱 paws 🐾",
    "\u202eevil.exe",
    "שלום עולם",
    "x".repeat(100_000),
    "2026-02-30",
    "2026-13-01T00:00:00Z",
    "+275760-09-13T00:00:00.000Z",
    "-271821-04-20T00:00:00.000Z",
    "9999-12-31T23:59:59Z",
    "0001-01-01T00:00:00Z",
    "not a date",
    "00000000-0000-4000-8000-000000000000",
    "vendor-00000000-0000-4000-8000-000000000000",
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
  ),
  fc.uuid(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, -0.0001, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 99_999_999_999, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.constant(nest(300)),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.uuid()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A valid body with some fields dropped, some replaced by nasty values, and maybe extra ones. */
const mutated = (valid: Record<string, unknown>) =>
  fc
    .record({
      edits: fc.array(fc.tuple(fc.constantFrom(...Object.keys(valid)), fc.oneof(fc.constant(undefined), nasty)), { minLength: 1, maxLength: 3 }),
      extra: fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), nasty), { nil: undefined }),
    })
    .map(({ edits, extra }) => {
      const body: Record<string, unknown> = { ...valid };
      for (const [key, value] of edits) {
        if (value === undefined) delete body[key];
        else body[key] = value;
      }
      if (extra && !(extra[0] in valid)) body[extra[0]] = extra[1];
      return body;
    });

const bodyOf = (valid: Record<string, unknown>) =>
  fc.oneof({ weight: 6, arbitrary: mutated(valid) }, { weight: 1, arbitrary: nasty }, { weight: 1, arbitrary: fc.constant(valid) });

// ---------------------------------------------------------------- routes

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const unique = () => randomUUID().slice(0, 8);

async function ownTask(ctx: Ctx, checklist: string[] = []) {
  return createTask(ctx.db, { createdById: ctx.adminId, organizationalUnitId: ctx.unitId, checklist });
}

const WRITE_ROUTES: FuzzRoute[] = [
  { name: "POST /api/login", target: async () => ({ path: "/api/login" }), valid: async (ctx) => ({ email: (await createUser(ctx.db)).email, password: DEFAULT_TEST_PASSWORD }) },
  {
    name: "POST /api/register",
    target: async () => ({ path: "/api/register" }),
    valid: async (ctx) => {
      const code = `FUZZ${unique().toUpperCase()}`;
      await ctx.db.invitation.create({ data: { codeHash: sha256(code), createdById: ctx.adminId, expiresAt: new Date(Date.now() + 86_400_000) } });
      return { firstName: "Ada", lastName: "Lovelace", email: `reg-${unique()}@example.test`, password: "a-new-password-1", invitationCode: code };
    },
  },
  { name: "POST /api/auth/refresh", target: async () => ({ path: "/api/auth/refresh" }), valid: async (ctx) => ({ refreshToken: (await signInSession(await createUser(ctx.db), { via: "bearer" })).auth!.refreshToken }) },
  { name: "POST /api/auth/password-reset", target: async () => ({ path: "/api/auth/password-reset" }), valid: () => ({ email: `who-${unique()}@example.test` }) },
  {
    name: "POST /api/auth/password-reset/confirm",
    target: async () => ({ path: "/api/auth/password-reset/confirm" }),
    valid: async (ctx) => {
      const token = randomUUID();
      await ctx.db.passwordResetToken.create({ data: { userId: (await createUser(ctx.db)).id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 600_000) } });
      return { token, password: "a-new-password-1" };
    },
  },
  {
    name: "POST /api/auth/change-password",
    target: async () => ({ path: "/api/auth/change-password" }),
    valid: () => ({ currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "a-new-password-1" }),
  },
  { name: "PATCH /api/user", target: async () => ({ path: "/api/user" }), valid: () => ({ firstName: "Alex", lastName: "Morgan" }) },
  { name: "PATCH /api/user/preferences", target: async () => ({ path: "/api/user/preferences" }), valid: () => ({ homeView: "task-list", taskListDensity: "compact" }) },
  {
    name: "POST /api/auth/punch/in",
    target: async () => ({ path: "/api/auth/punch/in" }),
    valid: () => ({ location: "desktop", source: "desktop" }),
  },
  {
    name: "POST /api/auth/punch/out-with-reason",
    target: async (ctx) => {
      await createPunchSession(ctx.db, { userId: ctx.adminId, punchInAt: new Date(Date.now() - 3_600_000) });
      return { path: "/api/auth/punch/out-with-reason" };
    },
    valid: () => ({ location: "desktop", reason: "Other", reasonOther: "Vet visit" }),
  },
  { name: "POST /api/invitations", target: async () => ({ path: "/api/invitations" }), valid: () => ({ email: `inv-${unique()}@example.test`, role: "staff", expiresInDays: 7 }) },
  {
    name: "POST /api/members",
    target: async () => ({ path: "/api/members" }),
    valid: (ctx) => ({ firstName: "New", lastName: "Member", email: `m-${unique()}@example.test`, phone: "555-0100", role: "staff", memberType: "employee", unitIds: [ctx.unitId] }),
  },
  {
    name: "PATCH /api/members/[id]",
    target: async (ctx) => {
      const user = await createUser(ctx.db);
      return { path: `/api/members/${user.id}`, params: { id: user.id } };
    },
    valid: (ctx) => ({ firstName: "Changed", lastName: "Name", phone: "555-0101", memberType: "contractor", unitIds: [ctx.unitId] }),
  },
  {
    name: "POST /api/organizational-units",
    target: async () => ({ path: "/api/organizational-units" }),
    valid: () => ({ name: `Unit ${unique()}`, unitNumber: 1 + Math.floor(Math.random() * 99_000), type: "department", description: "Front desk" }),
    readBack: async (ctx, sent, { body }) => {
      const stored = await ctx.db.organizationalUnit.findUniqueOrThrow({ where: { id: String((body.unit as { id?: string } | undefined)?.id ?? body.id) } });
      expect(stored.name).toBe(String((sent as { name: string }).name).trim());
    },
  },
  {
    name: "PATCH /api/organizational-units/[id]",
    target: async (ctx) => {
      const unit = await createUnit(ctx.db);
      return { path: `/api/organizational-units/${unit.id}`, params: { id: unit.id } };
    },
    valid: () => ({ name: `Renamed ${unique()}`, unitNumber: String(1 + Math.floor(Math.random() * 99_000)), parentId: null, description: "Changed" }),
  },
  {
    name: "POST /api/organizational-units/[id]/members",
    target: async (ctx) => {
      const unit = await createUnit(ctx.db);
      return { path: `/api/organizational-units/${unit.id}/members`, params: { id: unit.id } };
    },
    valid: (ctx) => ({ userId: ctx.adminId }),
  },
  {
    name: "POST /api/vendors",
    target: async () => ({ path: "/api/vendors" }),
    valid: () => ({ name: `Vendor ${unique()}`, contactName: "Sam", email: "sam@vendor.test", phone: "555-0102", services: "Cremation", notes: "", isActive: true }),
  },
  {
    name: "PATCH /api/vendors/[id]",
    target: async (ctx) => {
      const vendor = await createVendor(ctx.db);
      return { path: `/api/vendors/${vendor.id}`, params: { id: vendor.id } };
    },
    valid: () => ({ name: `Vendor ${unique()}`, notes: "Changed", isActive: false }),
  },
  {
    name: "PUT /api/organization/contact",
    target: async () => ({ path: "/api/organization/contact" }),
    valid: () => ({ phone: "(312) 555-0148", email: "care@bfs.example", address: "1200 Elm Street\nSpringfield, IL 62701", hours: "Mon-Fri 8 AM-6 PM" }),
  },
  {
    name: "PUT /api/scoreboard/settings",
    target: async () => ({ path: "/api/scoreboard/settings" }),
    valid: () => ({ ...SCOREBOARD_SETTINGS_DEFAULTS, staffSeeNames: false, excludeVolunteers: false }),
  },
  {
    name: "POST /api/tasks",
    target: async () => ({ path: "/api/tasks" }),
    valid: (ctx) => ({
      uuid: randomUUID(),
      title: "Feed the cats",
      description: "<p>Twice</p>",
      priority: "high",
      status: "open",
      department: ctx.unitId,
      dueDate: inDays(2),
      startDate: inDays(1),
      estimatedHours: 90,
      isPrivate: false,
      availableForPickup: true,
      hasChecklist: true,
      checklistItems: ["Bowls", "Water"],
      isRecurring: false,
    }),
    readBack: async (ctx, sent, { status, body }) => {
      const id = String(body.id);
      const read = await call((await handlerOf("GET /api/tasks/[id]")).handler, { path: `/api/tasks/${id}`, headers: ctx.headers, params: { id } });
      expect(read.status).toBe(200);
      // 201: stored as sent; 200: the uuid was seen before (idempotent create), and the first task comes back unchanged.
      expect(read.body).toMatchObject({ id, title: status === 201 ? String((sent as { title: string }).title).trim() : body.title });
    },
  },
  {
    name: "PATCH /api/tasks/[id]",
    target: async (ctx) => {
      const task = await ownTask(ctx);
      return { path: `/api/tasks/${task.id}`, params: { id: task.id } };
    },
    valid: () => ({ title: "Renamed", priority: "low", status: "in_progress", dueDate: inDays(3), estimatedHours: 30, checklistItems: ["One"], hasChecklist: true, shiftSuccessors: true }),
  },
  {
    name: "PUT /api/tasks/timeline/dates",
    target: async () => ({ path: "/api/tasks/timeline/dates" }),
    valid: async (ctx) => ({ tasks: [{ id: (await ownTask(ctx)).id, startDate: inDays(1), dueDate: inDays(3) }] }),
  },
  {
    name: "PATCH /api/tasks/[id]/checklist/[itemId]",
    target: async (ctx) => {
      const task = await ownTask(ctx, ["First"]);
      const itemId = task.checklistItems[0].id;
      return { path: `/api/tasks/${task.id}/checklist/${itemId}`, params: { id: task.id, itemId } };
    },
    valid: () => ({ isCompleted: true, title: "First, done" }),
  },
  {
    name: "PUT /api/user/notification-preferences",
    target: async () => ({ path: "/api/user/notification-preferences" }),
    valid: () => ({ channels: { mention: "bell", alert: "bell_email" } }),
  },
  {
    name: "POST /api/tasks/[id]/comments",
    target: async (ctx) => {
      const task = await ownTask(ctx);
      return { path: `/api/tasks/${task.id}/comments`, params: { id: task.id } };
    },
    valid: () => ({ body: "<p>Urn is <strong>ready</strong> for pickup.</p>" }),
  },
  {
    name: "PATCH /api/tasks/[id]/comments/[commentId]",
    target: async (ctx) => {
      const task = await ownTask(ctx);
      const comment = await ctx.db.taskComment.create({ data: { taskId: task.id, authorId: ctx.adminId, body: "<p>First</p>" } });
      return { path: `/api/tasks/${task.id}/comments/${comment.id}`, params: { id: task.id, commentId: comment.id } };
    },
    valid: () => ({ body: "<p>First, edited</p>" }),
  },
  {
    name: "POST /api/tasks/[id]/clock-in",
    target: async (ctx) => {
      const task = await ownTask(ctx);
      await createPunchSession(ctx.db, { userId: ctx.adminId, punchInAt: new Date(Date.now() - 3_600_000) });
      return { path: `/api/tasks/${task.id}/clock-in`, params: { id: task.id } };
    },
    valid: () => ({ location: "desktop", source: "desktop" }),
  },
  {
    name: "POST /api/tasks/[id]/clock-out",
    target: async (ctx) => {
      const task = await ownTask(ctx);
      const punch = await createPunchSession(ctx.db, { userId: ctx.adminId, punchInAt: new Date(Date.now() - 3_600_000) });
      await createTimeEntry(ctx.db, { userId: ctx.adminId, taskId: task.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 1_800_000) });
      return { path: `/api/tasks/${task.id}/clock-out`, params: { id: task.id } };
    },
    valid: () => ({ location: "desktop", source: "desktop" }),
  },
  {
    name: "POST /api/tasks/[id]/dependencies",
    target: async (ctx) => {
      const task = await ownTask(ctx);
      return { path: `/api/tasks/${task.id}/dependencies`, params: { id: task.id } };
    },
    valid: async (ctx) => ({ dependsOnTaskId: (await ownTask(ctx)).id }),
  },
  {
    name: "POST /api/recurring-tasks/preview",
    target: async () => ({ path: "/api/recurring-tasks/preview" }),
    valid: () => ({ dueDate: inDays(1), recurringPattern: "weekly", recurringInterval: 1, recurringDaysOfWeek: [1, 3], recurringEndType: "after", recurringMaxCount: 10, excludeHolidays: true, holidayCalendar: "US", count: 5 }),
  },
  {
    name: "POST /api/projects",
    target: async () => ({ path: "/api/projects" }),
    valid: (ctx) => ({ name: `Memorial garden ${unique()}`, description: "<p>Plant the roses</p>", department: ctx.unitId, ownerId: ctx.adminId, memberIds: [ctx.adminId], startDate: inDays(1), dueDate: inDays(30), color: "#059669" }),
  },
  {
    name: "PATCH /api/projects/[id]",
    target: async (ctx) => {
      const project = await createProject(ctx.db, { createdById: ctx.adminId, organizationalUnitId: ctx.unitId });
      return { path: `/api/projects/${project.id}`, params: { id: project.id } };
    },
    valid: () => ({ name: `Renamed ${unique()}`, status: "active", dueDate: inDays(10), color: "#4f46e5" }),
  },
  {
    name: "POST /api/processes",
    target: async () => ({ path: "/api/processes" }),
    valid: (ctx) => ({
      name: `Keepsake run ${unique()}`,
      department: ctx.unitId,
      steps: [
        { title: "Take the order", offsetDays: 0, durationDays: 1, checklist: ["Paw print"] },
        { title: "Call the family", offsetDays: 1, durationDays: 1, dependsOn: [1] },
      ],
    }),
  },
  {
    name: "PATCH /api/processes/[id]",
    target: async (ctx) => {
      const process = await createProcess(ctx.db, { createdById: ctx.adminId, organizationalUnitId: ctx.unitId }, [{ title: "First" }]);
      return { path: `/api/processes/${process.id}`, params: { id: process.id } };
    },
    valid: () => ({ name: `Renamed ${unique()}`, steps: [{ title: "Only step", offsetDays: 0, durationDays: 2 }], isActive: true }),
  },
  {
    name: "POST /api/processes/[id]/start",
    target: async (ctx) => {
      const process = await createProcess(ctx.db, { createdById: ctx.adminId, organizationalUnitId: ctx.unitId }, [{ title: "First" }, { title: "Second", offsetDays: 1 }]);
      return { path: `/api/processes/${process.id}/start`, params: { id: process.id } };
    },
    valid: (ctx) => ({ uuid: randomUUID(), name: `Bella ${unique()}`, startDate: "2030-01-07", department: ctx.unitId, assigneeId: ctx.adminId, target: "new_project" }),
  },
  {
    name: "POST /api/processes/schedule",
    target: async () => ({ path: "/api/processes/schedule" }),
    valid: () => ({ startDate: "2030-01-07", steps: [{ offsetDays: 0, durationDays: 1 }, { offsetDays: 2, durationDays: 3 }] }),
  },
  {
    name: "POST /api/beta-issues",
    target: async () => ({ path: "/api/beta-issues" }),
    valid: () => ({ title: "Save button hides on a phone", description: "At 375 px the footer covers it.", issueType: "bug", severity: "warning" }),
  },
  {
    name: "PATCH /api/beta-issues/[id]",
    target: async (ctx) => {
      const issue = await createBetaIssue(ctx.db, { reporterId: ctx.adminId });
      return { path: `/api/beta-issues/${issue.id}`, params: { id: issue.id } };
    },
    valid: () => ({ status: "in_progress", severity: "blocker" }),
  },
  {
    name: "POST /api/beta-issues/[id]/comments",
    target: async (ctx) => {
      const issue = await createBetaIssue(ctx.db, { reporterId: ctx.adminId });
      return { path: `/api/beta-issues/${issue.id}/comments`, params: { id: issue.id } };
    },
    valid: () => ({ body: "Seen on an iPhone SE too." }),
  },
  {
    name: "POST /api/beta-issues/[id]/convert",
    target: async (ctx) => {
      const issue = await createBetaIssue(ctx.db, { reporterId: ctx.adminId });
      return { path: `/api/beta-issues/${issue.id}/convert`, params: { id: issue.id } };
    },
    valid: (ctx) => ({ department: ctx.unitId, dueDate: inDays(5) }),
  },
  {
    name: "POST /api/admin/api-keys",
    target: async () => ({ path: "/api/admin/api-keys" }),
    valid: (ctx) => ({ name: `Key ${unique()}`, scopes: ["tasks:read", "tasks:write"], actingUserId: ctx.adminId, expiresAt: inDays(30), rateLimitPerMinute: 600 }),
  },
  {
    name: "PATCH /api/admin/api-keys/[id]",
    target: async (ctx) => {
      const { key } = await createApiKey(ctx.db, { createdById: ctx.adminId, scopes: ["tasks:read"] });
      return { path: `/api/admin/api-keys/${key.id}`, params: { id: key.id } };
    },
    valid: () => ({ name: `Key ${unique()}`, scopes: ["projects:read"], rateLimitPerMinute: 60 }),
  },
  {
    name: "POST /api/admin/api-keys/[id]/rotate",
    target: async (ctx) => {
      const { key } = await createApiKey(ctx.db, { createdById: ctx.adminId, scopes: ["tasks:read"] });
      return { path: `/api/admin/api-keys/${key.id}/rotate`, params: { id: key.id } };
    },
    valid: () => ({ graceMinutes: 60 }),
  },
  // Time administration.
  {
    name: "POST /api/admin/time/edits",
    target: async () => ({ path: "/api/admin/time/edits" }),
    valid: async (ctx) => {
      const start = new Date(Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 100_000) * 3_600_000);
      const punch = await createPunchSession(ctx.db, { userId: ctx.adminId, punchInAt: start, punchOutAt: new Date(start.getTime() + 3_600_000) });
      return { action: "update-punch", punchId: punch.id, punchInAt: start.toISOString(), punchOutAt: new Date(start.getTime() + 1_800_000).toISOString(), reason: "Fuzz" };
    },
  },
  {
    name: "POST /api/time/corrections",
    target: async () => ({ path: "/api/time/corrections" }),
    valid: () => ({ requestedInAt: "2024-02-05T14:00:00.000Z", requestedOutAt: "2024-02-05T22:00:00.000Z", reason: "Forgot to punch" }),
  },
  {
    name: "POST /api/admin/time/approvals",
    target: async () => ({ path: "/api/admin/time/approvals" }),
    valid: (ctx) => ({ period: "2023-03-06", userIds: [ctx.adminId] }),
  },
  {
    name: "POST /api/admin/time/approvals/withdraw",
    target: async () => ({ path: "/api/admin/time/approvals/withdraw" }),
    valid: (ctx) => ({ period: "2023-03-06", userIds: [ctx.adminId] }),
  },
  {
    name: "PUT /api/admin/time/payroll/settings",
    target: async () => ({ path: "/api/admin/time/payroll/settings" }),
    valid: () => ({
      options: { excludeVolunteers: false, excludeNoTime: false, usePayrollId: false, totalHours: false, approval: false, period: true, layoutId: "standard", format: "csv" },
      layouts: [{ id: "fuzz", name: "Fuzz", columns: [{ key: "employeeId", header: "ID" }, { key: "member", header: "Name" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" }],
    }),
  },
  {
    name: "POST /api/admin/time/locks",
    target: async () => ({ path: "/api/admin/time/locks" }),
    valid: (ctx) => ({ period: "2023-05-08", userIds: [ctx.adminId] }),
  },
  {
    name: "POST /api/admin/time/approvals/unlock",
    target: async (ctx) => {
      await ctx.db.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: ctx.adminId, periodStart: new Date("2023-04-03T00:00:00Z") } },
        create: {
          userId: ctx.adminId,
          periodStart: new Date("2023-04-03T00:00:00Z"),
          periodEnd: new Date("2023-04-09T00:00:00Z"),
          startsAt: new Date("2023-04-03T05:00:00Z"),
          endsAt: new Date("2023-04-10T05:00:00Z"),
          lockedAt: new Date(),
        },
        update: { lockedAt: new Date(), unlockedAt: null },
      });
      return { path: "/api/admin/time/approvals/unlock" };
    },
    valid: (ctx) => ({ period: "2023-04-05", userId: ctx.adminId, reason: "Fuzz unlock" }),
  },
  {
    name: "POST /api/admin/time/corrections/[id]",
    target: async (ctx) => {
      const request = await ctx.db.timeCorrectionRequest.create({
        data: { userId: ctx.adminId, requestedInAt: new Date("2024-03-04T14:00:00Z"), requestedOutAt: new Date("2024-03-04T15:00:00Z"), reason: "Fuzz" },
      });
      return { path: `/api/admin/time/corrections/${request.id}`, params: { id: request.id } };
    },
    valid: () => ({ decision: "reject", note: "Fuzz" }),
  },
  {
    name: "PUT /api/admin/time/policy",
    target: async () => ({ path: "/api/admin/time/policy" }),
    valid: () => ({
      payPeriodKind: "weekly",
      payPeriodAnchor: "2026-01-05",
      lunchPaidMinutes: 0,
      breakPaidMinutes: 15,
      dailyOvertimeMinutes: null,
      weeklyOvertimeMinutes: 2400,
      forgottenPunchHours: 12,
      autoCloseForgotten: false,
      exportRoundingMinutes: 0,
    }),
  },
  {
    name: "POST /api/agent/chat",
    target: async () => ({ path: "/api/agent/chat" }),
    valid: () => ({ message: "What is due today?", conversationHistory: [{ role: "user", content: "hello" }], sessionId: null, attachments: [] }),
  },
  {
    name: "PUT /api/agent/chat/preferences",
    target: async () => ({ path: "/api/agent/chat/preferences" }),
    valid: () => ({ saveHistory: true, allowAnalytics: true, allowTraining: false }),
  },
  {
    name: "POST /api/agent/chat/actions",
    target: async () => ({ path: "/api/agent/chat/actions" }),
    valid: async (ctx) => {
      const session = await createChatSession(ctx.db, { userId: ctx.adminId });
      const actionId = randomUUID();
      const message = await createChatMessage(ctx.db, {
        sessionId: session.id,
        role: "assistant",
        content: "Confirm?",
        actions: [{ id: actionId, tool: "punchIn", title: "Punch in", fields: [], draft: { location: "desktop" }, status: "proposed" }],
      });
      return { actionId, tool: "punchIn", draft: {}, decision: "cancel", sessionId: session.id, messageId: message.id };
    },
  },
  {
    name: "PATCH /api/agent/chat/sessions/[id]",
    target: async (ctx) => {
      const session = await createChatSession(ctx.db, { userId: ctx.adminId });
      return { path: `/api/agent/chat/sessions/${session.id}`, params: { id: session.id } };
    },
    valid: () => ({ title: "Renamed discussion" }),
  },
  // Memorial cases (docs/cases.md).
  {
    name: "POST /api/cases",
    target: async () => ({ path: "/api/cases" }),
    valid: () => ({ uuid: randomUUID(), petName: "Fuzz", petSpecies: "Dog", familyName: "Fuzz family", serviceType: "private", tagSerial: `FZ-${unique()}`, petWeightLbs: 12.5, promisedReturnDate: "2030-01-01" }),
    readBack: async (ctx, _sent, res) => {
      const row = await ctx.db.memorialCase.findUniqueOrThrow({ where: { number: String(res.body.number) } });
      expect(row.petName).toBe(res.body.petName);
    },
  },
  {
    name: "PATCH /api/cases/[number]",
    target: async (ctx) => {
      const c = await createMemorialCase(ctx.db, { createdById: ctx.adminId });
      return { path: `/api/cases/${c.number}`, params: { number: c.number } };
    },
    valid: () => ({ petColor: "Grey", promisedReturnDate: "2030-02-01", returnMethod: "delivery" }),
  },
  {
    name: "POST /api/cases/[number]/close",
    target: async (ctx) => {
      const c = await createMemorialCase(ctx.db, { createdById: ctx.adminId });
      return { path: `/api/cases/${c.number}/close`, params: { number: c.number } };
    },
    valid: () => ({ reason: "Family took the pet home" }),
  },
  {
    name: "POST /api/cases/[number]/scans",
    target: async (ctx) => {
      const c = await createMemorialCase(ctx.db, { createdById: ctx.adminId });
      return { path: `/api/cases/${c.number}/scans`, params: { number: c.number } };
    },
    valid: () => ({ clientUuid: randomUUID(), station: "intake", note: "Collar kept with the pet" }),
  },
  { name: "POST /api/cases/chambers", target: async () => ({ path: "/api/cases/chambers" }), valid: () => ({ name: `Chamber ${unique()}` }) },
];


// Alerts: an alert of the admin caller's own, and a rule to edit.
async function ownAlert(ctx: Ctx) {
  const rule = await ctx.db.alertRule.create({ data: { name: `Fuzz ${unique()}`, kind: "punch_open", config: { threshold: 10 }, createdById: ctx.adminId } });
  return ctx.db.alert.create({
    data: { ruleId: rule.id, kind: "punch_open", subjectType: "member", subjectId: ctx.adminId, occurrence: unique(), userId: ctx.adminId, message: "m", recipients: { create: { userId: ctx.adminId } } },
  });
}
const alertRuleBody = () => ({ name: `Overdue ${unique()}`, kind: "task_overdue", params: { threshold: 24, criticalThreshold: 0 }, severity: "warning", scope: "everyone", notifySubject: true, channelInApp: true, channelEmail: false });
WRITE_ROUTES.push(
  {
    name: "POST /api/admin/punch-stations/rotate",
    target: async () => ({ path: "/api/admin/punch-stations/rotate" }),
    valid: () => ({ location: `post-${unique()}` }),
    readBack: async (ctx, sent, { body }) => {
      const station = await ctx.db.punchStation.findUnique({ where: { location: String((sent as { location: string }).location).trim() } });
      expect(station?.keyVersion).toBe(body.keyVersion);
    },
  },
  {
    name: "POST /api/admin/punch-posts",
    target: async () => ({ path: "/api/admin/punch-posts" }),
    valid: () => ({ location: `post-${unique()}`, name: "Crematory back room", place: "Left of the retort door" }),
    readBack: async (ctx, _sent, { body }) => {
      const station = await ctx.db.punchStation.findUniqueOrThrow({ where: { id: String(body.id) } });
      expect({ location: station.location, name: station.name, place: station.place }).toEqual({ location: body.location, name: body.name, place: body.place });
    },
  },
  {
    name: "PATCH /api/admin/punch-posts/[id]",
    target: async (ctx) => {
      const post = await ctx.db.punchStation.create({ data: { location: `post-${unique()}` } });
      return { path: `/api/admin/punch-posts/${post.id}`, params: { id: post.id } };
    },
    valid: () => ({ name: "Transport van", place: "Glovebox door" }),
    readBack: async (ctx, _sent, { body }) => {
      const station = await ctx.db.punchStation.findUniqueOrThrow({ where: { id: String(body.id) } });
      expect({ name: station.name, place: station.place }).toEqual({ name: body.name, place: body.place });
    },
  },
  { name: "POST /api/alerts/rules", target: async () => ({ path: "/api/alerts/rules" }), valid: alertRuleBody },
  { name: "POST /api/alerts/rules/preview", target: async () => ({ path: "/api/alerts/rules/preview" }), valid: alertRuleBody },
  {
    name: "PATCH /api/alerts/rules/[id]",
    target: async (ctx) => {
      const rule = await ctx.db.alertRule.create({ data: { name: `Fuzz ${unique()}`, kind: "task_overdue", config: { threshold: 24 }, createdById: ctx.adminId } });
      return { path: `/api/alerts/rules/${rule.id}`, params: { id: rule.id } };
    },
    valid: () => ({ name: "Renamed", severity: "critical", isActive: false, params: { threshold: 2 } }),
  },
  {
    name: "POST /api/alerts/[id]/snooze",
    target: async (ctx) => {
      const alert = await ownAlert(ctx);
      return { path: `/api/alerts/${alert.id}/snooze`, params: { id: alert.id } };
    },
    valid: () => ({ minutes: 60 }),
  },
  { name: "POST /api/admin/alerts/acknowledge", target: async () => ({ path: "/api/admin/alerts/acknowledge" }), valid: async (ctx) => ({ ids: [(await ownAlert(ctx)).id] }) },
  { name: "PUT /api/admin/expected-starts", target: async () => ({ path: "/api/admin/expected-starts" }), valid: (ctx) => ({ unitId: ctx.unitId, time: "08:30" }) },
);

// ---------------------------------------------------------------- properties

/** The handler that serves the operation named by the entry (the module at its descriptor's path). */
async function handlerOf(name: string): Promise<{ method: HttpMethod; handler: Handler<any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- handlers of every params shape
  const op = OPERATIONS.get(name);
  if (!op) throw new Error(`${name} is no API operation (lib/openapi/operations.ts)`);
  const mod = (await import(path.join(APP, op.path, "route.ts"))) as Record<string, Handler<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { method: op.method, handler: mod[op.method] };
}

async function callBounded(route: FuzzRoute, ctx: Ctx, body: unknown, madeTarget?: Awaited<ReturnType<FuzzRoute["target"]>>) {
  const target = madeTarget ?? (await route.target(ctx));
  const { method, handler } = await handlerOf(route.name);
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    call(handler, { method, path: target.path, params: target.params ?? {}, headers: ctx.headers, body: body === undefined ? "" : JSON.stringify(body) }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${route.name} did not answer within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return result;
}

/** Every string and number of a body, at any depth (the random runs may miss a nested field): its path and the hostile values it gets. */
function leaves(value: unknown, at: Array<string | number> = []): Array<{ at: Array<string | number>; values: unknown[] }> {
  if (typeof value === "string") return [{ at, values: HOSTILE_TEXT }];
  if (typeof value === "number") return [{ at, values: HOSTILE_NUMBERS }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]));
  return [];
}

function replaced(body: unknown, at: Array<string | number>, value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  if (Array.isArray(body)) return body.map((item, i) => (i === head ? replaced(item, rest, value) : item));
  const object = body as Record<string, unknown>;
  return { ...object, [head]: replaced(object[head], rest, value) };
}

/** Write operations with a JSON body that are not fuzzed here, and why. */
const NOT_FUZZED: Record<string, string> = {};

describe("the fuzz run covers every write operation with a JSON body", () => {
  it("has an entry for each (or says why not), and none for an operation that does not exist", () => {
    const writes = [...OPERATIONS.values()].filter((op) => op.method !== "GET" && op.body && !op.multipart && !op.internal).map(operationKey);
    const fuzzed = new Set(WRITE_ROUTES.map((r) => r.name));
    expect(writes.filter((key) => !fuzzed.has(key) && !(key in NOT_FUZZED))).toEqual([]);
    expect([...fuzzed].filter((key) => !OPERATIONS.has(key))).toEqual([]);
  });
});

describe("fuzzing every write route", () => {
  let ctx: Ctx;

  beforeAll(async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const unit = await createUnit(testDb.prisma);
    await addMembership(testDb.prisma, unit.id, admin.id);
    ctx = { db: testDb.prisma, headers: await signIn(admin), adminId: admin.id, unitId: unit.id };
  });

  // Routes whose success changes the caller's own state (password, punch clock) get a caller of their own each run.
  const freshCaller = new Set([
    // 20 messages a minute a member: each run chats as a member of its own.
    "POST /api/agent/chat",
    "POST /api/auth/change-password",
    "POST /api/auth/punch/in",
    "POST /api/auth/punch/out-with-reason",
    "POST /api/tasks/[id]/clock-in",
    "POST /api/tasks/[id]/clock-out",
  ]);
  const contextFor = async (route: FuzzRoute): Promise<Ctx> => {
    if (!freshCaller.has(route.name)) return ctx;
    const user = await createUser(testDb.prisma, { role: "admin" });
    await addMembership(testDb.prisma, ctx.unitId, user.id);
    return { ...ctx, headers: await signIn({ email: user.email }), adminId: user.id };
  };

  it.each(WRITE_ROUTES.map((r) => [r.name, r] as const))("%s: a 4xx with a flat body or a stored success, never a 5xx or a hang", async (_name, route) => {
    const valid = await route.valid(await contextFor(route));
    await fc.assert(
      fc.asyncProperty(bodyOf(valid), async (body) => {
        const runCtx = await contextFor(route);
        const res = await callBounded(route, runCtx, body);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body?.message).toBe("string");
          expect(res.body.message.length).toBeGreaterThan(0);
          expect(typeof res.body?.code).toBe("string");
        } else if (route.readBack) {
          await route.readBack(runCtx, body, res);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  it.each(WRITE_ROUTES.map((r) => [r.name, r] as const))("%s: a JSON body over 1 MB is refused with 413", async (_name, route) => {
    const runCtx = await contextFor(route);
    const res = await callBounded(route, runCtx, { ...(await route.valid(runCtx)), padding: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(typeof res.body?.message).toBe("string");
  });

  it.each(WRITE_ROUTES.map((r) => [r.name, r] as const))("%s: NUL, CR/LF, a lone surrogate, a malformed escape and out-of-range numbers in every field: never a 5xx", async (_name, route) => {
    const runCtx = await contextFor(route);
    const valid = await route.valid(runCtx);
    // One target for all the calls: route() refuses most of them before the handler runs.
    const target = await route.target(runCtx);
    const failures: string[] = [];
    for (const leaf of leaves(valid)) {
      for (const value of leaf.values) {
        const res = await callBounded(route, runCtx, replaced(valid, leaf.at, value), target);
        if (res.status >= 500 || (res.status >= 400 && typeof res.body?.code !== "string")) failures.push(`${leaf.at.join(".")} = ${JSON.stringify(value)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the valid bodies succeed (so the generators start from real inputs)", async () => {
    const failures: string[] = [];
    for (const route of WRITE_ROUTES) {
      const runCtx = await contextFor(route);
      const res = await callBounded(route, runCtx, await route.valid(runCtx));
      if (res.status >= 300) failures.push(`${route.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});

