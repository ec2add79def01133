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
import { signFamilyToken } from "@/lib/services/cases/tokens";

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
    name: "POST /api/pickup-requests",
    target: async () => ({ path: "/api/pickup-requests" }),
    valid: () => ({ uuid: randomUUID(), origin: "home", petName: "Biscuit", petSpecies: "Dog", petWeightLbs: 22.5, ownerName: "The Smiths", ownerContact: "555-0100", address: "12 Elm St", postcode: "62701", latitude: 39.78, longitude: -89.65, urgency: "urgent", serviceType: "private", note: "Side door" }),
  },
  {
    // Runs as a clinic user (clinicCaller below): the origin is its own clinic.
    name: "POST /api/clinic/pickup-requests",
    target: async () => ({ path: "/api/clinic/pickup-requests" }),
    valid: () => ({ uuid: randomUUID(), petName: "Biscuit", petSpecies: "Dog", petWeightLbs: 22.5, ownerWillContact: true, note: "In the cooler, left shelf", urgency: "routine" }),
  },
  {
    name: "POST /api/vendors/[id]/clinic-invitations",
    target: async (ctx) => {
      const clinic = await createVendor(ctx.db, { kind: "clinic" });
      return { path: `/api/vendors/${clinic.id}/clinic-invitations`, params: { id: clinic.id } };
    },
    valid: () => ({ email: `desk-${unique()}@clinic.test`, expiresInDays: 7 }),
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
    valid: () => ({ channels: { mention: "bell", alert: "bell_email" }, push: { alert: false } }),
  },
  {
    name: "POST /api/push/subscriptions",
    target: async () => ({ path: "/api/push/subscriptions" }),
    valid: () => ({ endpoint: `https://push.example.com/fuzz/${randomUUID()}`, keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" }, deviceLabel: "Fuzz phone" }),
  },
  {
    name: "POST /api/push/subscriptions/remove",
    target: async () => ({ path: "/api/push/subscriptions/remove" }),
    valid: () => ({ endpoint: "https://push.example.com/fuzz/none" }),
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
    name: "PUT /api/admin/time/payroll/providers",
    target: async () => ({ path: "/api/admin/time/payroll/providers" }),
    valid: () => ({
      quickbooks: { companyName: "Fuzz Co", companyCreateTime: "1234567890", employeeName: "first-last", items: { regular: "Hourly", overtime: "OT", doubleTime: "DT", premium: "Premium" }, timeOffItems: { Vacation: "Vacation Hourly" } },
      adp: { companyCode: "FZ1", batchId: "B1", codes: { doubleTime: "D", premium: "P" }, timeOffCodes: { Sick: "S" } },
    }),
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
    name: "PUT /api/admin/time/jurisdictions",
    target: async () => ({ path: "/api/admin/time/jurisdictions" }),
    valid: () => ({ organization: "federal", units: [], posts: [] }),
  },
  {
    name: "POST /api/admin/time/break-waivers",
    target: async () => ({ path: "/api/admin/time/break-waivers" }),
    // A member of a California department who worked seven hours without a meal break that day
    // (the department's rules, so the organization's preset, which another entry sets, does not matter).
    valid: async (ctx) => {
      const member = await createUser(ctx.db, { role: "staff" });
      const unit = await createUnit(ctx.db, { jurisdiction: "california" });
      await addMembership(ctx.db, unit.id, member.id);
      await createPunchSession(ctx.db, { userId: member.id, punchInAt: new Date("2019-03-05T15:00:00Z"), punchOutAt: new Date("2019-03-05T22:00:00Z") });
      return { userId: member.id, date: "2019-03-05", kind: "meal", reason: "Fuzz waiver" };
    },
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
  // Clinic billing (docs/billing.md).
  {
    name: "POST /api/billing/price-lists",
    target: async () => ({ path: "/api/billing/price-lists" }),
    valid: () => ({ effectiveFrom: `2091-01-${String(1 + Math.floor(Math.random() * 28)).padStart(2, "0")}`, items: [{ kind: "service", serviceType: "private", minLbs: 0, maxLbs: 10, price: "150" }, { kind: "option", optionCode: "paw_print", price: 35 }] }),
  },
  { name: "POST /api/billing/products", target: async () => ({ path: "/api/billing/products" }), valid: () => ({ name: `Urn ${unique()}`, category: "urn", stock: 2 }) },
  {
    name: "PATCH /api/billing/products/[id]",
    target: async (ctx) => {
      const p = await ctx.db.memorialProduct.create({ data: { name: `Urn ${unique()}`, category: "keepsake" } });
      return { path: `/api/billing/products/${p.id}`, params: { id: p.id } };
    },
    valid: () => ({ stock: 5 }),
  },
  { name: "PUT /api/billing/settings", target: async () => ({ path: "/api/billing/settings" }), valid: () => ({ salesTaxEnabled: false, serviceTaxRate: "0", optionTaxRate: "8.875", merchandiseTaxRate: 7 }) },
  {
    name: "POST /api/cases/[number]/charges",
    target: async (ctx) => {
      const c = await createMemorialCase(ctx.db, { createdById: ctx.adminId });
      return { path: `/api/cases/${c.number}/charges`, params: { number: c.number } };
    },
    valid: () => ({ kind: "adjustment", amount: "-12.50", category: "service", reason: "Fuzz" }),
  },
  {
    name: "POST /api/billing/payments",
    target: async () => ({ path: "/api/billing/payments" }),
    valid: async (ctx) => ({ clinicVendorId: (await createVendor(ctx.db, {})).id, amount: "25.00", method: "check", reference: "#77", receivedOn: "2026-01-05" }),
  },
  {
    name: "POST /api/billing/statements",
    target: async () => ({ path: "/api/billing/statements" }),
    valid: async (ctx) => ({ clinicVendorId: (await createVendor(ctx.db, {})).id, month: "2025-03" }),
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
    name: "PUT /api/cases/retention",
    target: async () => ({ path: "/api/cases/retention" }),
    valid: () => ({ years: 9 }),
    readBack: async (ctx, _sent, res) => {
      expect((await ctx.db.organizationSettings.findUniqueOrThrow({ where: { id: 1 } })).caseRetentionYears).toBe(res.body.years);
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
    valid: () => ({ clientUuid: randomUUID(), station: "intake", note: "Collar kept with the pet", belongingsChecked: [randomUUID()] }),
  },
  { name: "POST /api/cases/chambers", target: async () => ({ path: "/api/cases/chambers" }), valid: () => ({ name: `Chamber ${unique()}` }) },
  {
    name: "PUT /api/cases/remains-ranges",
    target: async () => ({ path: "/api/cases/remains-ranges" }),
    valid: () => ({ items: [{ species: "Dog", minPercent: 2.5, maxPercent: 9 }, { species: "*", minPercent: 1, maxPercent: 12 }] }),
    readBack: async (ctx) => {
      const dog = await ctx.db.remainsWeightRange.findUniqueOrThrow({ where: { species: "dog" } });
      expect([Number(dog.minPercent), Number(dog.maxPercent)]).toEqual([2.5, 9]);
    },
  },
  // Operators and chambers (docs/cases.md "Operators and chambers").
  {
    name: "POST /api/cases/certifications",
    target: async () => ({ path: "/api/cases/certifications" }),
    valid: (ctx) => ({ clientUuid: randomUUID(), memberId: ctx.adminId, name: "Crematory operator", loadsChamber: true, issuedOn: "2026-01-05", expiresOn: "2028-01-04" }),
  },
  { name: "PUT /api/cases/chamber-settings", target: async () => ({ path: "/api/cases/chamber-settings" }), valid: () => ({ requireCertification: false }) },
  {
    name: "POST /api/cases/chambers/[id]/maintenance",
    target: async (ctx) => {
      const chamber = await ctx.db.cremationChamber.create({ data: { name: `Fuzz ${unique()}` } });
      return { path: `/api/cases/chambers/${chamber.id}/maintenance`, params: { id: chamber.id } };
    },
    valid: () => ({ clientUuid: randomUUID(), kind: "repair", performedOn: "2026-01-05", performedBy: "Acme Retort Service", notes: "Door seal\nreplaced" }),
  },
  {
    name: "POST /api/cases/chambers/[id]/service",
    target: async (ctx) => {
      const chamber = await ctx.db.cremationChamber.create({ data: { name: `Fuzz ${unique()}` } });
      return { path: `/api/cases/chambers/${chamber.id}/service`, params: { id: chamber.id } };
    },
    valid: () => ({ inService: false, reason: "Burner repair" }),
  },
  // Outgoing webhooks (a public address literal: saving checks it without DNS; nothing is sent).
  {
    name: "POST /api/admin/webhooks",
    target: async () => ({ path: "/api/admin/webhooks" }),
    valid: () => ({ url: `https://203.0.113.10/hooks/${unique()}`, eventTypes: ["task.created", "punch.in"], description: "Accounting" }),
  },
  {
    name: "PATCH /api/admin/webhooks/[id]",
    target: async (ctx) => {
      const sub = await ctx.db.webhookSubscription.create({
        data: { url: "https://203.0.113.10/hooks", eventTypes: ["task.created"], secretCiphertext: "v1.x.y.z", secretHint: "whsec_fuzz", createdById: ctx.adminId },
      });
      return { path: `/api/admin/webhooks/${sub.id}`, params: { id: sub.id } };
    },
    valid: () => ({ url: "https://203.0.113.11/other", eventTypes: ["task.completed"], description: "Renamed", isActive: false }),
  },
  {
    name: "POST /api/admin/webhooks/[id]/rotate",
    target: async (ctx) => {
      const sub = await ctx.db.webhookSubscription.create({
        data: { url: "https://203.0.113.10/hooks", eventTypes: ["task.created"], secretCiphertext: "v1.x.y.z", secretHint: "whsec_fuzz", createdById: ctx.adminId },
      });
      return { path: `/api/admin/webhooks/${sub.id}/rotate`, params: { id: sub.id } };
    },
    valid: () => ({ overlapMinutes: 60 }),
  },
  // Single sign-on settings (https issuer: saving checks the address, not the provider; nothing is fetched).
  {
    name: "PUT /api/admin/sso",
    target: async () => ({ path: "/api/admin/sso" }),
    valid: () => ({ preset: "microsoft", issuer: "https://login.microsoftonline.com/00000000-0000-4000-8000-000000000000/v2.0", clientId: `client-${unique()}`, clientSecret: "fuzz-secret", enabled: false }),
    readBack: async (ctx, sent) => {
      const row = await ctx.db.ssoSettings.findUniqueOrThrow({ where: { id: 1 } });
      expect(row.clientId).toBe((sent as { clientId: string }).clientId);
    },
  },
  // Calendar feeds.
  { name: "POST /api/calendar-feeds", target: async () => ({ path: "/api/calendar-feeds" }), valid: () => ({ kind: "case-returns" }) },
  {
    name: "POST /api/cases/[number]/authorization",
    // A clinic case, so the clinic's authorization on the owner's behalf is a valid body too.
    target: async (ctx) => {
      const clinic = await ctx.db.vendor.create({ data: { name: `Fuzz clinic ${unique()}` } });
      const c = await createMemorialCase(ctx.db, { createdById: ctx.adminId, clinicVendorId: clinic.id });
      return { path: `/api/cases/${c.number}/authorization`, params: { number: c.number } };
    },
    valid: () => ({ ...authorizationBody(), onBehalfOfClinic: true, clinicReference: "CF-1" }),
  },
  {
    name: "POST /api/family/[token]/authorization",
    target: async (ctx) => {
      const c = await createMemorialCase(ctx.db, { createdById: ctx.adminId });
      const link = await ctx.db.caseFamilyLink.findFirstOrThrow({ where: { caseId: c.id } });
      const token = signFamilyToken(link.id);
      return { path: `/api/family/${token}/authorization`, params: { token } };
    },
    valid: () => authorizationBody(),
  },
  // Schedules (docs/schedules.md): open shifts (no member), so no two generated bodies overlap.
  {
    name: "POST /api/schedule/shifts",
    target: async () => ({ path: "/api/schedule/shifts" }),
    valid: (ctx) => ({ unitId: ctx.unitId, userId: null, roleLabel: "Front desk", punchLocation: "front-desk", startsAt: "2031-02-03T08:00", endsAt: "2031-02-03T16:30", breakMinutes: 30, note: "Opens the doors" }),
    readBack: async (ctx, _sent, res) => {
      const row = await ctx.db.shift.findUniqueOrThrow({ where: { id: String(res.body.id) } });
      expect(row.startsAt.toISOString()).toBe(res.body.startsAt);
      expect(row.breakMinutes).toBe(res.body.breakMinutes);
    },
  },
  {
    name: "PATCH /api/schedule/shifts/[id]",
    target: async (ctx) => {
      const shift = await ctx.db.shift.create({ data: { unitId: ctx.unitId, startsAt: new Date("2031-02-04T14:00:00Z"), endsAt: new Date("2031-02-04T22:00:00Z"), createdById: ctx.adminId } });
      return { path: `/api/schedule/shifts/${shift.id}`, params: { id: shift.id } };
    },
    valid: () => ({ startsAt: "2031-02-04T09:00", endsAt: "2031-02-04T17:00", note: "Moved an hour", roleLabel: null }),
  },
  { name: "POST /api/schedule/publish", target: async () => ({ path: "/api/schedule/publish" }), valid: (ctx) => ({ from: "2031-02-02", to: "2031-02-08", unitId: ctx.unitId }) },
  // Templates, copying and availability (docs/schedules.md "Templates", "Availability").
  {
    name: "POST /api/schedule/templates",
    target: async (ctx) => {
      await ctx.db.shift.create({ data: { unitId: ctx.unitId, startsAt: new Date("2031-05-06T14:00:00Z"), endsAt: new Date("2031-05-06T22:00:00Z"), createdById: ctx.adminId } });
      return { path: "/api/schedule/templates" };
    },
    valid: () => ({ name: `Standard week ${unique()}`, week: "2031-05-06" }),
  },
  {
    name: "POST /api/schedule/templates/[id]/apply",
    target: async (ctx) => {
      const t = await ctx.db.shiftTemplate.create({ data: { name: `Fuzz ${unique()}`, createdById: ctx.adminId, shifts: { create: [{ weekday: 2, unitId: ctx.unitId, startMinute: 480, lengthMinutes: 510, breakMinutes: 30 }] } } });
      return { path: `/api/schedule/templates/${t.id}/apply`, params: { id: t.id } };
    },
    valid: () => ({ from: "2031-05-12", to: "2031-05-18", skipHolidays: true }),
  },
  { name: "POST /api/schedule/copy-week", target: async () => ({ path: "/api/schedule/copy-week" }), valid: (ctx) => ({ week: "2031-05-13", unitId: ctx.unitId, skipHolidays: false }) },
  { name: "PUT /api/schedule/settings", target: async () => ({ path: "/api/schedule/settings" }), valid: () => ({ availabilityRequiresApproval: true }) },
  {
    name: "POST /api/availability",
    target: async () => ({ path: "/api/availability" }),
    valid: () => ({ day: null, blocks: [{ weekday: 1, from: "08:00", to: "17:00", kind: "available" }, { weekday: 2, from: "00:00", to: "24:00", kind: "unavailable" }], note: "Fuzz" }),
    readBack: async (ctx, _sent, res) => {
      const row = await ctx.db.availabilityRequest.findUniqueOrThrow({ where: { id: String(res.body.id) } });
      expect(row.blocks).toEqual(res.body.blocks);
    },
  },
  {
    name: "POST /api/availability/[id]/decision",
    target: async (ctx) => {
      const member = await createUser(ctx.db);
      const r = await ctx.db.availabilityRequest.create({ data: { userId: member.id, blocks: [{ weekday: 1, from: "08:00", to: "12:00", kind: "available" }] } });
      return { path: `/api/availability/${r.id}/decision`, params: { id: r.id } };
    },
    valid: () => ({ decision: "approve", note: "Fine" }),
  },
  // Time off (docs/schedules.md "Time off"): the admin's own request; decisions on a staff member's.
  {
    name: "POST /api/time-off",
    target: async () => ({ path: "/api/time-off" }),
    valid: async (ctx) => ({ typeId: (await ctx.db.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } })).id, startDay: "2031-03-02", endDay: "2031-03-03", hoursPerDay: 4, note: "Fuzz" }),
    readBack: async (ctx, _sent, res) => {
      const row = await ctx.db.timeOffRequest.findUniqueOrThrow({ where: { id: String(res.body.id) } });
      expect(row.minutes / 60).toBe(res.body.hours);
    },
  },
  {
    name: "POST /api/time-off/[id]/decision",
    target: async (ctx) => {
      const member = await createUser(ctx.db);
      const type = await ctx.db.timeOffType.findUniqueOrThrow({ where: { key: "sick" } });
      const r = await ctx.db.timeOffRequest.create({ data: { userId: member.id, typeId: type.id, startDay: new Date("2031-03-04"), endDay: new Date("2031-03-04"), minutesPerDay: 480, minutes: 480 } });
      return { path: `/api/time-off/${r.id}/decision`, params: { id: r.id } };
    },
    valid: () => ({ decision: "approve", note: "Fine" }),
  },
  // An open shift claimed now, or replayed from a phone's queue (clientUuid + deviceTime).
  {
    name: "POST /api/schedule/shifts/[id]/claim",
    target: async (ctx) => {
      const shift = await fuzzShift(ctx, null);
      return { path: `/api/schedule/shifts/${shift.id}/claim`, params: { id: shift.id } };
    },
    valid: () => ({ clientUuid: randomUUID(), deviceTime: new Date().toISOString() }),
  },
  // Swaps and covers (docs/schedules.md "Swaps and covers"): each body gets shifts on a day of its own.
  {
    name: "POST /api/schedule/swaps",
    target: async () => ({ path: "/api/schedule/swaps" }),
    valid: async (ctx) => ({ shiftId: (await fuzzShift(ctx, ctx.adminId)).id, kind: "swap", note: "Fuzz" }),
  },
  {
    name: "POST /api/schedule/swaps/[id]/accept",
    target: async (ctx) => {
      const member = await createUser(ctx.db);
      await addMembership(ctx.db, ctx.unitId, member.id);
      const offer = await ctx.db.shiftSwap.create({ data: { shiftId: (await fuzzShift(ctx, member.id)).id, kind: "swap", offeredById: member.id } });
      return { path: `/api/schedule/swaps/${offer.id}/accept`, params: { id: offer.id } };
    },
    // A swap: the admin gives a shift of theirs in exchange.
    valid: async (ctx) => ({ shiftId: (await fuzzShift(ctx, ctx.adminId)).id }),
  },
  {
    name: "POST /api/schedule/swaps/[id]/decision",
    target: async (ctx) => {
      const [member, other] = [await createUser(ctx.db), await createUser(ctx.db)];
      const offer = await ctx.db.shiftSwap.create({
        data: { shiftId: (await fuzzShift(ctx, member.id)).id, kind: "cover", offeredById: member.id, status: "accepted", acceptedById: other.id, acceptedAt: new Date() },
      });
      return { path: `/api/schedule/swaps/${offer.id}/decision`, params: { id: offer.id } };
    },
    valid: () => ({ decision: "approve", note: "Fine" }),
  },
  {
    name: "PATCH /api/schedule/units/[id]",
    target: async (ctx) => ({ path: `/api/schedule/units/${ctx.unitId}`, params: { id: ctx.unitId } }),
    valid: () => ({ swapsNeedApproval: false }),
  },
  // Pay rates (docs/time.md "Pay rates and labour cost"): a fresh member each, so a rate's day is never taken.
  {
    name: "POST /api/members/[id]/pay-rates",
    target: async (ctx) => {
      const member = await createUser(ctx.db);
      return { path: `/api/members/${member.id}/pay-rates`, params: { id: member.id } };
    },
    valid: () => ({ kind: "hourly", amount: "18.25", effectiveFrom: "2031-02-02", roleLabel: "Driver", note: "Fuzz" }),
    readBack: async (ctx, _sent, res) => {
      const row = await ctx.db.payRate.findUniqueOrThrow({ where: { id: String(res.body.id) } });
      expect(row.amountCents).toBe(res.body.amountCents);
      expect(Number.isInteger(row.amountCents) && row.amountCents >= 0).toBe(true);
    },
  },
  {
    name: "PATCH /api/pay-rates/[id]",
    target: async (ctx) => {
      const member = await createUser(ctx.db);
      const rate = await ctx.db.payRate.create({ data: { userId: member.id, kind: "hourly", amountCents: 1500, effectiveFrom: new Date("2031-02-02"), createdById: ctx.adminId } });
      return { path: `/api/pay-rates/${rate.id}`, params: { id: rate.id } };
    },
    valid: () => ({ kind: "salaried", amount: 52000, effectiveFrom: "2031-02-03", note: "Fuzz" }),
  },
  {
    name: "PUT /api/time-off/policies/[id]",
    target: async (ctx) => {
      const id = (await ctx.db.timeOffType.findUniqueOrThrow({ where: { key: "sick" } })).id;
      return { path: `/api/time-off/policies/${id}`, params: { id } };
    },
    valid: () => ({ method: "accrual", accrualHours: 1, perHoursWorked: 30, carryOverCapHours: 40, startDay: "2031-01-01" }),
  },
  {
    name: "POST /api/time-off/types",
    target: async () => ({ path: "/api/time-off/types" }),
    valid: () => ({ name: `Fuzz ${crypto.randomUUID().slice(0, 8)}`, paid: true }),
  },
  {
    name: "PATCH /api/time-off/types/[id]",
    target: async (ctx) => {
      const id = (await ctx.db.timeOffType.findUniqueOrThrow({ where: { key: "unpaid" } })).id;
      return { path: `/api/time-off/types/${id}`, params: { id } };
    },
    valid: () => ({ name: "Unpaid", paid: false, active: true, position: 3 }),
  },
  {
    name: "POST /api/time-off/ledger",
    target: async () => ({ path: "/api/time-off/ledger" }),
    valid: async (ctx) => ({ userId: (await createUser(ctx.db)).id, typeId: (await ctx.db.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } })).id, kind: "grant", hours: 40, reason: "Yearly grant" }),
  },
  // Pickup runs (docs/runs.md): each body gets requests of its own.
  {
    name: "POST /api/runs",
    target: async () => ({ path: "/api/runs" }),
    valid: async (ctx) => ({ uuid: randomUUID(), runDate: "2031-03-04", driverId: ctx.adminId, vehicle: "Van 1", note: "Fuzz", requestIds: [(await fuzzPickupRequest(ctx)).id] }),
    readBack: async (ctx, _sent, res) => {
      const run = await ctx.db.pickupRun.findUniqueOrThrow({ where: { id: String(res.body.id) }, include: { items: true } });
      expect(run.vehicle).toBe(res.body.vehicle);
      expect(run.items).toHaveLength(Number(res.body.petCount));
    },
  },
  {
    name: "POST /api/runs/[id]/requests",
    target: async (ctx) => {
      const run = await fuzzRun(ctx);
      return { path: `/api/runs/${run.id}/requests`, params: { id: run.id } };
    },
    valid: async (ctx) => ({ requestIds: [(await fuzzPickupRequest(ctx)).id, (await fuzzPickupRequest(ctx)).id] }),
  },
  {
    // One run for every call: each valid body puts a request of its own on it.
    name: "POST /api/runs/[id]/pickups",
    target: async (ctx) => {
      const run = await fuzzPickupRun(ctx);
      return { path: `/api/runs/${run.id}/pickups`, params: { id: run.id } };
    },
    valid: async (ctx) => {
      const run = await fuzzPickupRun(ctx);
      const request = await fuzzPickupRequest(ctx);
      const stop = await ctx.db.pickupRunStop.create({ data: { runId: run.id, position: 1, placeKey: `home:${request.id}`, address: "1 Fuzz Lane" } });
      await ctx.db.pickupRunItem.create({ data: { runId: run.id, stopId: stop.id, pickupRequestId: request.id, addedById: ctx.adminId, addedAt: new Date() } });
      await ctx.db.pickupRequest.update({ where: { id: request.id }, data: { status: "assigned" } });
      return {
        requestId: request.id,
        tag: request.number,
        releasedBy: "Dr. Fuzz",
        signature: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        note: "Left shelf",
        place: { latitude: 45.5, longitude: -122.6, accuracyMeters: 12 },
        clientUuid: randomUUID(),
        deviceTime: new Date().toISOString(),
      };
    },
  },
  {
    name: "PUT /api/runs/settings",
    target: async () => ({ path: "/api/runs/settings" }),
    valid: () => ({ latitude: 45.52, longitude: -122.68, postcode: "97201" }),
    readBack: async (ctx) => {
      const row = await ctx.db.pickupRunSettings.findUniqueOrThrow({ where: { id: 1 } });
      expect(Number(row.latitude)).toBe(45.52);
    },
  },
];

