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
