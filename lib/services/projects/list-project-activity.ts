import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { storedSnapshot } from "@/lib/services/audit/record-audit";
import { loadProjectAccess } from "./project-access";

/** GET /api/projects/{id}/activity: the project's audit rows (create, updates, archive, runs ...), newest first. */
export async function listProjectActivity(caller: Caller, id: string) {
  await loadProjectAccess(caller, id, db, { includeDeleted: true });
  const rows = await db.auditLog.findMany({
    where: { entityType: "project", entityId: id },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { id: true, action: true, before: true, after: true, metadata: true, createdAt: true, actor: { select: { id: true, firstName: true, lastName: true } } },
  });
  return { items: rows.map((row) => ({ ...row, before: storedSnapshot(row.before), after: storedSnapshot(row.after), metadata: storedSnapshot(row.metadata) })) };
}
