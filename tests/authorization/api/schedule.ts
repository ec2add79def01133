import { addDays, dateKeyOf } from "@/lib/dates";
import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Schedules (docs/schedules.md). Managers plan the departments they belong to and admins every
 * one; every member reads their own schedule and claims the open shifts of their departments
 * (the admin of the matrix belongs to none: 404). API keys need schedule:read / schedule:write.
 * `otherManager`, a manager of another department: 404 for the department's shifts, templates,
 * availability changes and swaps, 403 for adding to or publishing it; their own lists answer 200
 * without the department's rows (tests/integration/schedule/other-department.test.ts).
 */
const planners = { staff: 403, otherStaff: 403, mobile: 403 } as const;

// Each request gets its own day, so the shifts of one member never overlap across callers.
let day = 0;
const nextDay = () => addDays("2040-01-01", ++day);

const aShift = (ctx: SetupContext, extra: { open?: boolean; published?: boolean } = {}) => {
  const d = nextDay();
  return ctx.db.shift.create({
    data: {
      unitId: ctx.unitId,
      userId: extra.open ? null : ctx.users.staff.id,
      startsAt: new Date(`${d}T14:00:00Z`),
      endsAt: new Date(`${d}T22:00:00Z`),
      status: extra.published ? "published" : "draft",
      createdById: ctx.users.admin.id,
    },
  });
};

// Swaps and covers (docs/schedules.md "Swaps and covers"): a published shift tomorrow-and-later
// of `userId`, on a day of its own, and an offer of it by staff.
const aPublished = (ctx: SetupContext, userId: string) => {
  const d = nextDay();
  return ctx.db.shift.create({ data: { unitId: ctx.unitId, userId, startsAt: new Date(`${d}T14:00:00Z`), endsAt: new Date(`${d}T22:00:00Z`), status: "published", createdById: ctx.users.admin.id } });
};
const anOffer = async (ctx: SetupContext, accepted = false) => {
  const shift = await aPublished(ctx, ctx.users.staff.id);
  return ctx.db.shiftSwap.create({
    data: { shiftId: shift.id, kind: "cover", offeredById: ctx.users.staff.id, ...(accepted ? { status: "accepted", acceptedById: ctx.users.otherStaff.id, acceptedAt: new Date() } : {}) },
  });
};

