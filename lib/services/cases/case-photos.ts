import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import type { Upload } from "@/lib/http/uploads";
import type { CaseDetail } from "@/lib/validations/cases";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { MAX_INT4 } from "@/lib/http/path-params";
import { detectContentType, downloadResponse, getStorage } from "@/lib/storage";
import { resolveCaseRef } from "./case-access";
import { readStoredBytes } from "./case-files";
import { loadCaseDetail } from "./case-shape";
import { CASE_CLOSED } from "./update-case";

export async function imageResponse(key: string | null, fileName: string): Promise<Response> {
  if (!key) throw notFound("File not found");
  const head = await readStoredBytes(key);
  if (!head) throw notFound("File not found");
  const contentType = (await detectContentType(head.subarray(0, 4100))) ?? "application/octet-stream";
  return downloadResponse(getStorage(), { storageKey: key, fileName, contentType });
}

/** GET /api/cases/{ref}/photo: the pet's photo. */
export async function casePhotoResponse(caller: Caller, ref: string): Promise<Response> {
  const { id, number } = await resolveCaseRef(caller, ref);
  const row = await db.memorialCase.findUniqueOrThrow({ where: { id }, select: { petPhotoKey: true } });
  return imageResponse(row.petPhotoKey, `${number}-pet`);
}

/** GET /api/cases/{ref}/events/{seq}/file?kind=photo|signature: an event's photo or the receiver's signature. */
export async function caseEventFileResponse(caller: Caller, ref: string, seq: number, kind: "photo" | "signature"): Promise<Response> {
  const { id, number } = await resolveCaseRef(caller, ref);
  if (!Number.isInteger(seq) || seq < 1 || seq > MAX_INT4) throw notFound("File not found");
  const event = await db.caseEvent.findUnique({ where: { caseId_seq: { caseId: id, seq } }, select: { photoKey: true, details: true } });
  if (!event) throw notFound("File not found");
  const key = kind === "photo" ? event.photoKey : (((event.details ?? {}) as { signatureKey?: string | null }).signatureKey ?? null);
  return imageResponse(key, `${number}-${seq}-${kind}`);
}

/**
 * PUT /api/cases/{ref}/photo: the pet's photo, already stored and checked by content by route()
 * (lib/http/uploads.ts, the case photo policy); replaces the photo on file.
 */
export async function setCasePhoto(caller: Caller, ref: string, upload: Upload): Promise<CaseDetail> {
  const { id } = await resolveCaseRef(caller, ref);
  const [file] = upload.files;
  if (!file) throw badRequest("Choose a photo", { field: "photo" });
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM cases WHERE id = ${id}::uuid FOR UPDATE`;
    const row = await tx.memorialCase.findUniqueOrThrow({ where: { id }, select: { status: true } });
    if (row.status === "closed") throw conflict(CASE_CLOSED);
    await tx.memorialCase.update({ where: { id }, data: { petPhotoKey: file.storageKey } });
    await recordAudit(tx, { actorId: caller.userId, action: "case.update", entityType: "case", entityId: id, after: { petPhotoKey: true, contentType: file.contentType, sizeBytes: file.size } });
  });
  return loadCaseDetail(caller, id);
}