/** An open pickup request from a home, numbered out of the app's range. */
let fuzzRequests = 0;
function fuzzPickupRequest(ctx: Ctx) {
  fuzzRequests += 1;
  const seq = 800_000 + fuzzRequests;
  return ctx.db.pickupRequest.create({
    data: { number: `P-2031-${seq}`, year: 2031, seq, uuid: randomUUID(), origin: "home", petName: "Fuzz", petSpecies: "Cat", ownerName: "Fuzz Family", serviceType: "communal", address: `${seq} Fuzz Lane`, postcode: "97201", createdById: ctx.adminId },
    select: { id: true, number: true },
  });
}

/** The one run the pickups are fuzzed on (the fuzz caller, an admin, may work any run). */
let pickupRun: Promise<{ id: string }> | null = null;
function fuzzPickupRun(ctx: Ctx) {
  pickupRun ??= fuzzRun(ctx);
  return pickupRun;
}

/** An empty run of the admin's (the fuzz caller drives it). */
function fuzzRun(ctx: Ctx) {
  return ctx.db.pickupRun.create({ data: { uuid: randomUUID(), runDate: new Date("2031-03-04T00:00:00Z"), driverId: ctx.adminId, vehicle: "Van 9", createdById: ctx.adminId }, select: { id: true } });
}

