/**
 * Who may see and change a task (documented in docs/tasks.md). The server enforces the same
 * rules inside its queries' `where` (lib/services/tasks/task-access.ts); these pure versions
 * decide the `permissions` flags the API returns and are unit-tested case by case.
 *
 * - See: every signed-in user sees every non-private task; a private task only its creator
 *   and admins (spec §6) — not even its assignee or team.
 * - Edit, complete, tick the checklist, delete (soft): the creator, the assignee, any team
 *   member (lead or not), managers who are members of the task's department, and admins.
 * - Claim: a member of the task's department, while the task is available for pickup,
 *   unassigned, not finished and not deleted.
 * - Restore and list deleted tasks: admins only.
 */
import { can, type Role } from "@/lib/auth/permissions";
import { isTaskVisible } from "./visibility";

export interface Viewer {
  userId: string;
  role: Role;
  /** Units the viewer belongs to. */
  unitIds: readonly string[];
}

export interface TaskAccessFacts {
  createdById: string;
  assigneeId: string | null;
  vendorId: string | null;
  organizationalUnitId: string;
  isPrivate: boolean;
  availableForPickup: boolean;
  status: string;
  deletedAt: Date | string | null;
  teamUserIds: readonly string[];
}

/** The visibility rule (lib/tasks/visibility.ts); those who may list deleted tasks also see them. */
export function canViewTask(viewer: Viewer, task: TaskAccessFacts): boolean {
  return isTaskVisible(viewer, task, { includeDeleted: can(viewer.role, "tasks.deleted.read") });
}

/**
 * Who may edit a task they can see and that is not deleted, as data (the pattern of
 * `privacyClauses`): null when the role edits every such task, else the task is editable when
 * any clause matches it. `canEditTask` reads it in memory and `editableTaskSql`
 * (lib/services/tasks/edit-rights.ts) as SQL, so the two cannot drift; a test compares them on
 * real rows (tests/integration/tasks/edit-rights.test.ts).
 */
export type EditClause =
  | { createdById: string }
  | { assigneeId: string }
  | { teamUserId: string }
  /** A department the viewer belongs to (roles holding "tasks.write.department"). */
  | { unitIds: readonly string[] };

export function editClauses(viewer: Viewer): EditClause[] | null {
  if (can(viewer.role, "tasks.write.any")) return null;
  const clauses: EditClause[] = [{ createdById: viewer.userId }, { assigneeId: viewer.userId }, { teamUserId: viewer.userId }];
  if (can(viewer.role, "tasks.write.department") && viewer.unitIds.length > 0) clauses.push({ unitIds: viewer.unitIds });
  return clauses;
}

function matchesEditClause(clause: EditClause, task: TaskAccessFacts): boolean {
  if ("createdById" in clause) return task.createdById === clause.createdById;
  if ("assigneeId" in clause) return task.assigneeId === clause.assigneeId;
  if ("teamUserId" in clause) return task.teamUserIds.includes(clause.teamUserId);
  return clause.unitIds.includes(task.organizationalUnitId);
}

export function canEditTask(viewer: Viewer, task: TaskAccessFacts): boolean {
  if (task.deletedAt || !canViewTask(viewer, task)) return false;
  const clauses = editClauses(viewer);
  return clauses === null || clauses.some((clause) => matchesEditClause(clause, task));
}

export const canDeleteTask = canEditTask;

export function isOpenForPickup(task: Pick<TaskAccessFacts, "availableForPickup" | "assigneeId" | "vendorId" | "status" | "deletedAt">): boolean {
  return (
    task.availableForPickup &&
    task.assigneeId === null &&
    task.vendorId === null &&
    task.status !== "completed" &&
    task.status !== "cancelled" &&
    !task.deletedAt
  );
}

export function canClaimTask(viewer: Viewer, task: TaskAccessFacts): boolean {
  return canViewTask(viewer, task) && isOpenForPickup(task) && viewer.unitIds.includes(task.organizationalUnitId);
}

export function canRestoreTask(viewer: Viewer, task: Pick<TaskAccessFacts, "deletedAt">): boolean {
  return can(viewer.role, "tasks.restore") && Boolean(task.deletedAt);
}

export interface TaskPermissions {
  canEdit: boolean;
  canDelete: boolean;
  canClaim: boolean;
  canRestore: boolean;
}

export function taskPermissions(viewer: Viewer, task: TaskAccessFacts): TaskPermissions {
  return {
    canEdit: canEditTask(viewer, task),
    canDelete: canDeleteTask(viewer, task),
    canClaim: canClaimTask(viewer, task),
    canRestore: canRestoreTask(viewer, task),
  };
}
