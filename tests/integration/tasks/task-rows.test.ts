/**
 * The one-statement task reads (lib/services/tasks/task-rows.ts) against Prisma's own reads of
 * the same selects (taskSelect(), taskDetailSelect()) and the sub-task counts they replaced, on the benchmark's
 * generated data (teams, checklists, sub-tasks, private and deleted tasks, vendors, projects)
 * plus what that data lacks: a recurring series, finished checklist items, a deleted parent.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { loadDetailRow, loadListRows } from "@/lib/services/tasks/task-rows";
import { taskDetailSelect, taskSelect, type ListRow } from "@/lib/services/tasks/task-shape";
import { visibleTaskWhere, type TaskViewer } from "@/lib/services/visibility/tasks";
import { BENCH_ADMIN_EMAIL, BENCH_USER_EMAIL } from "@/bench/generate-data";
import { useBenchDatabase } from "@/tests/support/bench-db";

const bench = useBenchDatabase({ tasks: 600, members: 12, units: 4, days: 14, seed: 11 });

const byId = (rows: ListRow[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

describe("task reads in one statement", () => {
  let viewers: TaskViewer[];
  let ids: string[];

  beforeAll(async () => {
    const prisma = bench.prisma;
    viewers = await Promise.all(
      [BENCH_USER_EMAIL, BENCH_ADMIN_EMAIL].map(async (email) => {
        const user = await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true, role: true } });
        return { userId: user.id, role: user.role };
      }),
    );
    const series = await prisma.task.findFirstOrThrow({ where: { deletedAt: null, parentTaskId: null }, orderBy: { displayNumber: "asc" } });
    await prisma.task.update({
      where: { id: series.id },
      data: { isRecurring: true, recurringPattern: "weekly", recurringInterval: 2, recurringDaysOfWeek: [1, 3], recurringEndType: "after", recurringMaxCount: 5, recurringSchedule: { times: ["09:00"] } },
    });
    await prisma.$executeRaw(Prisma.sql`UPDATE checklist_items SET is_completed = true, completed_at = now() WHERE id IN (SELECT id FROM checklist_items ORDER BY id LIMIT 20)`);
    await prisma.$executeRaw(Prisma.sql`UPDATE tasks SET deleted_at = now() WHERE id IN (SELECT parent_task_id FROM tasks WHERE parent_task_id IS NOT NULL ORDER BY id LIMIT 3)`);
    ids = (await prisma.task.findMany({ select: { id: true } })).map((t) => t.id);
  });

  it("covers every kind of relation the list shows", async () => {
    const rows = (await loadListRows(bench.prisma, viewers[1], ids)).map((loaded) => loaded.row);
    expect(rows).toHaveLength(ids.length);
    const some = (test: (row: ListRow) => boolean) => rows.filter(test).length;
    expect(some((r) => r.vendor !== null)).toBeGreaterThan(0);
    expect(some((r) => r.project !== null)).toBeGreaterThan(0);
    expect(some((r) => r.assignee !== null)).toBeGreaterThan(0);
    expect(some((r) => r.assignments.length > 1)).toBeGreaterThan(0);
    expect(some((r) => r.checklistItems.some((item) => item.completedAt !== null))).toBeGreaterThan(0);
    expect(some((r) => r.parentTask?.deletedAt != null)).toBeGreaterThan(0);
    expect(some((r) => r.completedBy !== null)).toBeGreaterThan(0);
    expect(some((r) => r.deletedBy !== null)).toBeGreaterThan(0);
    expect(some((r) => r.isRecurring && r.recurringDaysOfWeek.length === 2)).toBe(1);
  });

  it("reads every task exactly as Prisma reads taskSelect(), with each viewer's sub-task count", async () => {
    const reference = byId(await bench.prisma.task.findMany({ where: { id: { in: ids } }, select: taskSelect() }));
    for (const viewer of viewers) {
      const loaded = await loadListRows(bench.prisma, viewer, ids);
      expect(byId(loaded.map((l) => l.row))).toStrictEqual(reference);

      const groups = await bench.prisma.task.groupBy({ by: ["parentTaskId"], where: { parentTaskId: { in: ids }, ...visibleTaskWhere(viewer) }, _count: { _all: true } });
      const expected = new Map(groups.map((g) => [g.parentTaskId!, g._count._all]));
      expect(Object.fromEntries(loaded.filter((l) => l.subTaskCount > 0).map((l) => [l.row.id, l.subTaskCount]))).toStrictEqual(Object.fromEntries(expected));
    }
  });

  it("reads a task's detail exactly as Prisma reads taskDetailSelect(), and nothing the viewer may not see", async () => {
    const parents = await bench.prisma.task.findMany({ where: { subTasks: { some: {} } }, select: { id: true } });
    const sample = [...new Set([...parents.map((p) => p.id), ...ids.filter((_, i) => i % 6 === 0)])];
    expect(parents.length).toBeGreaterThan(5);
    let hidden = 0;
    for (const viewer of viewers) {
      for (const id of sample) {
        const [mine, reference] = await Promise.all([
          loadDetailRow(bench.prisma, viewer, id),
          bench.prisma.task.findFirst({ where: { id, ...visibleTaskWhere(viewer) }, select: taskDetailSelect(viewer) }),
        ]);
        expect(mine).toStrictEqual(reference);
        if (reference === null) hidden++;
      }
    }
    expect(hidden).toBeGreaterThan(0); // deleted and others' private tasks are in the sample
  });

  it("reads nothing for no ids", async () => {
    expect(await loadListRows(bench.prisma, viewers[0], [])).toEqual([]);
  });
});
