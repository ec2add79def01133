import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { editClauses, type Viewer } from "@/lib/tasks/permissions";
import { visibleTaskSql } from "@/lib/services/visibility/tasks";

export interface EditableSqlOptions {
  /**
   * How the statement knows that the viewer holds a seat on the task's team, when it has that
   * fact already (e.g. a join against the viewer's task_assignments): a boolean SQL expression.
   * Default: an EXISTS on task_assignments for the row.
   */
  teamSeat?: Prisma.Sql;
}

/**
 * `canEditTask` (lib/tasks/permissions.ts) as a boolean SQL expression over the `tasks` table
 * under the given alias: not deleted, visible to the viewer (visibleTaskSql), and one of the
 * role's edit clauses (`editClauses`, the same data the in-memory check reads) — the creator, the
 * assignee, a team member, a manager of the task's department, or any task for admins.
 * Never NULL. For reads that answer many rows' edit rights in one statement (the Gantt timeline);
 * tests/integration/tasks/edit-rights.test.ts holds it equal to canEditTask on real rows.
 */
export function editableTaskSql(viewer: Viewer, alias: string, { teamSeat }: EditableSqlOptions = {}): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  const clauses = editClauses(viewer);
  const visible = visibleTaskSql(viewer, alias);
  if (clauses === null) return Prisma.sql`(${visible})`;
  const terms = clauses.map((clause) => {
    if ("createdById" in clause) return Prisma.sql`${column("created_by_id")} = ${clause.createdById}::uuid`;
    if ("assigneeId" in clause) return Prisma.sql`${column("assignee_id")} = ${clause.assigneeId}::uuid`;
    if ("teamUserId" in clause) {
      return teamSeat ?? Prisma.sql`EXISTS (SELECT 1 FROM task_assignments ta WHERE ta.task_id = ${column("id")} AND ta.user_id = ${clause.teamUserId}::uuid)`;
    }
    return Prisma.sql`${column("organizational_unit_id")} = ANY(${[...clause.unitIds]}::uuid[])`;
  });
  // COALESCE: a NULL column (no assignee) makes its term NULL, and the answer is a plain false then.
  return Prisma.sql`COALESCE(${visible} AND (${Prisma.join(terms, " OR ")}), false)`;
}
