import { BUSINESS_TIME_ZONE, dateKeyOf } from "@/lib/dates";
import { createPunchSession } from "@/prisma/factories";
import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Time administration (docs/time.md). Everyone reads their own time; a manager also reads the
 * members of their units, an admin everyone; anyone else gets 404 ("not yours"). The time card,
 * edits, approvals, corrections' decisions, the policy and payroll are admin only.
 */

/** A closed one-hour punch of the staff owner at a random instant of 2021-2023 (rows never collide). */
async function staffPunch(ctx: SetupContext) {
  const start = new Date(Date.UTC(2021, 0, 1) + Math.floor(Math.random() * 80_000) * 3_600_000);
  return createPunchSession(ctx.db, { userId: ctx.users.staff.id, punchInAt: start, punchOutAt: new Date(start.getTime() + 3_600_000) });
}

const POLICY = {
  payPeriodKind: "weekly",
  payPeriodAnchor: "2026-01-05",
  lunchPaidMinutes: 0,
  breakPaidMinutes: 15,
  dailyOvertimeMinutes: null,
  weeklyOvertimeMinutes: 2400,
  forgottenPunchHours: 12,
  autoCloseForgotten: false,
  exportRoundingMinutes: 0,
};

/**
 * An 8-hour punch of the staff owner without a meal, on a random day of 2019-2020, at a punch post
 * following Illinois (a 20-minute meal owed for 7½ hours): a break problem to waive.
 */
async function staffMissedMeal(ctx: SetupContext) {
  const location = `matrix-il-${Math.random().toString(36).slice(2)}`;
  await ctx.db.punchStation.create({ data: { location, jurisdiction: "illinois" } });
  const start = new Date(Date.UTC(2019, 0, 7, 14) + Math.floor(Math.random() * 700) * 86_400_000);
  await createPunchSession(ctx.db, { userId: ctx.users.staff.id, punchInAt: start, punchOutAt: new Date(start.getTime() + 8 * 3_600_000), inLocation: location });
  return start;
}

/** Gives everyone who shares a name with someone else a distinct last name, then answers `path`. */
async function withDistinctNames(ctx: SetupContext, path: string): Promise<string> {
  await ctx.db.$executeRaw`
    UPDATE users SET last_name = last_name || ' ' || left(id::text, 8)
     WHERE (first_name, last_name) IN (SELECT first_name, last_name FROM users GROUP BY 1, 2 HAVING count(*) > 1)`;
  return path;
}

