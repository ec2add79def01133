/**
 * The private-task rule has one definition (lib/services/visibility/tasks.ts): its Prisma
 * `where`, its SQL and its in-memory predicate agree on real rows, and no service writes the
 * rule by hand. (private-visibility.test.ts checks the rule's outcome on every read path.)
 */
import path from "node:path";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/auth/permissions";
import { isTaskVisible, visibleTaskSql, visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { createTask, createUnit, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { sourceFiles } from "@/tests/support/source-files";

const testDb = useTestDatabase();

describe("the task visibility rule", () => {
  it("gives the same answer as a where, as SQL and in memory, for every role and kind of task", async () => {
    const db = testDb.prisma;
    const unit = await createUnit(db);
    const [creator, other] = [await createUser(db), await createUser(db)];
    for (const createdById of [creator.id, other.id]) {
      for (const isPrivate of [false, true]) {
        for (const deletedAt of [null, new Date()]) await createTask(db, { createdById, organizationalUnitId: unit.id, isPrivate, deletedAt });
      }
    }
    const rows = await db.task.findMany({ select: { id: true, isPrivate: true, createdById: true, deletedAt: true } });
    const roles: Role[] = ["admin", "manager", "staff"];
    for (const role of roles) {
      for (const includeDeleted of [false, true]) {
        const viewer = { userId: creator.id, role };
        const viaWhere = (await db.task.findMany({ where: visibleTaskWhere(viewer, { includeDeleted }), select: { id: true } })).map((t) => t.id).sort();
        const viaSql = (await db.$queryRaw<Array<{ id: string }>>(Prisma.sql`SELECT t.id FROM tasks t WHERE ${visibleTaskSql(viewer, "t", { includeDeleted })}`))
          .map((t) => t.id)
          .sort();
        const inMemory = rows.filter((t) => isTaskVisible(viewer, t, { includeDeleted })).map((t) => t.id).sort();
        expect(viaSql).toEqual(viaWhere);
        expect(inMemory).toEqual(viaWhere);
        // Someone else's private task: only for admins.
        const othersPrivate = rows.filter((t) => t.createdById === other.id && t.isPrivate && !t.deletedAt).map((t) => t.id);
        expect(viaWhere.includes(othersPrivate[0]!)).toBe(role === "admin");
        expect(viaWhere.length).toBe((includeDeleted ? 2 : 1) * (role === "admin" ? 4 : 3));
      }
    }
  });

  it("is written nowhere else: no service, page or route filters on isPrivate by hand", () => {
    const own = path.join("lib", "services", "visibility", "tasks.ts");
    const offenders = sourceFiles("lib/services", "lib/auth", "app")
      .filter(({ file }) => file !== own)
      .filter(({ text }) => /isPrivate:\s*(false|\{)|is_private\s*(=|IS\b)|\.isPrivate\s*(\|\||\?(?!\?))|!\s*[\w.]+\.isPrivate\b/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