/** A published shift of `userId` on a day no other fuzz shift has (2032 on). */
let fuzzDays = 0;
function fuzzShift(ctx: Ctx, userId: string | null) {
  const day = new Date(Date.UTC(2032, 0, 1 + fuzzDays++));
  return ctx.db.shift.create({
    data: { unitId: ctx.unitId, userId, startsAt: new Date(day.getTime() + 14 * 3_600_000), endsAt: new Date(day.getTime() + 22 * 3_600_000), status: "published", createdById: ctx.adminId },
  });
}

/** The cremation authorization's signature (a real 1 × 1 PNG). */
function authorizationBody() {
  return {
    authorizingName: "Fuzz Owner",
    relationship: "Owner",
    rightToDecide: true,
    implants: "none",
    belongings: "return",
    signature: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  };
}


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
  // The clinic portal's writes run as a clinic user (docs/clinics.md): a member is refused there.
  const clinicCaller = new Set(["POST /api/clinic/pickup-requests"]);
  const contextFor = async (route: FuzzRoute): Promise<Ctx> => {
    if (clinicCaller.has(route.name)) {
      const clinic = await createVendor(testDb.prisma, { kind: "clinic", address: "1 Clinic Way" });
      const user = await createUser(testDb.prisma, { role: "clinic", clinicVendorId: clinic.id });
      return { ...ctx, headers: await signIn({ email: user.email }), adminId: user.id };
    }
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

