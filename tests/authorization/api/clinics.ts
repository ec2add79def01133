import { randomUUID } from "node:crypto";
import { dateColumnOf } from "@/lib/dates";
import { createMemorialCase, createPickupRequest, createUser, createVendor, recordCaseScans } from "@/prisma/factories";
import { uniqueEmail } from "../fixtures";
import { adminOnly, clinicOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Clinics (docs/clinics.md): pickup requests (members), a clinic's users (admins) and the clinic
 * portal (the clinic user only). Another clinic's case or request, by any reference, is a 404.
 */

/** A case of the matrix's clinic (the clinic user's own), cremated so its certificate can be issued. */
async function ownCase(ctx: SetupContext, cremated = false) {
  const kase = await createMemorialCase(ctx.db, { createdById: ctx.users.admin.id, clinicVendorId: ctx.clinicVendorId, serviceType: "communal" });
  if (cremated) await recordCaseScans(ctx.db, { caseId: kase.id, memberId: ctx.users.admin.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"] });
  return kase;
}

/** A case of another clinic. */
async function otherClinicsCase(ctx: SetupContext) {
  const other = await createVendor(ctx.db, { kind: "clinic" });
  return createMemorialCase(ctx.db, { createdById: ctx.users.admin.id, clinicVendorId: other.id });
}

/** An issued statement of a past month for a clinic (the matrix's own clinic by default). */
async function aStatement(ctx: SetupContext, clinicVendorId = ctx.clinicVendorId) {
  const clinic = await ctx.db.vendor.findUniqueOrThrow({ where: { id: clinicVendorId }, select: { name: true } });
  return ctx.db.statement.create({
    data: {
      number: `S-MATRIX-${randomUUID()}`,
      clinicVendorId,
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

const pickupBody = () => ({ uuid: randomUUID(), petName: "Biscuit", petSpecies: "Dog", ownerWillContact: true, note: "In the cooler, left shelf" });

export const clinicRows: ApiRow[] = [
  { route: "/api/pickup-requests", method: "GET", expect: signedIn(200) },
  {
    route: "/api/pickup-requests",
    method: "POST",
    setup: async () => ({ body: { ...pickupBody(), origin: "home", ownerName: "The Smiths", address: "12 Elm St" } }),
    expect: signedIn(201),
  },
  { route: "/api/vendors/[id]/clinic-users", method: "GET", setup: async (ctx) => ({ path: `/api/vendors/${ctx.clinicVendorId}/clinic-users` }), expect: adminOnly(200) },
  {
    route: "/api/vendors/[id]/clinic-invitations",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/vendors/${ctx.clinicVendorId}/clinic-invitations`, body: { email: uniqueEmail("clinic") } }),
    expect: adminOnly(201),
  },
  { route: "/api/clinic", method: "GET", expect: clinicOnly(200) },
  { route: "/api/clinic/cases", method: "GET", expect: clinicOnly(200) },
  {
    route: "/api/clinic/cases/[number]/certificate",
    method: "GET",
    case: "the clinic's own cremated case",
    setup: async (ctx) => ({ path: `/api/clinic/cases/${(await ownCase(ctx, true)).number}/certificate` }),
    expect: clinicOnly(200),
  },
  {
    route: "/api/clinic/cases/[number]/certificate",
    method: "GET",
    case: "another clinic's case",
    setup: async (ctx) => ({ path: `/api/clinic/cases/${(await otherClinicsCase(ctx)).number}/certificate` }),
    expect: clinicOnly(404),
  },
  { route: "/api/clinic/cases/[number]/label", method: "GET", case: "the clinic's own case", setup: async (ctx) => ({ path: `/api/clinic/cases/${(await ownCase(ctx)).number}/label` }), expect: clinicOnly(200) },
  {
    route: "/api/clinic/cases/[number]/label",
    method: "GET",
    case: "another clinic's case, by its tag serial",
    setup: async (ctx) => ({ path: `/api/clinic/cases/${encodeURIComponent((await otherClinicsCase(ctx)).tagSerial)}/label` }),
    expect: clinicOnly(404),
  },
  { route: "/api/clinic/pickup-requests", method: "GET", expect: clinicOnly(200) },
  { route: "/api/clinic/pickup-requests", method: "POST", setup: async () => ({ body: pickupBody() }), expect: clinicOnly(201) },
  {
    route: "/api/clinic/pickup-requests/[number]/label",
    method: "GET",
    case: "the clinic's own request",
    setup: async (ctx) => ({ path: `/api/clinic/pickup-requests/${(await createPickupRequest(ctx.db, { createdById: ctx.users.clinic.id, clinicVendorId: ctx.clinicVendorId })).number}/label` }),
    expect: clinicOnly(200),
  },
  {
    route: "/api/clinic/pickup-requests/[number]/label",
    method: "GET",
    case: "another clinic's request",
    setup: async (ctx) => {
      const other = await createVendor(ctx.db, { kind: "clinic", address: "9 Other Rd" });
      const user = await createUser(ctx.db, { role: "clinic", clinicVendorId: other.id });
      return { path: `/api/clinic/pickup-requests/${(await createPickupRequest(ctx.db, { createdById: user.id, clinicVendorId: other.id })).number}/label` };
    },
    expect: clinicOnly(404),
  },
  { route: "/api/clinic/statements", method: "GET", expect: clinicOnly(200) },
  {
    route: "/api/clinic/statements/[id]/file",
    method: "GET",
    case: "the clinic's own statement",
    setup: async (ctx) => ({ path: `/api/clinic/statements/${(await aStatement(ctx)).id}/file?format=pdf` }),
    expect: clinicOnly(200),
  },
  {
    route: "/api/clinic/statements/[id]/file",
    method: "GET",
    case: "another clinic's statement",
    setup: async (ctx) => ({ path: `/api/clinic/statements/${(await aStatement(ctx, (await createVendor(ctx.db, { kind: "clinic" })).id)).id}/file?format=pdf` }),
    expect: clinicOnly(404),
  },
];
