import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/http/app-error";
import type { Db } from "@/lib/db";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { isUuid } from "@/lib/validations/ids";
import type { StepInput } from "@/lib/validations/processes";

export const PROCESS_NOT_FOUND = "Process not found";
export const PROCESS_EDIT_DENIED = "You may not edit this process";

/** The process's access facts (every signed-in user sees every process) and the caller as a viewer. */
export async function loadProcessAccess(caller: Caller, id: string) {
  if (!isUuid(id)) throw notFound(PROCESS_NOT_FOUND);
  const [viewer, row] = await Promise.all([
    loadViewer(db, caller),
    db.process.findUnique({ where: { id }, select: { id: true, name: true, description: true, createdById: true, organizationalUnitId: true, isActive: true } }),
  ]);
  if (!row) throw notFound(PROCESS_NOT_FOUND);
  return { row, viewer };
}

/** The departments, members and vendors that steps name exist (members active); 400 names the step. */
export async function assertStepReferences(client: Db, processUnitId: string | null | undefined, steps: StepInput[]): Promise<void> {
  const unitIds = new Set<string>(processUnitId ? [processUnitId] : []);
  const userIds = new Set<string>();
  const vendorIds = new Set<string>();
  for (const step of steps) {
    if (step.department) unitIds.add(step.department);
    if (step.assigneeKind === "member" && step.assigneeId) userIds.add(step.assigneeId);
    if (step.assigneeKind === "vendor" && step.vendorId) vendorIds.add(step.vendorId);
  }
  const [units, users, vendors] = await Promise.all([
    client.organizationalUnit.findMany({ where: { id: { in: [...unitIds] } }, select: { id: true } }),
    client.user.findMany({ where: { id: { in: [...userIds] }, isActive: true }, select: { id: true } }),
    client.vendor.findMany({ where: { id: { in: [...vendorIds] } }, select: { id: true } }),
  ]);
  const found = new Set([...units, ...users, ...vendors].map((r) => r.id));
  if (processUnitId && !found.has(processUnitId)) throw badRequest("Department not found", { field: "department" });
  steps.forEach((step, index) => {
    const field = (name: string) => ({ field: `steps.${index}.${name}` });
    if (step.department && !found.has(step.department)) throw badRequest(`Step ${index + 1}: department not found`, field("department"));
    if (step.assigneeKind === "member" && step.assigneeId && !found.has(step.assigneeId)) throw badRequest(`Step ${index + 1}: member not found`, field("assigneeId"));
    if (step.assigneeKind === "vendor" && step.vendorId && !found.has(step.vendorId)) throw badRequest(`Step ${index + 1}: vendor not found`, field("vendorId"));
  });
}
