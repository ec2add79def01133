import "server-only";
import { createHash } from "node:crypto";
import type { Caller } from "@/lib/auth/resolve-caller";
import {
  authorizationSections,
  authorizedStamp,
  BELONGINGS_CHOICES,
  BELONGINGS_LABELS,
  IMPLANT_CHOICES,
  IMPLANT_LABELS,
  IRREVERSIBLE_STATEMENT,
  RIGHT_TO_DECIDE_STATEMENT,
  type AuthorizedFacts,
  type BelongingsChoice,
  type ImplantChoice,
} from "@/lib/cases/authorization";
import { COMPANY_NAME } from "@/lib/constants";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, badRequest, conflict, notFound } from "@/lib/http/app-error";
import { getStorage } from "@/lib/storage";
import type { Authorization, SignAuthorizationInput, SignAuthorizationResult, SignCounterAuthorizationInput } from "@/lib/validations/cases";
import { resolveCaseRef } from "./case-access";
import { readStoredBytes, storeBytes, storeDataUrlImage } from "./case-files";
import { appendCustodyEvent, lockCase } from "./custody-log";
import { renderAuthorizationPdf, type SignedAuthorizationContent } from "./authorization-pdf";
import { caseOfFamilyToken, limitFamilyRequests } from "./family-link";

type Db = typeof db | Prisma.TransactionClient;

export const AUTHORIZATION_CASE_CLOSED = "This case is closed; its authorization can no longer be signed.";
export const AUTHORIZATION_NOT_SIGNED = "No signed cremation authorization.";
export const AUTHORIZATION_NO_PDF = "This authorization was recorded without a PDF.";
export const AUTHORIZATION_NO_CLINIC = "This case has no referring clinic: only a clinic case can carry the clinic's authorization on the owner's behalf.";
/** How the PDF and the custody log say it (docs/cases.md "Cremation authorization"). */
export const onBehalfStatement = (clinic: string) => `Authorized by ${clinic} on the owner's behalf`;
const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

const factsSelect = {
  number: true,
  status: true,
  petName: true,
  petSpecies: true,
  petBreed: true,
  petWeightLbs: true,
  petColor: true,
  familyName: true,
  serviceType: true,
  pawPrint: true,
  furClipping: true,
  urnProduct: true,
  returnMethod: true,
} satisfies Prisma.MemorialCaseSelect;

const versionSelect = {
  version: true,
  authorizingName: true,
  relationship: true,
  implants: true,
  belongings: true,
  signedVia: true,
  signedAt: true,
  voidedAt: true,
  voidReason: true,
  contentHash: true,
  pdfKey: true,
  clinicReference: true,
  clinic: { select: { name: true } },
} satisfies Prisma.CaseAuthorizationSelect;

type FactsRow = Prisma.MemorialCaseGetPayload<{ select: typeof factsSelect }>;
type VersionRow = Prisma.CaseAuthorizationGetPayload<{ select: typeof versionSelect }>;

const factsOf = (row: FactsRow): AuthorizedFacts => ({ ...row, caseNumber: row.number, petWeightLbs: row.petWeightLbs === null ? null : Number(row.petWeightLbs) });
export const stampHash = (facts: Parameters<typeof authorizedStamp>[0]) => createHash("sha256").update(authorizedStamp(facts)).digest("hex");

function toVersion(row: VersionRow) {
  return {
    version: row.version,
    authorizingName: row.authorizingName,
    relationship: row.relationship,
    implants: row.implants as ImplantChoice,
    belongings: row.belongings as BelongingsChoice,
    signedVia: row.signedVia as "family_link" | "counter" | "clinic",
    clinic: row.clinic ? { name: row.clinic.name, reference: row.clinicReference } : null,
    signedAt: row.signedAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    hasPdf: row.pdfKey !== null,
  };
}

/** The form (from the case as it is now) and the signed versions, newest first. */
async function loadAuthorization(caseId: string, client: Db = db): Promise<Authorization> {
  const [row, versions, items] = await Promise.all([
    client.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: factsSelect }),
    client.caseAuthorization.findMany({ where: { caseId }, select: versionSelect, orderBy: { version: "desc" } }),
    belongingItems(client, caseId),
  ]);
  const sections = authorizationSections(factsOf(row));
  const current = versions.find((v) => v.voidedAt === null) ?? null;
  return {
    caseNumber: row.number,
    signed: current !== null,
    form: {
      pet: sections.pet.map(([label, value]) => ({ label, value })),
      service: { type: row.serviceType, label: sections.service.label, explanation: sections.service.explanation },
      options: sections.options,
      returnMethod: sections.returnMethod,
      rightToDecide: RIGHT_TO_DECIDE_STATEMENT,
      implants: IMPLANT_CHOICES.map((value) => ({ value, label: IMPLANT_LABELS[value] })),
      belongings: BELONGINGS_CHOICES.map((value) => ({ value, label: BELONGINGS_LABELS[value] })),
      items,
      irreversible: IRREVERSIBLE_STATEMENT,
    },
    current: current ? toVersion(current) : null,
    versions: versions.map(toVersion),
  };
}

