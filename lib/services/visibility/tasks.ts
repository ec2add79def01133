import "server-only";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isTaskVisible, privacyClauses, type TaskViewer, type TaskVisibilityFacts, type VisibilityOptions } from "@/lib/tasks/visibility";

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

const AUDIENCE_CANDIDATES_READ = 500;

/**
 * The rule read the other way round: the active members who can see a task, optionally matching a
 * name or among some ids, alphabetically (20 at most without ids). The composer's @ offers them,
 * and a notification about the task (lib/services/notifications/notify.ts) reaches only them.
 */
export async function membersWhoCanSee(client: Db, task: TaskVisibilityFacts, { q, ids }: { q?: string; ids?: string[] } = {}) {
  const where: Prisma.UserWhereInput = {
    isActive: true,
    ...(ids ? { id: { in: ids } } : {}),
    ...(q
      ? { AND: [{ OR: [{ firstName: { contains: q, mode: "insensitive" } }, { lastName: { contains: q, mode: "insensitive" } }] }] }
      : {}),
  };
  const rows = await client.user.findMany({
    where,
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }],
    // The rule filters below (a private task: its creator and admins), so read past the 20 shown.
    take: ids ? ids.length : AUDIENCE_CANDIDATES_READ,
    select: { id: true, firstName: true, lastName: true, email: true, role: true },
  });
  return rows.filter((u) => isTaskVisible({ userId: u.id, role: u.role }, task)).slice(0, ids ? undefined : 20);
}