export const timeRows: ApiRow[] = [
  { route: "/api/time/logs", method: "GET", expect: signedIn(200) },
  {
    route: "/api/time/logs",
    method: "GET",
    case: "the staff owner's time by id",
    setup: async (ctx) => ({ path: `/api/time/logs?userId=${ctx.users.staff.id}&range=week` }),
    expect: signedIn(200, { otherStaff: 404 }),
  },
  { route: "/api/time/logs/export", method: "GET", expect: signedIn(200) },
  {
    route: "/api/time/logs/export",
    method: "GET",
    case: "the staff owner's time as PDF",
    setup: async (ctx) => ({ path: `/api/time/logs/export?format=pdf&userId=${ctx.users.staff.id}` }),
    expect: signedIn(200, { otherStaff: 404 }),
  },
  {
    route: "/api/time/corrections",
    method: "POST",
    setup: async () => {
      const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(Math.random() * 8000) * 3_600_000);
      return { body: { requestedInAt: start.toISOString(), requestedOutAt: new Date(start.getTime() + 3_600_000).toISOString(), reason: "Forgot to punch" } };
    },
    expect: signedIn(201),
  },
  { route: "/api/admin/time/card", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/time/edits",
    method: "POST",
    setup: async (ctx) => {
      const punch = await staffPunch(ctx);
      return {
        body: {
          action: "update-punch",
          punchId: punch.id,
          punchInAt: punch.punchInAt.toISOString(),
          punchOutAt: new Date(punch.punchInAt.getTime() + 1_800_000).toISOString(),
          reason: "Matrix edit",
        },
      };
    },
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/time/approvals",
    method: "POST",
    setup: async (ctx) => ({ body: { period: "2025-06-02", userIds: [ctx.users.staff.id] } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/time/approvals/withdraw",
    method: "POST",
    setup: async (ctx) => {
      await ctx.db.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: ctx.users.staff.id, periodStart: new Date("2025-06-09T00:00:00Z") } },
        create: {
          userId: ctx.users.staff.id,
          periodStart: new Date("2025-06-09T00:00:00Z"),
          periodEnd: new Date("2025-06-15T00:00:00Z"),
          startsAt: new Date("2025-06-09T05:00:00Z"),
          endsAt: new Date("2025-06-16T05:00:00Z"),
          approvedAt: new Date(),
        },
        update: { approvedAt: new Date(), lockedAt: null },
      });
      return { body: { period: "2025-06-10", userIds: [ctx.users.staff.id] } };
    },
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/time/locks",
    method: "POST",
    setup: async (ctx) => ({ body: { period: "2025-06-18", userIds: [ctx.users.staff.id] } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/time/approvals/unlock",
    method: "POST",
    setup: async (ctx) => {
      await ctx.db.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: ctx.users.staff.id, periodStart: new Date("2025-05-26T00:00:00Z") } },
        create: {
          userId: ctx.users.staff.id,
          periodStart: new Date("2025-05-26T00:00:00Z"),
          periodEnd: new Date("2025-06-01T00:00:00Z"),
          startsAt: new Date("2025-05-26T05:00:00Z"),
          endsAt: new Date("2025-06-02T05:00:00Z"),
          lockedAt: new Date(),
        },
        update: { lockedAt: new Date(), unlockedAt: null },
      });
      return { body: { period: "2025-05-28", userId: ctx.users.staff.id, reason: "Matrix unlock" } };
    },
    expect: adminOnly(200),
  },
  { route: "/api/admin/time/corrections", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/time/corrections/[id]",
    method: "POST",
    setup: async (ctx) => {
      const request = await ctx.db.timeCorrectionRequest.create({
        data: { userId: ctx.users.staff.id, requestedInAt: new Date("2024-03-04T14:00:00Z"), requestedOutAt: new Date("2024-03-04T15:00:00Z"), reason: "Matrix" },
      });
      return { path: `/api/admin/time/corrections/${request.id}`, body: { decision: "reject" } };
    },
    expect: adminOnly(200),
  },
  { route: "/api/admin/time/policy", method: "GET", expect: adminOnly(200) },
  { route: "/api/admin/time/policy", method: "PUT", setup: async () => ({ body: POLICY }), expect: adminOnly(200) },
  { route: "/api/admin/time/payroll", method: "GET", expect: adminOnly(200) },
  // The provider layouts (docs/time.md, "Exports to payroll providers"): a far period, its members' unlocked periods taken explicitly.
  // Other rows register people under one name ("New Member"); a provider refuses two people it can't tell apart, so they are told apart first.
  { route: "/api/admin/time/payroll", method: "GET", case: "Gusto layout", setup: async (ctx) => ({ path: await withDistinctNames(ctx, "/api/admin/time/payroll?period=2019-01-07&layout=gusto&unlocked=true") }), expect: adminOnly(200) },
  {
    route: "/api/admin/time/payroll",
    method: "GET",
    case: "QuickBooks IIF layout",
    setup: async (ctx) => ({ path: await withDistinctNames(ctx, "/api/admin/time/payroll?period=2019-01-07&layout=quickbooks-iif&unlocked=true") }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/time/payroll",
    method: "GET",
    case: "ADP layout asked as XLSX (it is a CSV file)",
    setup: async (ctx) => ({ path: await withDistinctNames(ctx, "/api/admin/time/payroll?period=2019-01-07&layout=adp&unlocked=true&format=xlsx") }),
    expect: adminOnly(400),
  },
  { route: "/api/admin/time/payroll/providers", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/time/payroll/providers",
    method: "PUT",
    setup: async () => ({ body: { quickbooks: { companyName: "Matrix Co", employeeName: "last-first" }, adp: { companyCode: "MX1" } } }),
    expect: adminOnly(200),
  },
  { route: "/api/admin/time/jurisdictions", method: "GET", expect: adminOnly(200) },
  { route: "/api/admin/time/jurisdictions", method: "PUT", setup: async () => ({ body: { organization: "federal" } }), expect: adminOnly(200) },
  {
    route: "/api/admin/time/break-waivers",
    method: "POST",
    setup: async (ctx) => {
      const start = await staffMissedMeal(ctx);
      const date = dateKeyOf(start, BUSINESS_TIME_ZONE);
      return { body: { userId: ctx.users.staff.id, date, kind: "meal", reason: "Matrix waiver" } };
    },
    expect: adminOnly(201),
  },
  { route: "/api/admin/time/payroll/settings", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/time/payroll/settings",
    method: "PUT",
    setup: async () => ({
      body: {
        options: { excludeVolunteers: false, excludeNoTime: false, usePayrollId: false, totalHours: false, approval: false, period: true, layoutId: "standard", format: "csv" },
        layouts: [],
      },
    }),
    expect: adminOnly(200),
  },
];
