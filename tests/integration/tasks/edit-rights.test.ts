/**
 * Who may edit a task has one definition (`editClauses` in lib/tasks/permissions.ts): the
 * in-memory `canEditTask` and the SQL of `editableTaskSql` (lib/services/tasks/edit-rights.ts,
 * the Gantt timeline's `canEdit`) both read it. They agree here on real rows, for every role and
 * every kind of task: creator, assignee, team member, vendor, department, private, deleted.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { editableTaskSql } from "@/lib/services/tasks/edit-rights";
import { canEditTask, type Viewer } from "@/lib/tasks/permissions";
import { addMembership, createTask, createUnit, createUser, createVendor } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

describe("the task edit rule", () => {
  it("gives the same answer in SQL (editableTaskSql) as in memory (canEditTask) for every role and kind of task", async () => {
    const db = testDb.prisma;
    const [unit, otherUnit] = [await createUnit(db), await createUnit(db)];
    const [creator, assignee, teammate, colleague, stranger] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const [manager, farManager, admin] = [await createUser(db, { role: "manager" }), await createUser(db, { role: "manager" }), await createUser(db, { role: "admin" })];
    for (const u of [creator, assignee, teammate, colleague, manager]) await addMembership(db, unit.id, u.id);
    await addMembership(db, otherUnit.id, farManager.id);
    const vendor = await createVendor(db);

    const kinds: Array<Parameters<typeof createTask>[1]> = [];
    for (const isPrivate of [false, true]) {
      for (const deletedAt of [null, new Date()]) {
        const base = { createdById: creator.id, organizationalUnitId: unit.id, isPrivate, deletedAt };
        kinds.push(base);
        kinds.push({ ...base, assigneeId: assignee.id, assigneeType: "user" });
        kinds.push({ ...base, vendorId: vendor.id, assigneeType: "vendor" });
        kinds.push({ ...base, team: [{ userId: teammate.id, isLead: true }, { userId: assignee.id }] });
        kinds.push({ ...base, organizationalUnitId: otherUnit.id });
        kinds.push({ ...base, createdById: admin.id, assigneeId: teammate.id, assigneeType: "user" });
      }
    }
    for (const kind of kinds) await createTask(db, kind);

    const rows = await db.task.findMany({
      select: { id: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true, isPrivate: true, availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } } },
    });
    expect(rows).toHaveLength(kinds.length);
    const unitsOf = async (userId: string) => (await db.unitMembership.findMany({ where: { userId }, select: { unitId: true } })).map((m) => m.unitId);
    const viewers: Viewer[] = [];
    for (const user of [creator, assignee, teammate, colleague, stranger, manager, farManager, admin]) {
      viewers.push({ userId: user.id, role: user.role, unitIds: await unitsOf(user.id) });
    }
    // A manager of no department edits only what is theirs.
    viewers.push({ userId: stranger.id, role: "manager", unitIds: [] });

    let editable = 0;
    for (const viewer of viewers) {
      const viaSql = await db.$queryRaw<Array<{ id: string; can_edit: boolean }>>(
        Prisma.sql`SELECT t.id::text, ${editableTaskSql(viewer, "t")} AS can_edit FROM tasks t ORDER BY t.id`,
      );
      const inMemory = Object.fromEntries(rows.map((t) => [t.id, canEditTask(viewer, { ...t, teamUserIds: t.assignments.map((a) => a.userId) })]));
      for (const row of viaSql) {
        expect({ viewer: `${viewer.role} ${viewer.userId}`, task: row.id, canEdit: row.can_edit }).toEqual({ viewer: `${viewer.role} ${viewer.userId}`, task: row.id, canEdit: inMemory[row.id] });
        if (row.can_edit) editable++;
      }
      // The team seat can come from the statement's own join instead of the EXISTS.
      const viaSeat = await db.$queryRaw<Array<{ id: string; can_edit: boolean }>>(Prisma.sql`
        SELECT t.id::text, ${editableTaskSql(viewer, "t", { teamSeat: Prisma.sql`(seat.task_id IS NOT NULL)` })} AS can_edit
        FROM tasks t LEFT JOIN (SELECT a.task_id FROM task_assignments a WHERE a.user_id = ${viewer.userId}::uuid) seat ON seat.task_id = t.id
        ORDER BY t.id`);
      expect(viaSeat).toEqual(viaSql);
    }
    // Both answers occur (the table is not trivially all false).
    expect(editable).toBeGreaterThan(0);
    expect(editable).toBeLessThan(viewers.length * rows.length);
  });
});
