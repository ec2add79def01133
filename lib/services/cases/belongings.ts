import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { listCaseBelongings } from "@/lib/cases/contracts";
import { db, type Db } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { parseWith } from "@/lib/http/parse";
import type { Upload } from "@/lib/http/uploads";
import { UUID_PATTERN } from "@/lib/validations/ids";
import { addBelongingSchema, type Belonging } from "@/lib/validations/cases";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { getStorage } from "@/lib/storage";
import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { resolveCaseRef } from "./case-access";
import { lockCase } from "./custody-log";
import { imageResponse } from "./case-photos";
import { CASE_CLOSED } from "./update-case";

type BelongingList = z.output<typeof listCaseBelongings.response>;

export const BELONGING_NOT_FOUND = "Belonging not found";
export const BELONGING_CHECKED = "This item is already checked off; it can no longer be removed.";

const belongingSelect = {
  id: true,
  description: true,
  disposition: true,
  photoKey: true,
  packagedAt: true,
  packagedById: true,
  returnedAt: true,
  returnedById: true,
} as const;

/** A case's belongings in the order they were recorded, with the names of who checked them off (one query for the names). */
export async function loadBelongings(caseId: string, client: Db = db): Promise<Belonging[]> {
  const rows = await client.caseBelonging.findMany({ where: { caseId }, select: belongingSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 100 });
  const ids = [...new Set(rows.flatMap((r) => [r.packagedById, r.returnedById]).filter((id): id is string => id !== null))];
  const users = ids.length ? await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } }) : [];
  const name = new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
  const check = (at: Date | null, by: string | null) => (at && by ? { at: at.toISOString(), by: name.get(by) ?? "" } : null);
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    disposition: r.disposition as Belonging["disposition"],
    hasPhoto: r.photoKey !== null,
    packaged: check(r.packagedAt, r.packagedById),
    returned: check(r.returnedAt, r.returnedById),
  }));
}

/** GET /api/cases/{ref}/belongings */
export async function listBelongings(caller: Caller, ref: string): Promise<BelongingList> {
  const { id } = await resolveCaseRef(caller, ref);
  return { items: await loadBelongings(id) };
}

async function openCase(tx: Prisma.TransactionClient, caseId: string): Promise<void> {
  await lockCase(tx, caseId);
  const row = await tx.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: { status: true } });
  if (row.status === "closed") throw conflict(CASE_CLOSED);
}

/** POST /api/cases/{ref}/belongings: one item, its photo already stored by route() (the case photo policy). */
export async function addBelonging(caller: Caller, ref: string, upload: Upload): Promise<BelongingList> {
  const { id } = await resolveCaseRef(caller, ref);
  const input = parseWith(addBelongingSchema, upload.fields);
  const [photo] = upload.files;
  return db.$transaction(async (tx) => {
    await openCase(tx, id);
    const count = await tx.caseBelonging.count({ where: { caseId: id } });
    if (count >= 100) throw badRequest("A case holds at most 100 belongings", { field: "description" });
    const row = await tx.caseBelonging.create({
      data: { caseId: id, description: input.description, disposition: input.disposition, photoKey: photo?.storageKey ?? null, createdById: caller.userId },
      select: { id: true },
    });
    await recordAudit(tx, { actorId: caller.userId, action: "case.belonging.add", entityType: "case", entityId: id, after: { belongingId: row.id, description: input.description, disposition: input.disposition, photo: Boolean(photo) } });
    return { items: await loadBelongings(id, tx) };
  });
}

/** DELETE /api/cases/{ref}/belongings/{id}: an item recorded by mistake, while the case is open and nothing is checked off. */
export async function removeBelonging(caller: Caller, ref: string, belongingId: string): Promise<BelongingList> {
  const { id } = await resolveCaseRef(caller, ref);
  if (!UUID_PATTERN.test(belongingId)) throw notFound(BELONGING_NOT_FOUND);
  const photoKey = await db.$transaction(async (tx) => {
    await openCase(tx, id);
    const row = await tx.caseBelonging.findFirst({ where: { id: belongingId, caseId: id }, select: belongingSelect });
    if (!row) throw notFound(BELONGING_NOT_FOUND);
    if (row.packagedAt || row.returnedAt) throw conflict(BELONGING_CHECKED);
    await tx.caseBelonging.delete({ where: { id: row.id } });
    await recordAudit(tx, { actorId: caller.userId, action: "case.belonging.remove", entityType: "case", entityId: id, before: { belongingId: row.id, description: row.description, disposition: row.disposition } });
    return row.photoKey;
  });
  if (photoKey) await getStorage().delete([photoKey]).catch(() => undefined);
  return { items: await loadBelongings(id) };
}

/** GET /api/cases/{ref}/belongings/{id}/photo */
export async function belongingPhotoResponse(caller: Caller, ref: string, belongingId: string): Promise<Response> {
  const { id, number } = await resolveCaseRef(caller, ref);
  if (!UUID_PATTERN.test(belongingId)) throw notFound("File not found");
  const row = await db.caseBelonging.findFirst({ where: { id: belongingId, caseId: id }, select: { photoKey: true } });
  return imageResponse(row?.photoKey ?? null, `${number}-belonging`);
}