/** The case's personal items as the form lists them (docs/cases.md "Belongings"). */
async function belongingItems(client: Db, caseId: string) {
  const rows = await client.caseBelonging.findMany({ where: { caseId }, select: { description: true, disposition: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 100 });
  return rows.map((r) => ({ description: r.description, disposition: r.disposition as "return" | "cremate" | "dispose" }));
}

interface Signer {
  via: "family_link" | "counter" | "clinic";
  memberId: string | null;
  ip: string | null;
  /** via clinic: the case's referring clinic and its own reference. */
  clinic?: { id: string; name: string; reference: string | null };
}

/**
 * Signs the case's authorization: the signature PNG is checked and stored, the PDF rendered with
 * the form as it stands and stored, the row and a custody event written in one transaction under
 * the case's lock. A current signed authorization already there: nothing changes (200, created: false).
 */
async function signAuthorization(caseId: string, input: SignAuthorizationInput, signer: Signer): Promise<{ status: number; body: SignAuthorizationResult }> {
  const existing = await db.caseAuthorization.findFirst({ where: { caseId, voidedAt: null }, select: { id: true } });
  if (existing) return { status: 200, body: { created: false, authorization: await loadAuthorization(caseId) } };

  const signatureKey = await storeDataUrlImage(input.signature, "cases/signatures", "signature", "image/png");
  const signaturePng = Buffer.from(input.signature.slice(input.signature.indexOf(",") + 1), "base64");
  let pdfKey: string | null = null;
  try {
    const created = await db.$transaction(async (tx) => {
      await lockCase(tx, caseId);
      const row = await tx.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: factsSelect });
      if (row.status === "closed") throw conflict(AUTHORIZATION_CASE_CLOSED);
      const versions = await tx.caseAuthorization.findMany({ where: { caseId }, select: { version: true, voidedAt: true }, orderBy: { version: "desc" } });
      if (versions.some((v) => v.voidedAt === null)) return false;
      const version = (versions[0]?.version ?? 0) + 1;
      const facts = factsOf(row);
      const signedAt = new Date();
      const witness = signer.memberId ? await tx.user.findUnique({ where: { id: signer.memberId }, select: { firstName: true, lastName: true } }) : null;
      const content: SignedAuthorizationContent = {
        business: COMPANY_NAME,
        caseNumber: row.number,
        version,
        sections: authorizationSections(facts),
        authorizingName: input.authorizingName,
        relationship: input.relationship,
        implants: input.implants,
        belongings: input.belongings,
        items: await belongingItems(tx, caseId),
        signedVia: signer.via,
        signedAt: signedAt.toISOString(),
        signedIp: signer.ip,
        witness: witness ? `${witness.firstName} ${witness.lastName}` : null,
        onBehalf: signer.clinic ? { clinic: signer.clinic.name, reference: signer.clinic.reference } : null,
      };
      let bytes: Uint8Array;
      try {
        bytes = await renderAuthorizationPdf(content, signaturePng);
      } catch {
        // The bytes start like a PNG but do not decode as one.
        throw badRequest("signature must be a PNG image", { field: "signature" });
      }
      const pdfSha256 = createHash("sha256").update(bytes).digest("hex");
      pdfKey = await storeBytes(bytes, "cases/authorizations", "application/pdf");
      await tx.caseAuthorization.create({
        data: {
          caseId,
          version,
          content: JSON.parse(JSON.stringify(content)) as Prisma.InputJsonValue,
          contentHash: stampHash(facts),
          authorizingName: input.authorizingName,
          relationship: input.relationship,
          rightToDecide: input.rightToDecide,
          implants: input.implants,
          belongings: input.belongings,
          signedVia: signer.via,
          signatureKey,
          signedAt,
          signedIp: signer.ip,
          signedById: signer.memberId,
          pdfKey,
          pdfSha256,
          clinicVendorId: signer.clinic?.id ?? null,
          clinicReference: signer.clinic?.reference ?? null,
        },
      });
      await appendCustodyEvent(tx, {
        caseId,
        kind: "authorization",
        memberId: signer.memberId,
        deviceTime: signedAt,
        serverTime: signedAt,
        details: {
          version,
          signedVia: signer.via,
          authorizingName: input.authorizingName,
          relationship: input.relationship,
          serviceType: row.serviceType,
          pdfSha256,
          ...(signer.clinic ? { onBehalfOf: signer.clinic.name, clinicReference: signer.clinic.reference, statement: onBehalfStatement(signer.clinic.name) } : {}),
        },
      });
      return true;
    }, TX_OPTIONS);
    if (!created) await discard([signatureKey, pdfKey]);
    return { status: created ? 201 : 200, body: { created, authorization: await loadAuthorization(caseId) } };
  } catch (error) {
    await discard([signatureKey, pdfKey]);
    // Two signatures at once: the other committed first (case_authorizations_one_current).
    if (!(error instanceof AppError) && isUniqueViolation(error)) return { status: 200, body: { created: false, authorization: await loadAuthorization(caseId) } };
    throw error;
  }
}

