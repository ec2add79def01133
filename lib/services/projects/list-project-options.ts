import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { visibleProjectWhere } from "./project-access";

/** GET /api/projects for pickers (spec §3 Project: id, name): live projects, archived ones left out. */
export async function listProjectOptions(caller: Caller) {
  return db.project.findMany({
    where: { ...visibleProjectWhere(caller), archivedAt: null },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
    take: 1000,
  });
}
