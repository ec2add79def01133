import { randomUUID } from "node:crypto";
import { certificateCode } from "@/lib/cases/certificate";
import { certificateOfCase } from "@/lib/services/cases/certificate";
import { signFamilyToken } from "@/lib/services/cases/tokens";
import { createMemorialCase, recordCaseScans } from "@/prisma/factories";
import { adminOnly, everyone, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Memorial cases (docs/cases.md). Every signed-in member reads cases and scans; admins and
 * managers create, edit and close them and issue a family link; revoking a family link and adding
 * a chamber are for admins. The family's page and certificate are public (a token, no sign-in).
 */
const writers = { staff: 403, otherStaff: 403, mobile: 403 } as const;

const aCase = (ctx: SetupContext, extra: { stations?: Parameters<typeof recordCaseScans>[1]["stations"] } = {}) =>
  createMemorialCase(ctx.db, { createdById: ctx.users.manager.id }).then(async (c) => {
    if (extra.stations) {
      const chamber = await ctx.db.cremationChamber.create({ data: { name: `Matrix ${randomUUID()}` } });
      await recordCaseScans(ctx.db, { caseId: c.id, memberId: ctx.users.staff.id, stations: extra.stations, chamberId: chamber.id });
    }
    return c;
  });

const cremated = (ctx: SetupContext) => aCase(ctx, { stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"] });

const familyToken = async (ctx: SetupContext, caseId: string) => {
  const link = await ctx.db.caseFamilyLink.findFirstOrThrow({ where: { caseId, revokedAt: null } });
  return signFamilyToken(link.id);
};

const newCaseBody = () => ({
  uuid: randomUUID(),
  petName: "Matrix",
  petSpecies: "Cat",
  familyName: "Matrix family",
  serviceType: "private",
  tagSerial: `MX-${randomUUID()}`,
});

export const caseRows: ApiRow[] = [
  { route: "/api/cases", method: "GET", expect: signedIn(200) },
  { route: "/api/cases", method: "POST", setup: async () => ({ body: newCaseBody() }), expect: signedIn(201, writers) },
  {
    route: "/api/cases/[number]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}` }),
    expect: signedIn(200),
  },
  { route: "/api/cases/[number]", method: "GET", case: "no such case", setup: async () => ({ path: "/api/cases/C-1999-00001" }), expect: signedIn(404) },
  {
    route: "/api/cases/[number]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}`, body: { petColor: "Grey" } }),
    expect: signedIn(200, writers),
  },
  {
    route: "/api/cases/[number]/close",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/close`, body: { reason: "Matrix" } }),
    expect: signedIn(200, writers),
  },
  {
    route: "/api/cases/[number]/scans",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/scans`, body: { clientUuid: randomUUID(), station: "intake" } }),
    expect: signedIn(201),
  },
  {
    route: "/api/cases/[number]/custody/verify",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await cremated(ctx)).number}/custody/verify` }),
    expect: signedIn(200),
  },
  {
    route: "/api/cases/[number]/label",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/label` }),
    expect: signedIn(200),
  },
  {
    route: "/api/cases/[number]/certificate",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await cremated(ctx)).number}/certificate` }),
    expect: signedIn(200),
  },
  {
    route: "/api/cases/[number]/photo",
    method: "GET",
    case: "no photo",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/photo` }),
    expect: signedIn(404),
  },
  {
    route: "/api/cases/[number]/events/[seq]/file",
    method: "GET",
    case: "no photo",
    setup: async (ctx) => ({ path: `/api/cases/${(await cremated(ctx)).number}/events/1/file?kind=photo` }),
    expect: signedIn(404),
  },
  {
    route: "/api/cases/[number]/family-link",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/family-link` }),
    expect: signedIn(201, writers),
  },
  {
    route: "/api/cases/[number]/family-link",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/family-link` }),
    expect: adminOnly(200),
  },
  { route: "/api/cases/chambers", method: "GET", expect: signedIn(200) },
  { route: "/api/cases/chambers", method: "POST", setup: async () => ({ body: { name: `Chamber ${randomUUID().slice(0, 8)}` } }), expect: adminOnly(201) },
  { route: "/api/cases/board", method: "GET", expect: signedIn(200) },
  { route: "/api/cases/turnaround", method: "GET", expect: signedIn(200) },
  {
    route: "/api/family/[token]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/family/${await familyToken(ctx, (await aCase(ctx)).id)}` }),
    expect: everyone(200),
  },
  { route: "/api/family/[token]", method: "GET", case: "wrong token", setup: async () => ({ path: "/api/family/AAAAAAAAAAAAAAAAAAAAAA.bad" }), expect: everyone(404) },
  {
    route: "/api/family/[token]/certificate",
    method: "GET",
    setup: async (ctx) => {
      const c = await cremated(ctx);
      return { path: `/api/family/${await familyToken(ctx, c.id)}/certificate` };
    },
    expect: everyone(200),
  },
  {
    route: "/api/certificates/[code]",
    method: "GET",
    setup: async (ctx) => {
      const c = await cremated(ctx);
      await certificateOfCase(c.id, ctx.users.manager.id);
      const issued = await ctx.db.caseEvent.findFirstOrThrow({ where: { caseId: c.id, kind: "certificate" }, select: { details: true } });
      const { seq, hash } = (issued.details as { certifies: { seq: number; hash: string } }).certifies;
      return { path: `/api/certificates/${certificateCode(c.number, seq, hash)}` };
    },
    expect: everyone(200),
  },
  { route: "/api/certificates/[code]", method: "GET", case: "a code of no certificate", setup: async () => ({ path: "/api/certificates/C-1999-00001-1-0000000000000000" }), expect: everyone(404) },
];
