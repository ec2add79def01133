import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { isUuid } from "@/lib/validations/ids";
import { PROJECT_NOT_FOUND, visibleProjectWhere } from "./project-access";
import { projectDetailSelect, toProjectDetail, type ProjectDetailDto } from "./project-shape";
import { projectProgress } from "./project-stats";

/** GET /api/projects/{id}: the overview (description, dates, people, progress, runs, permissions). */
export async function getProject(caller: Caller, id: string, client: Db = db): Promise<ProjectDetailDto> {
  if (!isUuid(id)) throw notFound(PROJECT_NOT_FOUND);
  const [viewer, row] = await Promise.all([
    loadViewer(client, caller),
    client.project.findFirst({ where: { id, ...visibleProjectWhere(caller, { includeDeleted: true }) }, select: projectDetailSelect }),
  ]);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  const progress = await projectProgress(caller, [row], client);
  return toProjectDetail(row, viewer, progress.get(row.id));
}
