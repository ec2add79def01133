import type { ApiRow, SetupContext } from "../types";
import { adminOnly, signedIn } from "../types";

/**
 * Time off (docs/schedules.md "Time off"). Every member requests and cancels their own (others:
 * 404); managers decide the requests of their departments' members, admins everyone's; only
 * admins write grants and adjustments. API keys need schedule:read / schedule:write.
 */
const planners = { staff: 403, otherStaff: 403, mobile: 403 } as const;

let day = 0;
let typeNo = 0;
const nextDay = () => `2041-01-${String((++day % 28) + 1).padStart(2, "0")}`;
const typeId = async (ctx: SetupContext, key = "vacation") => (await ctx.db.timeOffType.findUniqueOrThrow({ where: { key } })).id;

const aRequest = async (ctx: SetupContext) => {
  const d = new Date(`${nextDay()}T00:00:00Z`);
  return ctx.db.timeOffRequest.create({ data: { userId: ctx.users.staff.id, typeId: await typeId(ctx), startDay: d, endDay: d, minutesPerDay: 480, minutes: 480 } });
};

export const timeOffRows: ApiRow[] = [
  { route: "/api/time-off", method: "GET", otherManager: 200, expect: signedIn(200) },
  {
    route: "/api/time-off",
    method: "POST", otherManager: 201,
    setup: async (ctx) => {
      const d = nextDay();
      return { body: { typeId: await typeId(ctx), startDay: d, endDay: d } };
    },
    expect: signedIn(201),
  },
  { route: "/api/time-off/pending", method: "GET", otherManager: 200, expect: signedIn(200, planners) },
  {
    route: "/api/time-off/[id]/decision",
    method: "POST", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/time-off/${(await aRequest(ctx)).id}/decision`, body: { decision: "approve", note: "Matrix" } }),
    expect: signedIn(200, planners),
  },
  {
    route: "/api/time-off/[id]/cancel",
    method: "POST", otherManager: 404,
    setup: async (ctx) => ({ path: `/api/time-off/${(await aRequest(ctx)).id}/cancel` }),
    expect: signedIn(200, { otherStaff: 404, manager: 404, admin: 404 }),
  },
  {
    route: "/api/time-off/ledger",
    method: "POST", otherManager: 403,
    setup: async (ctx) => ({ body: { userId: ctx.users.staff.id, typeId: await typeId(ctx), kind: "grant", hours: 8, reason: "Matrix" } }),
    expect: adminOnly(201),
  },
  { route: "/api/time-off/balances", method: "GET", otherManager: 200, expect: signedIn(200) },
  { route: "/api/time-off/policies", method: "GET", otherManager: 403, expect: adminOnly(200) },
  {
    route: "/api/time-off/policies/[id]",
    method: "PUT", otherManager: 403,
    setup: async (ctx) => ({ path: `/api/time-off/policies/${await typeId(ctx, "bereavement")}`, body: { method: "yearly_grant", yearlyHours: 24, startDay: "2041-01-01" } }),
    expect: adminOnly(200),
  },
  { route: "/api/time-off/policies/run", method: "POST", otherManager: 403, expect: adminOnly(200) },
  { route: "/api/time-off/types", method: "GET", otherManager: 403, expect: adminOnly(200) },
  {
    route: "/api/time-off/types",
    method: "POST", otherManager: 403,
    // A fresh name each time: a name is unique whatever its case (409 otherwise).
    setup: async () => ({ body: { name: `Matrix ${++typeNo}-${crypto.randomUUID().slice(0, 8)}`, paid: false } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/time-off/types/[id]",
    method: "PATCH", otherManager: 403,
    setup: async (ctx) => ({ path: `/api/time-off/types/${await typeId(ctx, "bereavement")}`, body: { active: true, paid: true } }),
    expect: adminOnly(200),
  },
];
