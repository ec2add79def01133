import { createApiKey } from "@/prisma/factories";
import { adminOnly, everyone, type ApiRow } from "../types";

/** API management (docs/api.md): admins only; the OpenAPI document is public. */
const key = (ctx: Parameters<NonNullable<ApiRow["setup"]>>[0]) =>
  createApiKey(ctx.db, { createdById: ctx.users.admin.id, actingUserId: ctx.users.staff.id, scopes: ["tasks:read"] });

export const apiKeyRows: ApiRow[] = [
  { route: "/api/openapi.json", method: "GET", expect: everyone(200) },
  { route: "/api/admin/api-keys", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/api-keys",
    method: "POST",
    setup: async (ctx) => ({ body: { name: "Matrix key", scopes: ["tasks:read"], actingUserId: ctx.users.staff.id } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/admin/api-keys/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/admin/api-keys/${(await key(ctx)).key.id}`, body: { name: "Renamed" } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/api-keys/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/admin/api-keys/${(await key(ctx)).key.id}` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/api-keys/[id]/rotate",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/admin/api-keys/${(await key(ctx)).key.id}/rotate`, body: { graceMinutes: 60 } }),
    expect: adminOnly(200),
  },
];
