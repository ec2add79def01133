import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { certificateCode } from "@/lib/cases/certificate";
import { certificateOfCase } from "@/lib/services/cases/certificate";
import { signFamilyAuthorization } from "@/lib/services/cases/authorization";
import { signFamilyToken } from "@/lib/services/cases/tokens";
import { getStorage, newStorageKey } from "@/lib/storage";
import { createMemorialCase, recordCaseScans } from "@/prisma/factories";
import { PNG_1PX } from "@/tests/support/uploads";
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

/** A 1x1 PNG stored as the upload path stores a case photo; returns its key. */
const storedPhoto = async () => {
  const key = newStorageKey("cases/photos");
  await getStorage().put(key, Readable.from(PNG_1PX), { contentType: "image/png" });
  return key;
};

/** A private case returned to its family (weighed at processing by the factory). */
const returned = (ctx: SetupContext) => aCase(ctx, { stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready", "returned"] });
const cremated = (ctx: SetupContext) => aCase(ctx, { stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"] });
/** A private case's certificate waits for the weighing at processing (docs/cases.md). */
const weighed = (ctx: SetupContext) => aCase(ctx, { stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"] });

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

/** The cremation authorization's signature (a real 1 × 1 PNG). */
const signBody = () => ({
  authorizingName: "Matrix Owner",
  relationship: "Owner",
  rightToDecide: true,
  implants: "none",
  belongings: "none",
  signature: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
});
const signedCase = async (ctx: SetupContext) => {
  const c = await aCase(ctx);
  await signFamilyAuthorization(await familyToken(ctx, c.id), signBody() as never, { ip: `203.0.113.${Math.floor(Math.random() * 250)}` });
  return c;
};

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
    setup: async (ctx) => ({ path: `/api/cases/${(await weighed(ctx)).number}/certificate` }),
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
    route: "/api/cases/[number]/photo",
    method: "GET",
    case: "with photo",
    setup: async (ctx) => ({ path: `/api/cases/${(await createMemorialCase(ctx.db, { createdById: ctx.users.manager.id, petPhotoKey: await storedPhoto() })).number}/photo` }),
    expect: signedIn(200),
  },
  {
    route: "/api/cases/[number]/photo",
    method: "PUT",
    setup: async (ctx) => ({
      path: `/api/cases/${(await aCase(ctx)).number}/photo`,
      multipart: { photo: { name: "pet.png", mimeType: "image/png", buffer: PNG_1PX } },
    }),
    expect: signedIn(200, writers),
  },
  {
    route: "/api/cases/[number]/events/[seq]/file",
    method: "GET",
    case: "with photo",
    setup: async (ctx) => {
      const c = await createMemorialCase(ctx.db, { createdById: ctx.users.manager.id });
      await recordCaseScans(ctx.db, { caseId: c.id, memberId: ctx.users.staff.id, stations: ["intake"], photoKeys: [await storedPhoto()] });
      return { path: `/api/cases/${c.number}/events/1/file?kind=photo` };
    },
    expect: signedIn(200),
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
  { route: "/api/cases/cremation-log", method: "GET", setup: async () => ({ path: "/api/cases/cremation-log?from=2026-03-01&to=2026-03-31" }), expect: signedIn(200) },
  { route: "/api/cases/cremation-log/export", method: "GET", setup: async () => ({ path: "/api/cases/cremation-log/export?from=2026-03-01&to=2026-03-31&format=pdf" }), expect: signedIn(200) },
  { route: "/api/cases/retention", method: "PUT", setup: async () => ({ body: { years: 8 } }), expect: adminOnly(200) },
  { route: "/api/cases/cremation-log/export", method: "GET", case: "csv", setup: async () => ({ path: "/api/cases/cremation-log/export?from=2026-03-01&to=2026-03-31&format=csv" }), expect: signedIn(200) },
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
      const c = await weighed(ctx);
      return { path: `/api/family/${await familyToken(ctx, c.id)}/certificate` };
    },
    expect: everyone(200),
  },
  {
    route: "/api/certificates/[code]",
    method: "GET",
    setup: async (ctx) => {
      const c = await weighed(ctx);
      await certificateOfCase(c.id, ctx.users.manager.id);
      const issued = await ctx.db.caseEvent.findFirstOrThrow({ where: { caseId: c.id, kind: "certificate" }, select: { details: true } });
      const { seq, hash } = (issued.details as { certifies: { seq: number; hash: string } }).certifies;
      return { path: `/api/certificates/${certificateCode(c.number, seq, hash)}` };
    },
    expect: everyone(200),
  },
  { route: "/api/certificates/[code]", method: "GET", case: "a code of no certificate", setup: async () => ({ path: "/api/certificates/C-1999-00001-1-0000000000000000" }), expect: everyone(404) },
  {
    route: "/api/cases/[number]/authorization",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/authorization` }),
    expect: signedIn(200),
  },
  {
    route: "/api/cases/[number]/authorization",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/cases/${(await aCase(ctx)).number}/authorization`, body: signBody() }),
    expect: signedIn(201, writers),
  },
  {
    route: "/api/cases/[number]/authorization/pdf",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await signedCase(ctx)).number}/authorization/pdf` }),
    expect: signedIn(200),
  },
  {
    route: "/api/family/[token]/authorization",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/family/${await familyToken(ctx, (await aCase(ctx)).id)}/authorization` }),
    expect: everyone(200),
  },
  { route: "/api/family/[token]/authorization", method: "GET", case: "wrong token", setup: async () => ({ path: "/api/family/AAAAAAAAAAAAAAAAAAAAAA.bad/authorization" }), expect: everyone(404) },
  {
    route: "/api/family/[token]/authorization",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/family/${await familyToken(ctx, (await aCase(ctx)).id)}/authorization`, body: signBody() }),
    expect: everyone(201),
  },
  {
    route: "/api/family/[token]/authorization/pdf",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/family/${await familyToken(ctx, (await signedCase(ctx)).id)}/authorization/pdf` }),
    expect: everyone(200),
  },
  {
    route: "/api/cases/[number]/belongings",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await withBelonging(ctx)).number}/belongings` }),
    expect: signedIn(200),
  },
  {
    route: "/api/cases/[number]/belongings",
    method: "POST",
    setup: async (ctx) => ({
      path: `/api/cases/${(await aCase(ctx)).number}/belongings`,
      multipart: { description: "Red collar", disposition: "return", photo: { name: "collar.png", mimeType: "image/png", buffer: PNG_1PX } },
    }),
    expect: signedIn(201, writers),
  },
  {
    route: "/api/cases/[number]/belongings/[id]",
    method: "DELETE",
    setup: async (ctx) => {
      const c = await withBelonging(ctx);
      return { path: `/api/cases/${c.number}/belongings/${c.belongingId}` };
    },
    expect: signedIn(200, writers),
  },
  {
    route: "/api/cases/[number]/belongings/[id]/photo",
    method: "GET",
    setup: async (ctx) => {
      const c = await withBelonging(ctx);
      return { path: `/api/cases/${c.number}/belongings/${c.belongingId}/photo` };
    },
    expect: signedIn(200),
  },
  { route: "/api/cases/remains-ranges", method: "GET", expect: signedIn(200) },
  {
    route: "/api/cases/remains-ranges",
    method: "PUT",
    setup: async () => ({ body: { items: [{ species: "dog", minPercent: 2, maxPercent: 10 }, { species: "cat", minPercent: 2, maxPercent: 10 }, { species: "*", minPercent: 1, maxPercent: 12 }] } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/cases/[number]/return-receipt",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/cases/${(await returned(ctx)).number}/return-receipt` }),
    expect: signedIn(200),
  },
  {
    route: "/api/family/[token]/return-receipt",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/family/${await familyToken(ctx, (await returned(ctx)).id)}/return-receipt` }),
    expect: everyone(200),
  },
  { route: "/api/family/[token]/return-receipt", method: "GET", case: "wrong token", setup: async () => ({ path: "/api/family/AAAAAAAAAAAAAAAAAAAAAA.bad/return-receipt" }), expect: everyone(404) },
];

/** A case with one belonging to return, photographed. */
async function withBelonging(ctx: SetupContext) {
  const c = await aCase(ctx);
  const item = await ctx.db.caseBelonging.create({ data: { caseId: c.id, description: "Blue blanket", disposition: "return", photoKey: await storedPhoto(), createdById: ctx.users.manager.id } });
  return { ...c, belongingId: item.id };
}