async function discard(keys: Array<string | null>): Promise<void> {
  const stored = keys.filter((key): key is string => key !== null);
  if (stored.length === 0) return;
  await getStorage()
    .delete(stored)
    .catch((error: unknown) => console.error(JSON.stringify({ level: "error", source: "cases", event: "discard authorization files failed", keys: stored, message: error instanceof Error ? error.message : String(error) })));
}

/**
 * Voids the current authorization when an edit changes the service or its options, with a custody
 * event; call it in the edit's transaction before the case row is written. The trigger
 * cases_void_authorization voids it for any other writer (without the event).
 */
export async function voidAuthorizationOnEdit(
  tx: Prisma.TransactionClient,
  caseId: string,
  memberId: string,
  next: Partial<Pick<AuthorizedFacts, "serviceType" | "pawPrint" | "furClipping" | "urnProduct" | "returnMethod">>,
): Promise<boolean> {
  const current = await tx.caseAuthorization.findFirst({ where: { caseId, voidedAt: null }, select: { id: true, version: true, contentHash: true } });
  if (!current) return false;
  await lockCase(tx, caseId);
  const row = await tx.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: factsSelect });
  const defined = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
  if (stampHash({ ...factsOf(row), ...defined }) === current.contentHash) return false;
  const now = new Date();
  const reason = "The service or its options changed after signing.";
  await tx.caseAuthorization.update({ where: { id: current.id }, data: { voidedAt: now, voidReason: reason } });
  await appendCustodyEvent(tx, { caseId, kind: "authorization_void", memberId, deviceTime: now, serverTime: now, details: { version: current.version, reason } });
  return true;
}

/** GET /api/cases/{ref}/authorization. */
export async function getCaseAuthorization(caller: Caller, ref: string): Promise<Authorization> {
  const { id } = await resolveCaseRef(caller, ref);
  return loadAuthorization(id);
}

/**
 * POST /api/cases/{ref}/authorization: signed at the counter, on the staff member's screen; or, for
 * a case with a referring clinic, the clinic's authorization on the owner's behalf recorded there.
 */
export async function signCaseAuthorization(caller: Caller, ref: string, input: SignCounterAuthorizationInput, client: { ip: string }) {
  const { id } = await resolveCaseRef(caller, ref);
  const { onBehalfOfClinic, clinicReference, ...form } = input;
  if (!onBehalfOfClinic) return signAuthorization(id, form, { via: "counter", memberId: caller.userId, ip: client.ip });
  const { clinic } = await db.memorialCase.findUniqueOrThrow({ where: { id }, select: { clinic: { select: { id: true, name: true } } } });
  if (!clinic) throw badRequest(AUTHORIZATION_NO_CLINIC, { field: "onBehalfOfClinic" });
  return signAuthorization(id, form, { via: "clinic", memberId: caller.userId, ip: client.ip, clinic: { ...clinic, reference: clinicReference ?? null } });
}

/** GET /api/family/{token}/authorization. */
export async function getFamilyAuthorization(token: string, client: { ip: string }, options: { counted?: boolean } = {}): Promise<Authorization> {
  if (!options.counted) await limitFamilyRequests(client.ip);
  return loadAuthorization(await caseOfFamilyToken(token));
}

/** POST /api/family/{token}/authorization: signed from the family's link. */
export async function signFamilyAuthorization(token: string, input: SignAuthorizationInput, client: { ip: string }) {
  await limitFamilyRequests(client.ip);
  const caseId = await caseOfFamilyToken(token);
  return signAuthorization(caseId, input, { via: "family_link", memberId: null, ip: client.ip });
}

async function authorizationPdf(caseId: string, version: number | undefined): Promise<{ bytes: Buffer; filename: string }> {
  const row = await db.caseAuthorization.findFirst({
    where: version === undefined ? { caseId, voidedAt: null } : { caseId, version },
    select: { version: true, pdfKey: true, case: { select: { number: true } } },
  });
  if (!row) throw notFound(AUTHORIZATION_NOT_SIGNED);
  if (!row.pdfKey) throw notFound(AUTHORIZATION_NO_PDF);
  const bytes = await readStoredBytes(row.pdfKey);
  if (!bytes) throw notFound("The signed authorization's file is missing.");
  return { bytes, filename: `${row.case.number}-authorization-v${row.version}.pdf` };
}

/** GET /api/cases/{ref}/authorization/pdf?version=n. */
export async function getCaseAuthorizationPdf(caller: Caller, ref: string, version: number | undefined) {
  const { id } = await resolveCaseRef(caller, ref);
  return authorizationPdf(id, version);
}

/** GET /api/family/{token}/authorization/pdf: the current signed authorization. */
export async function getFamilyAuthorizationPdf(token: string, client: { ip: string }) {
  await limitFamilyRequests(client.ip);
  return authorizationPdf(await caseOfFamilyToken(token), undefined);
}
