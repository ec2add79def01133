import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Alerts (docs/alerts.md). "My alerts" is everyone's; acting on one alert is for its recipients
 * (the staff owner here) and admins, 404 for the rest. Rules and the organization's alerts are
 * for admins only.
 */
const recipientsAndAdmins = { otherStaff: 404, manager: 404 } as const;

async function ownersAlert(ctx: SetupContext) {
  const rule = await ctx.db.alertRule.create({ data: { name: "Matrix rule", kind: "punch_open", config: { threshold: 10 }, createdById: ctx.users.admin.id } });
  return ctx.db.alert.create({
    data: {
      ruleId: rule.id,
      kind: "punch_open",
      subjectType: "member",
      subjectId: ctx.users.staff.id,
      occurrence: crypto.randomUUID(),
      userId: ctx.users.staff.id,
      message: "Punched in 11 h ago and not punched out",
      recipients: { create: { userId: ctx.users.staff.id } },
    },
  });
}

const rule = (ctx: SetupContext) => ctx.db.alertRule.create({ data: { name: "Matrix rule", kind: "task_overdue", config: { threshold: 24 }, createdById: ctx.users.admin.id } });
const ruleBody = { name: "Overdue tasks", kind: "task_overdue", params: { threshold: 24 } };
export const alertRows: ApiRow[] = [
  { route: "/api/alerts", method: "GET", expect: signedIn(200) },
  { route: "/api/alerts/read-all", method: "POST", setup: async () => ({ body: {} }), expect: signedIn(200) },
  {
    route: "/api/alerts/[id]/acknowledge",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/alerts/${(await ownersAlert(ctx)).id}/acknowledge`, body: {} }),
    expect: signedIn(200, recipientsAndAdmins),
  },
  {
    // Read is personal: only a recipient has a row to mark (an admin who did not receive it gets 404 too).
    route: "/api/alerts/[id]/read",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/alerts/${(await ownersAlert(ctx)).id}/read`, body: {} }),
    expect: signedIn(200, { ...recipientsAndAdmins, admin: 404 }),
  },
  {
    route: "/api/alerts/[id]/snooze",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/alerts/${(await ownersAlert(ctx)).id}/snooze`, body: { minutes: 60 } }),
    expect: signedIn(200, recipientsAndAdmins),
  },
  { route: "/api/alerts/rules", method: "GET", expect: adminOnly(200) },
  { route: "/api/alerts/rules", method: "POST", setup: async () => ({ body: ruleBody }), expect: adminOnly(201) },
  { route: "/api/alerts/rules/preview", method: "POST", setup: async () => ({ body: ruleBody }), expect: adminOnly(200) },
  {
    route: "/api/alerts/rules/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/alerts/rules/${(await rule(ctx)).id}`, body: { isActive: false } }),
    expect: adminOnly(200),
  },
  { route: "/api/alerts/rules/[id]", method: "DELETE", setup: async (ctx) => ({ path: `/api/alerts/rules/${(await rule(ctx)).id}` }), expect: adminOnly(200) },
  { route: "/api/admin/alerts", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/alerts/acknowledge",
    method: "POST",
    setup: async (ctx) => ({ body: { ids: [(await ownersAlert(ctx)).id] } }),
    expect: adminOnly(200),
  },
];
