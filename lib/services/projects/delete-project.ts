import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { loadProjectAccess } from "./project-access";

/**
 * DELETE /api/projects/{id} (admins): a soft delete. The project leaves every list and picker;
 * its tasks stay as they are (with their project link) and come back with it on restore.
 */
export async function deleteProject(caller: Caller, id: string): Promise<{ ok: true }> {
  await loadProjectAccess(caller, id);
  await db.$transaction(async (tx) => {
    await tx.project.update({ where: { id }, data: { deletedAt: new Date(), deletedById: caller.userId } });
    await recordAudit(tx, { actorId: caller.userId, action: "project.delete", entityType: "project", entityId: id });
  });
  return { ok: true };
}

/** POST /api/projects/{id}/restore (admins). */
export async function restoreProject(caller: Caller, id: string): Promise<{ ok: true }> {
  const { row } = await loadProjectAccess(caller, id, db, { includeDeleted: true });
  if (!row.deletedAt) throw badRequest("The project is not deleted");
  await db.$transaction(async (tx) => {
    await tx.project.update({ where: { id }, data: { deletedAt: null, deletedById: null } });
    await recordAudit(tx, { actorId: caller.userId, action: "project.restore", entityType: "project", entityId: id });
  });
  return { ok: true };
}
