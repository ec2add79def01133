import { randomUUID } from "node:crypto";
import { addDays, businessToday } from "@/lib/dates";
import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Operators and chambers on record (docs/cases.md "Operators and chambers"). Every signed-in
 * member reads certifications and a chamber's maintenance log; admins and managers record
 * maintenance and take a chamber out of service (or back); admins record and remove
 * certifications and decide whether chamber in needs one.
 */
const maintainers = { anonymous: 401, staff: 403, otherStaff: 403, manager: 200, admin: 200, mobile: 403, apiKey: 403, clinic: 403 } as const;
const chamber = async (ctx: SetupContext) => (await ctx.db.cremationChamber.create({ data: { name: `Matrix ${randomUUID()}` } })).id;
const certificationBody = (ctx: SetupContext) => ({ memberId: ctx.users.staff.id, name: "Crematory operator", issuedOn: addDays(businessToday(), -10), expiresOn: addDays(businessToday(), 300) });

export const chamberRows: ApiRow[] = [
  { route: "/api/cases/certifications", method: "GET", expect: signedIn(200) },
  { route: "/api/cases/certifications", method: "POST", setup: async (ctx) => ({ body: certificationBody(ctx) }), expect: adminOnly(201) },
  {
    route: "/api/cases/certifications/[id]",
    method: "DELETE",
    setup: async (ctx) => {
      const cert = await ctx.db.memberCertification.create({
        data: { memberId: ctx.users.staff.id, name: "Crematory operator", issuedOn: new Date("2026-01-01"), expiresOn: new Date("2027-01-01"), validFrom: new Date("2026-01-01"), validUntil: new Date("2027-01-02"), recordedById: ctx.users.admin.id },
      });
      return { path: `/api/cases/certifications/${cert.id}` };
    },
    expect: adminOnly(200),
  },
  { route: "/api/cases/chamber-settings", method: "PUT", setup: async () => ({ body: { requireCertification: false } }), expect: adminOnly(200) },
  { route: "/api/cases/chambers/[id]/maintenance", method: "GET", setup: async (ctx) => ({ path: `/api/cases/chambers/${await chamber(ctx)}/maintenance` }), expect: signedIn(200) },
  {
    route: "/api/cases/chambers/[id]/maintenance",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/chambers/${await chamber(ctx)}/maintenance`, body: { kind: "inspection", performedOn: businessToday(), notes: "Matrix" } }),
    expect: { ...maintainers, manager: 201, admin: 201 },
  },
  {
    route: "/api/cases/chambers/[id]/service",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/chambers/${await chamber(ctx)}/service`, body: { inService: false, reason: "Matrix" } }),
    expect: maintainers,
  },
];
