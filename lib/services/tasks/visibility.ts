import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { privacyClauses, type TaskViewer, type TaskVisibilityFacts, type VisibilityOptions } from "@/lib/tasks/visibility";

/**
 * Which tasks a caller may see (spec §6), defined once: not deleted, and a private task only by
 * its creator and whoever holds "tasks.read.private" (admins) — not even its assignee or team.
 * Every read of tasks takes its scope from here (lists, gets, counts, stats, the punch clock,
 * member profiles, parent pickers), so "not yours" and "not there" are one 404 and a leak
 * through a new read path needs a new hand-written filter, which a test forbids
 * (tests/integration/tasks/visibility.test.ts).
 *
 * The rule is data (`privacyClauses`, pure, in lib/tasks/visibility.ts with the in-memory
 * predicate): the Prisma `where`, the SQL fragment and the in-memory predicate are each derived
 * from it, and a test checks that all three agree on real rows.
 */

export { isTaskVisible, type TaskViewer, type TaskVisibilityFacts } from "@/lib/tasks/visibility";

/** Prisma `where` of the tasks the viewer may see. */
export function visibleTaskWhere(viewer: TaskViewer, { includeDeleted = false }: VisibilityOptions = {}): Prisma.TaskWhereInput {
  const clauses = privacyClauses(viewer);
  return {
    ...(includeDeleted ? {} : { deletedAt: null }),
    ...(clauses ? { OR: clauses } : {}),
  };
}

const COLUMN: Record<keyof TaskVisibilityFacts, string> = { isPrivate: "is_private", createdById: "created_by_id", deletedAt: "deleted_at" };

/** The same rule as a SQL condition over the `tasks` table under the given alias, for raw queries. */
export function visibleTaskSql(viewer: TaskViewer, alias: string, { includeDeleted = false }: VisibilityOptions = {}): Prisma.Sql {
  const column = (field: keyof TaskVisibilityFacts) => Prisma.raw(`${alias}.${COLUMN[field]}`);
  const clauses = privacyClauses(viewer);
  const privacy = clauses
    ? Prisma.join(
        clauses.map((clause) => ("isPrivate" in clause ? Prisma.sql`${column("isPrivate")} = false` : Prisma.sql`${column("createdById")} = ${clause.createdById}::uuid`)),
        " OR ",
      )
    : Prisma.sql`true`;
  return includeDeleted ? Prisma.sql`(${privacy})` : Prisma.sql`(${column("deletedAt")} IS NULL AND (${privacy}))`;
}
