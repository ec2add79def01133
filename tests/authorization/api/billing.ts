import { randomUUID } from "node:crypto";
import { dateColumnOf } from "@/lib/dates";
import { createMemorialCase, createVendor } from "@/prisma/factories";
import { adminOnly, type ApiExpectation, type ApiRow, type SetupContext } from "../types";

/**
 * Clinic billing (docs/billing.md): admins and managers read
 * (billing.read), admins write (billing.manage). Staff and their mobile tokens get 403; an API key
 * without the billing scopes gets 403.
 */
const readers = (outcome: 200 | 201 | 404): ApiExpectation => ({ anonymous: 401, staff: 403, otherStaff: 403, manager: outcome, admin: outcome, mobile: 403, apiKey: 403, clinic: 403 });

const aCase = (ctx: SetupContext, clinicVendorId: string | null = null) => createMemorialCase(ctx.db, { createdById: ctx.users.manager.id, clinicVendorId, petWeightLbs: 9 });

async function aVersion(ctx: SetupContext) {
  // A fresh clinic's list each time: one version per list and day.
  const clinic = await createVendor(ctx.db, {});
  return ctx.db.priceListVersion.create({ data: { clinicVendorId: clinic.id, effectiveFrom: dateColumnOf("2020-01-01"), createdById: ctx.users.admin.id } });
}

/** An issued statement of a past month for a fresh clinic. */
async function aStatement(ctx: SetupContext) {
  const clinic = await createVendor(ctx.db, {});
  return ctx.db.statement.create({
    data: {
      number: `S-MATRIX-${randomUUID()}`,
      clinicVendorId: clinic.id,
      periodStart: dateColumnOf("2025-01-01"),
      periodEnd: dateColumnOf("2025-01-31"),
      clinicName: clinic.name,
      previousBalanceCents: 0,
      chargesCents: 0,
      taxCents: 0,
      paymentsCents: 0,
      balanceCents: 0,
      issuedAt: new Date(),
      issuedById: ctx.users.admin.id,
    },
  });
}

export const billingRows: ApiRow[] = [
  { route: "/api/billing/price-lists", method: "GET", expect: readers(200) },
  {
    route: "/api/billing/price-lists",
    method: "POST",
    setup: async (ctx) => ({ body: { clinicVendorId: (await createVendor(ctx.db, {})).id, effectiveFrom: "2090-01-01", items: [{ kind: "option", optionCode: "paw_print", price: "35" }] } }),
    expect: adminOnly(201),
  },
  { route: "/api/billing/price-lists/[id]", method: "GET", setup: async (ctx) => ({ path: `/api/billing/price-lists/${(await aVersion(ctx)).id}` }), expect: readers(200) },
  { route: "/api/billing/price-lists/[id]", method: "GET", case: "missing", setup: async () => ({ path: `/api/billing/price-lists/${randomUUID()}` }), expect: readers(404) },
  { route: "/api/billing/products", method: "POST", setup: async () => ({ body: { name: `Urn ${randomUUID()}`, category: "urn", stock: 3 } }), expect: adminOnly(201) },
  {
    route: "/api/billing/products/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/billing/products/${(await ctx.db.memorialProduct.create({ data: { name: `Urn ${randomUUID()}`, category: "urn" } })).id}`, body: { stock: 4 } }),
    expect: adminOnly(200),
  },
  { route: "/api/billing/settings", method: "GET", expect: readers(200) },
  { route: "/api/billing/settings", method: "PUT", setup: async () => ({ body: { salesTaxEnabled: false, serviceTaxRate: "0", optionTaxRate: "0", merchandiseTaxRate: "0" } }), expect: adminOnly(200) },
  { route: "/api/cases/[number]/charges", method: "GET", setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/charges` }), expect: readers(200) },
  {
    route: "/api/cases/[number]/charges",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/charges`, body: { kind: "adjustment", amount: "-5", reason: "Matrix" } }),
    expect: adminOnly(201),
  },
  { route: "/api/cases/[number]/receipt", method: "GET", setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/receipt` }), expect: readers(200) },
  {
    route: "/api/billing/payments",
    method: "POST",
    setup: async (ctx) => ({ body: { clinicVendorId: (await createVendor(ctx.db, {})).id, amount: "10", method: "check", reference: "#1", receivedOn: "2026-01-05" } }),
    expect: adminOnly(201),
  },
  { route: "/api/billing/statements", method: "GET", expect: readers(200) },
  {
    route: "/api/billing/statements",
    method: "POST",
    setup: async (ctx) => ({ body: { clinicVendorId: (await createVendor(ctx.db, {})).id, month: "2025-06" } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/billing/statements/preview",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/billing/statements/preview?clinicVendorId=${(await createVendor(ctx.db, {})).id}&month=2025-06` }),
    expect: readers(200),
  },
  { route: "/api/billing/statements/[id]", method: "GET", setup: async (ctx) => ({ path: `/api/billing/statements/${(await aStatement(ctx)).id}` }), expect: readers(200) },
  { route: "/api/billing/statements/[id]/file", method: "GET", setup: async (ctx) => ({ path: `/api/billing/statements/${(await aStatement(ctx)).id}/file?format=iif` }), expect: readers(200) },
];
