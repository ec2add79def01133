import "server-only";
import { db } from "@/lib/db";

/** GET /api/projects for the task form's project select (spec §3 Project: id, name). */
export async function listProjectOptions() {
  return db.project.findMany({ where: { deletedAt: null }, select: { id: true, name: true }, orderBy: { name: "asc" }, take: 1000 });
}
