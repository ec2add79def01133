import type { ApiRow, SetupContext } from "../types";
import { adminOnly } from "../types";

/**
 * Pay rates and labour cost (docs/time.md "Pay rates and labour cost"): `pay.read` / `pay.manage`,
 * admins only; API keys need pay:read / pay:write (the matrix's key holds no scope: 403). Nobody
 * else reads a rate or a cost: the time card (admins) carries cost only for pay.read callers, which
 * tests/integration/pay/pay-isolation.test.ts proves for a key without pay:read.
 */
let dayNo = 0;
const nextDay = () => {
  dayNo += 1;
  return `2042-${String((Math.floor(dayNo / 28) % 12) + 1).padStart(2, "0")}-${String((dayNo % 28) + 1).padStart(2, "0")}`;
};
const aRate = async (ctx: SetupContext) =>
  ctx.db.payRate.create({
    data: { userId: ctx.users.staff.id, kind: "hourly", amountCents: 2000, effectiveFrom: new Date(`${nextDay()}T00:00:00Z`), createdById: ctx.users.admin.id },
  });

export const payRows: ApiRow[] = [
  { route: "/api/members/[id]/pay-rates", method: "GET", setup: async (ctx) => ({ path: `/api/members/${ctx.users.staff.id}/pay-rates` }), expect: adminOnly(200) },
  {
    route: "/api/members/[id]/pay-rates",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/members/${ctx.users.staff.id}/pay-rates`, body: { kind: "hourly", amount: "21.50", effectiveFrom: nextDay() } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/pay-rates/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/pay-rates/${(await aRate(ctx)).id}`, body: { amount: 22 } }),
    expect: adminOnly(200),
  },
  { route: "/api/pay-rates/[id]", method: "DELETE", setup: async (ctx) => ({ path: `/api/pay-rates/${(await aRate(ctx)).id}` }), expect: adminOnly(200) },
  { route: "/api/labour-cost", method: "GET", setup: async () => ({ path: "/api/labour-cost?by=department" }), expect: adminOnly(200) },
  { route: "/api/labour-cost/schedule", method: "GET", setup: async () => ({ path: "/api/labour-cost/schedule?week=2026-03-02" }), expect: adminOnly(200) },
  { route: "/api/labour-cost/lines", method: "GET", setup: async (ctx) => ({ path: `/api/labour-cost/lines?userId=${ctx.users.staff.id}` }), expect: adminOnly(200) },
];
