import { adminOnly, type ApiRow } from "../types";

/** Accountability (docs/accountability.md): expected starts and the figures are for admins only. */
const period = "from=2026-11-01&to=2026-11-30";

export const accountabilityRows: ApiRow[] = [
  { route: "/api/admin/expected-starts", method: "GET", expect: adminOnly(200) },
  { route: "/api/admin/expected-starts", method: "PUT", setup: async (ctx) => ({ body: { unitId: ctx.unitId, time: "09:00" } }), expect: adminOnly(200) },
  {
    route: "/api/admin/expected-starts/[id]",
    method: "DELETE",
    setup: async (ctx) => {
      const row = await ctx.db.expectedStart.upsert({ where: { userId: ctx.users.otherStaff.id }, create: { userId: ctx.users.otherStaff.id, startMinutes: 480 }, update: {} });
      return { path: `/api/admin/expected-starts/${row.id}` };
    },
    expect: adminOnly(200),
  },
  { route: "/api/admin/accountability", method: "GET", setup: async () => ({ path: `/api/admin/accountability?${period}` }), expect: adminOnly(200) },
  {
    route: "/api/admin/accountability/details",
    method: "GET",
    setup: async () => ({ path: `/api/admin/accountability/details?${period}&metric=overdue` }),
    expect: adminOnly(200),
  },
  { route: "/api/admin/accountability/export", method: "GET", setup: async () => ({ path: `/api/admin/accountability/export?${period}` }), expect: adminOnly(200) },
];