export const scheduleRows: ApiRow[] = [
  { route: "/api/schedule", method: "GET", otherManager: 200, expect: signedIn(200, planners) },
  {
    route: "/api/schedule/shifts",
    method: "POST", otherManager: 403,
    setup: async (ctx) => {
      const d = nextDay();
      return { body: { unitId: ctx.unitId, userId: ctx.users.staff.id, startsAt: `${d}T08:00`, endsAt: `${d}T16:00` } };
    },
    expect: signedIn(201, planners),
  },
  { route: "/api/schedule/shifts/[id]", method: "GET", otherManager: 404, setup: async (ctx) => ({ path: `/api/schedule/shifts/${(await aShift(ctx)).id}` }), expect: signedIn(200, planners) },
  {
    route: "/api/schedule/shifts/[id]",
    method: "PATCH", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/schedule/shifts/${(await aShift(ctx)).id}`, body: { note: "Matrix" } }),
    expect: signedIn(200, planners),
  },
  { route: "/api/schedule/shifts/[id]", method: "DELETE", otherManager: 404, setup: async (ctx) => ({ path: `/api/schedule/shifts/${(await aShift(ctx)).id}` }), expect: signedIn(200, planners) },
  {
    route: "/api/schedule/publish",
    method: "POST", otherManager: 403,
    setup: async (ctx) => {
      const d = nextDay();
      return { body: { from: d, to: d, unitId: ctx.unitId } };
    },
    expect: signedIn(200, planners),
  },
  { route: "/api/schedule/me", method: "GET", otherManager: 200, expect: signedIn(200) },
  {
    route: "/api/schedule/shifts/[id]/claim",
    method: "POST", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/schedule/shifts/${(await aShift(ctx, { open: true, published: true })).id}/claim` }),
    expect: signedIn(200, { admin: 404 }),
  },
  // Templates and copying (docs/schedules.md "Templates"): planners only; a template of the
  // department saved by its manager (the admin plans every department).
  { route: "/api/schedule/templates", method: "GET", otherManager: 200, expect: signedIn(200, planners) },
  {
    route: "/api/schedule/templates",
    method: "POST", otherManager: 403,
    setup: async (ctx) => {
      const shift = await aShift(ctx);
      return { body: { name: `Matrix ${shift.id}`, week: dateKeyOf(shift.startsAt), unitId: ctx.unitId } };
    },
    expect: signedIn(201, planners),
  },
  { route: "/api/schedule/templates/[id]", method: "DELETE", otherManager: 404, setup: async (ctx) => ({ path: `/api/schedule/templates/${(await aTemplate(ctx)).id}` }), expect: signedIn(200, planners) },
  {
    route: "/api/schedule/templates/[id]/apply",
    method: "POST", otherManager: 404,
    setup: async (ctx) => {
      const d = nextDay();
      return { path: `/api/schedule/templates/${(await aTemplate(ctx)).id}/apply`, body: { from: d, to: d, skipHolidays: true } };
    },
    expect: signedIn(200, planners),
  },
  // A week with nothing before it: copying adds no shift the other rows could run into.
  { route: "/api/schedule/copy-week", method: "POST", otherManager: 200, setup: async () => ({ body: { week: "2045-06-14" } }), expect: signedIn(200, planners) },
  { route: "/api/schedule/settings", method: "PUT", otherManager: 403, setup: async () => ({ body: { availabilityRequiresApproval: true } }), expect: adminOnly(200) },
  // Availability (docs/schedules.md "Availability"): every member sets their own; the managers of
  // their departments and the admins decide (the staff member's own change: others 404).
  { route: "/api/availability", method: "GET", otherManager: 200, expect: signedIn(200) },
  {
    route: "/api/availability",
    method: "POST", otherManager: 201,
    setup: async () => ({ body: { day: nextDay(), blocks: [{ from: "08:00", to: "12:00", kind: "available" }], note: "Matrix" } }),
    expect: signedIn(201),
  },
  { route: "/api/availability/pending", method: "GET", otherManager: 200, expect: signedIn(200, planners) },
  {
    route: "/api/availability/[id]/decision",
    method: "POST", otherManager: 404,
    setup: async (ctx) => {
      const change = await ctx.db.availabilityRequest.create({ data: { userId: ctx.users.staff.id, day: new Date(`${nextDay()}T00:00:00Z`), blocks: [] } });
      return { path: `/api/availability/${change.id}/decision`, body: { decision: "approve" } };
    },
    expect: signedIn(200, { ...planners, staff: 403 }),
  },
  // Withdrawing: the member's own pending change (docs/schedules.md "Availability"); anyone else's: 404.
  {
    route: "/api/availability/[id]/withdraw",
    method: "POST",
    otherManager: 404,
    setup: async (ctx) => {
      const change = await ctx.db.availabilityRequest.create({ data: { userId: ctx.users.staff.id, day: new Date(`${nextDay()}T00:00:00Z`), blocks: [] } });
      return { path: `/api/availability/${change.id}/withdraw` };
    },
    expect: signedIn(200, { otherStaff: 404, manager: 404, admin: 404 }),
  },
  { route: "/api/schedule/swaps", method: "GET", otherManager: 200, expect: signedIn(200) },
  {
    route: "/api/schedule/swaps",
    method: "POST", otherManager: 201,
    setup: async (ctx) => ({ body: { shiftId: (await aPublished(ctx, ctx.caller?.id ?? ctx.users.staff.id)).id, kind: "cover" } }),
    expect: signedIn(201),
  },
  // The offerer cannot accept their own offer, and the admin of the matrix is in no department: 404.
  {
    route: "/api/schedule/swaps/[id]/accept",
    method: "POST", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/schedule/swaps/${(await anOffer(ctx)).id}/accept`, body: {} }),
    expect: signedIn(200, { staff: 404, mobile: 404, admin: 404 }),
  },
  {
    route: "/api/schedule/swaps/[id]/decision",
    method: "POST", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/schedule/swaps/${(await anOffer(ctx, true)).id}/decision`, body: { decision: "approve" } }),
    expect: signedIn(200, planners),
  },
  {
    route: "/api/schedule/swaps/[id]/cancel",
    method: "POST", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/schedule/swaps/${(await anOffer(ctx)).id}/cancel` }),
    expect: signedIn(200, { otherStaff: 404, manager: 404, admin: 404 }),
  },
  {
    route: "/api/schedule/units/[id]",
    method: "PATCH", otherManager: 403,
    setup: async (ctx) => ({ path: `/api/schedule/units/${ctx.unitId}`, body: { swapsNeedApproval: true } }),
    expect: signedIn(200, planners),
  },
];

/** A one-shift template of the department. */
async function aTemplate(ctx: SetupContext) {
  return ctx.db.shiftTemplate.create({
    data: { name: `Matrix ${nextDay()} ${Math.random()}`, createdById: ctx.users.admin.id, shifts: { create: [{ weekday: 3, unitId: ctx.unitId, startMinute: 480, lengthMinutes: 480 }] } },
  });
}
