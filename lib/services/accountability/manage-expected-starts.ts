import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import { minutesToTime, timeToMinutes, type ExpectedStartDto, type SetExpectedStartInput } from "@/lib/validations/accountability";

/** Expected start times, per member or per unit (the "no punch-in" rule and accountability read them). */

export async function listExpectedStarts(): Promise<{ items: ExpectedStartDto[] }> {
  const rows = await db.expectedStart.findMany({
    select: { id: true, userId: true, unitId: true, startMinutes: true, user: { select: { firstName: true, lastName: true } }, unit: { select: { name: true } } },
  });
  const items = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    unitId: r.unitId,
    name: r.user ? `${r.user.firstName} ${r.user.lastName}`.trim() : (r.unit?.name ?? ""),
    time: minutesToTime(r.startMinutes),
  }));
  items.sort((a, b) => Number(Boolean(a.userId)) - Number(Boolean(b.userId)) || a.name.localeCompare(b.name));
  return { items };
}

export async function setExpectedStart(caller: Caller, input: SetExpectedStartInput): Promise<ExpectedStartDto> {
  const startMinutes = timeToMinutes(input.time);
  if (input.userId && !(await db.user.findUnique({ where: { id: input.userId }, select: { id: true } }))) throw badRequest("The member does not exist", { field: "userId" });
  if (input.unitId && !(await db.organizationalUnit.findUnique({ where: { id: input.unitId }, select: { id: true } }))) throw badRequest("The department does not exist", { field: "unitId" });
  const where = input.userId ? { userId: input.userId } : { unitId: input.unitId! };
  const row = await db.$transaction(async (tx) => {
    const saved = await tx.expectedStart.upsert({ where, create: { ...where, startMinutes }, update: { startMinutes }, select: { id: true } });
    await recordAudit(tx, { actorId: caller.userId, action: "expected-start.set", entityType: "expected_start", entityId: saved.id, after: { ...where, time: input.time } });
    return saved;
  });
  const all = await listExpectedStarts();
  return all.items.find((i) => i.id === row.id)!;
}

export async function deleteExpectedStart(caller: Caller, rawId: string): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, "Expected start not found");
  await db.$transaction(async (tx) => {
    const row = await tx.expectedStart.findUnique({ where: { id } });
    if (!row) throw notFound("Expected start not found");
    await tx.expectedStart.delete({ where: { id } });
    await recordAudit(tx, { actorId: caller.userId, action: "expected-start.delete", entityType: "expected_start", entityId: id, before: { userId: row.userId, unitId: row.unitId, time: minutesToTime(row.startMinutes) } });
  });
  return { ok: true };
}
