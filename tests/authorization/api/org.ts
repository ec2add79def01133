import { addMembership } from "@/prisma/factories";
import { freshUnit, freshUser, freshVendor, uniqueEmail } from "../fixtures";
import { adminOnly, signedIn, type ApiRow } from "../types";

/** Units, members and vendors (docs/organization.md). */
export const orgRows: ApiRow[] = [
  { route: "/api/members", method: "GET", expect: signedIn(200) },
  {
    route: "/api/members",
    method: "POST",
    setup: async () => ({ body: { firstName: "New", lastName: "Member", email: uniqueEmail("member") } }),
    expect: adminOnly(201),
  },
  { route: "/api/members/[id]", method: "GET", setup: async (ctx) => ({ path: `/api/members/${ctx.users.staff.id}` }), expect: signedIn(200) },
  {
    route: "/api/members/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/members/${(await freshUser(ctx)).id}`, body: { lastName: "Changed" } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/members/[id]/deactivate",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/members/${(await freshUser(ctx)).id}/deactivate` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/members/[id]/reactivate",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/members/${(await freshUser(ctx, { isActive: false })).id}/reactivate` }),
    expect: adminOnly(200),
  },
  { route: "/api/organization/contact", method: "GET", expect: signedIn(200) },
  { route: "/api/organization/contact", method: "PUT", setup: async () => ({ body: { phone: "555-0100", hours: "Mon-Fri 9-5" } }), expect: adminOnly(200) },
  { route: "/api/organizational-units", method: "GET", expect: signedIn(200) },
  { route: "/api/organizational-units", method: "POST", setup: async () => ({ body: { name: `Unit ${uniqueEmail("u")}` } }), expect: adminOnly(201) },
  { route: "/api/organizational-units/[id]", method: "GET", setup: async (ctx) => ({ path: `/api/organizational-units/${ctx.unitId}` }), expect: signedIn(200) },
  {
    route: "/api/organizational-units/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/organizational-units/${(await freshUnit(ctx)).id}`, body: { description: "Changed" } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/organizational-units/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/organizational-units/${(await freshUnit(ctx)).id}` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/organizational-units/[id]/members",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/organizational-units/${ctx.unitId}/members` }),
    expect: signedIn(200),
  },
  {
    route: "/api/organizational-units/[id]/members",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/organizational-units/${(await freshUnit(ctx)).id}/members`, body: { userId: (await freshUser(ctx)).id } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/organizational-units/[id]/members/[userId]",
    method: "DELETE",
    setup: async (ctx) => {
      const [unit, user] = await Promise.all([freshUnit(ctx), freshUser(ctx)]);
      await addMembership(ctx.db, unit.id, user.id);
      return { path: `/api/organizational-units/${unit.id}/members/${user.id}` };
    },
    expect: adminOnly(200),
  },
  { route: "/api/vendors", method: "GET", expect: adminOnly(200) },
  { route: "/api/vendors", method: "POST", setup: async () => ({ body: { name: `Vendor ${uniqueEmail("v")}` } }), expect: adminOnly(201) },
  { route: "/api/vendors/[id]", method: "GET", setup: async (ctx) => ({ path: `/api/vendors/${(await freshVendor(ctx)).id}` }), expect: adminOnly(200) },
  {
    route: "/api/vendors/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/vendors/${(await freshVendor(ctx)).id}`, body: { notes: "Changed" } }),
    expect: adminOnly(200),
  },
  { route: "/api/vendors/[id]", method: "DELETE", setup: async (ctx) => ({ path: `/api/vendors/${(await freshVendor(ctx)).id}` }), expect: adminOnly(200) },
  { route: "/api/simplified-vendors", method: "GET", expect: signedIn(200) },
];
