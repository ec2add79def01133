import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { FAMILY_STATION_LABELS, familyReturnPlace, nextStation, STATION_ORDER } from "@/lib/cases/stations";
import { certificateReady } from "@/lib/cases/certificate";
import { COMPANY_NAME } from "@/lib/constants";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { consumeRateLimits } from "@/lib/services/auth/rate-limit";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { getOrganizationContact } from "@/lib/services/org/contact-details";
import type { BusinessContact, FamilyView } from "@/lib/validations/cases";
import { resolveCaseRef } from "./case-access";
import { dayString, stationTimes } from "./case-shape";
import { certificateOfCase } from "./certificate";
import { familyUrl, verifyFamilyToken } from "./tokens";

/** The business as families reach it: its name and the contact details admins keep (also on the kind 404 and 429 pages). */
export async function businessContact(): Promise<BusinessContact> {
  const contact = await getOrganizationContact();
  return { name: COMPANY_NAME, phone: contact.phone, email: contact.email, address: contact.address, hours: contact.hours };
}

/** The one answer for a wrong, unknown or revoked token: nothing tells them apart. */
export const FAMILY_NOT_FOUND = "This page does not exist. Check the link, or call us.";
/** Family page reads per client address per 10 minutes. */
export const FAMILY_RATE_LIMIT = 60;
const FAMILY_WINDOW_MS = 10 * 60_000;

/** POST /api/cases/{ref}/family-link: revokes the live link (if any) and issues a new one. */
export async function renewFamilyLink(caller: Caller, ref: string): Promise<{ url: string; createdAt: string }> {
  const { id } = await resolveCaseRef(caller, ref);
  const link = await db.$transaction(async (tx) => {
    const now = new Date();
    await tx.caseFamilyLink.updateMany({ where: { caseId: id, revokedAt: null }, data: { revokedAt: now, revokedById: caller.userId } });
    const created = await tx.caseFamilyLink.create({ data: { caseId: id, createdAt: now }, select: { id: true, createdAt: true } });
    await recordAudit(tx, { actorId: caller.userId, action: "case.family_link_renew", entityType: "case", entityId: id, after: { linkId: created.id } });
    return created;
  });
  return { url: familyUrl(link.id), createdAt: link.createdAt.toISOString() };
}

/** DELETE /api/cases/{ref}/family-link: the family's page stops answering (404) until a new link is issued. */
export async function revokeFamilyLink(caller: Caller, ref: string): Promise<{ ok: true }> {
  const { id } = await resolveCaseRef(caller, ref);
  await db.$transaction(async (tx) => {
    const { count } = await tx.caseFamilyLink.updateMany({ where: { caseId: id, revokedAt: null }, data: { revokedAt: new Date(), revokedById: caller.userId } });
    await recordAudit(tx, { actorId: caller.userId, action: "case.family_link_revoke", entityType: "case", entityId: id, after: { revoked: count } });
  });
  return { ok: true };
}

/** Counts one family-page request against the client address's limit (429 past it). */
export async function limitFamilyRequests(ip: string): Promise<void> {
  await consumeRateLimits([{ bucket: "case-family:address", key: ip, limit: FAMILY_RATE_LIMIT, windowMs: FAMILY_WINDOW_MS }], (minutes) =>
    `Too many requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  );
}

/** The case a family token opens, or the same 404 for anything else. */
export async function caseOfFamilyToken(token: string): Promise<string> {
  const linkId = verifyFamilyToken(String(token ?? ""));
  if (!linkId) throw notFound(FAMILY_NOT_FOUND);
  const link = await db.caseFamilyLink.findUnique({ where: { id: linkId }, select: { caseId: true, revokedAt: true } });
  if (!link || link.revokedAt) throw notFound(FAMILY_NOT_FOUND);
  return link.caseId;
}

/** GET /api/family/{token}: the pet's name, each step with its time (no staff names), the next step, the expected return. */
export async function getFamilyView(token: string, client: { ip: string }, options: { counted?: boolean } = {}): Promise<FamilyView> {
  // The page's request was counted by proxy.ts (lib/services/cases/public-page-limit.ts).
  if (!options.counted) await limitFamilyRequests(client.ip);
  const caseId = await caseOfFamilyToken(token);
  const row = await db.memorialCase.findUniqueOrThrow({
    where: { id: caseId },
    select: {
      number: true,
      petName: true,
      serviceType: true,
      status: true,
      currentStation: true,
      promisedReturnDate: true,
      returnMethod: true,
      clinic: { select: { name: true } },
      certificateAt: true,
      events: { where: { kind: "scan" }, select: { kind: true, station: true, deviceTime: true, details: true }, orderBy: { seq: "asc" } },
      belongings: { select: { description: true, disposition: true, returnedAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 100 },
      authorizations: { where: { voidedAt: null, pdfKey: { not: null } }, select: { id: true }, take: 1 },
    },
  });
  const times = stationTimes(row.events);
  const next = row.status === "open" ? nextStation(row.serviceType, row.currentStation) : null;
  const business = await businessContact();
  return {
    petName: row.petName,
    caseNumber: row.number,
    serviceType: row.serviceType,
    steps: STATION_ORDER[row.serviceType].map((station) => ({ station, label: FAMILY_STATION_LABELS[station], done: times.has(station), at: times.get(station) ?? null })),
    nextStep: next ? { station: next, label: FAMILY_STATION_LABELS[next] } : null,
    expectedReturn: row.serviceType === "communal" ? null : dayString(row.promisedReturnDate),
    returnMethod: row.returnMethod,
    returnPlace: familyReturnPlace(row.returnMethod, { business: business.name, address: business.address, clinic: row.clinic?.name ?? null }),
    status: row.status,
    certificateAvailable: certificateReady(row.serviceType, row.events, row.certificateAt !== null) === "ready",
    documents: { authorization: row.authorizations.length > 0, returnReceipt: times.has("returned") },
    belongings: row.belongings.map((b) => ({ description: b.description, disposition: b.disposition as "return" | "cremate" | "dispose", returned: b.returnedAt !== null })),
    business,
  };
}

/** GET /api/family/{token}/certificate: the stored certificate (404 like the page for a bad token; 409 before the cremation). */
export async function getFamilyCertificate(token: string, client: { ip: string }) {
  await limitFamilyRequests(client.ip);
  const caseId = await caseOfFamilyToken(token);
  return certificateOfCase(caseId, null);
}
