import { can, type Role } from "@/lib/auth/permissions";

/**
 * Which tasks a caller may see (spec §6), as data: the pure half of the rule, shared by the
 * server's `where` builders (lib/services/visibility/tasks.ts) and the in-memory checks that
 * decide a task's permission flags (lib/tasks/permissions.ts).
 */

export interface TaskViewer {
  userId: string;
  role: Role;
}

/** The facts of a task the rule reads. */
export interface TaskVisibilityFacts {
  isPrivate: boolean;
  createdById: string;
  deletedAt: Date | string | null;
}

export interface VisibilityOptions {
  /** Also deleted tasks (sub-task summaries of a deleted parent, shown to admins). */
  includeDeleted?: boolean;
}

export type PrivacyClause = { isPrivate: false } | { createdById: string };

/** A task is visible when any clause matches it; null: every task regardless of privacy. */
export function privacyClauses(viewer: TaskViewer): PrivacyClause[] | null {
  if (can(viewer.role, "tasks.read.private")) return null;
  return [{ isPrivate: false }, { createdById: viewer.userId }];
}

/** The same rule in memory, for rows already loaded (permission flags, parent summaries). */
export function isTaskVisible(viewer: TaskViewer, task: TaskVisibilityFacts, { includeDeleted = false }: VisibilityOptions = {}): boolean {
  if (!includeDeleted && task.deletedAt) return false;
  const clauses = privacyClauses(viewer);
  if (!clauses) return true;
  return clauses.some((clause) => ("isPrivate" in clause ? task.isPrivate === clause.isPrivate : task.createdById === clause.createdById));
}
