import { sealSecret } from "@/lib/auth/secret-box";
import { adminOnly, type ApiRow } from "../types";

/** Outgoing webhooks (docs/api.md "Webhooks"): admins only, no API key. */
type Ctx = Parameters<NonNullable<ApiRow["setup"]>>[0];
// A public address literal: saving checks it without DNS; nothing is ever sent in the matrix.
const URL = "https://203.0.113.10/hooks";

const subscription = (ctx: Ctx) =>
  ctx.db.webhookSubscription.create({
    data: { url: URL, eventTypes: ["task.created"], secretCiphertext: sealSecret("whsec_matrix"), secretHint: "whsec_matr", createdById: ctx.users.admin.id },
  });

async function delivery(ctx: Ctx) {
  const sub = await subscription(ctx);
  const event = await ctx.db.webhookEvent.create({ data: { type: "task.created", payload: { task: { id: "x", displayNumber: 1, isPrivate: true } } } });
  return ctx.db.webhookDelivery.create({ data: { subscriptionId: sub.id, eventId: event.id, status: "succeeded", giveUpAt: new Date() } });
}

export const webhookRows: ApiRow[] = [
  { route: "/api/admin/webhooks", method: "GET", expect: adminOnly(200) },
  { route: "/api/admin/webhooks", method: "POST", setup: async () => ({ body: { url: URL, eventTypes: ["task.created"] } }), expect: adminOnly(201) },
  {
    route: "/api/admin/webhooks/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/admin/webhooks/${(await subscription(ctx)).id}`, body: { description: "Renamed" } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/webhooks/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/admin/webhooks/${(await subscription(ctx)).id}` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/webhooks/[id]/rotate",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/admin/webhooks/${(await subscription(ctx)).id}/rotate`, body: { overlapMinutes: 60 } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/webhooks/[id]/deliveries",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/admin/webhooks/${(await subscription(ctx)).id}/deliveries` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/webhooks/deliveries/[id]/resend",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/admin/webhooks/deliveries/${(await delivery(ctx)).id}/resend` }),
    expect: adminOnly(200),
  },
];
