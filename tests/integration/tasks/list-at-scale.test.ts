/**
 * The task list and stats rewritten for 100k tasks against the queries they
 * replaced, on the benchmark's generated data (private, deleted, team, sub-tasks, completed).
 * The "old" functions below are the pre-issue-11 queries, kept here as the reference.
 */
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/auth/roles";
import { GET as listHandler } from "@/app/api/tasks/route";
import { getDashboardStats } from "@/lib/services/tasks/get-dashboard-stats";
import { TASK_COUNT_CAP } from "@/lib/services/tasks/list-tasks";
import { businessDayRange, businessWeekRange } from "@/lib/dates/instants";
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, BENCH_USER_EMAIL } from "@/bench/generate-data";
import { call, signIn } from "@/tests/support/auth";
import { useBenchDatabase } from "@/tests/support/bench-db";

const bench = useBenchDatabase({ tasks: 1500, members: 12, units: 4, days: 14, seed: 7 });

interface Page {
  items: Array<{ id: string }>;
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

type Who = { id: string; role: Role; headers: Record<string, string> };

async function list(who: Who, qs: string): Promise<Page> {
  const res = await call(listHandler, { path: `/api/tasks?${qs}`, headers: who.headers });
  expect(res.status).toBe(200);
  return res.body as Page;
}

/** GET /api/tasks as first written: an OR for `mine`, an exact count, whole rows. */
async function oldList(prisma: PrismaClient, who: Who, q: { status?: string[]; mine?: boolean; q?: string; assigneeId?: string; sort?: "priority"; page: number; pageSize: number }) {
  const filters: Prisma.TaskWhereInput[] = [who.role === "admin" ? { deletedAt: null } : { deletedAt: null, OR: [{ isPrivate: false }, { createdById: who.id }] }];
  const mine = (userId: string): Prisma.TaskWhereInput => ({ OR: [{ assigneeId: userId }, { assignments: { some: { userId } } }] });
  if (q.status) filters.push({ status: { in: q.status as Prisma.EnumTaskStatusFilter["in"] } });
  if (q.mine) filters.push(mine(who.id));
  if (q.assigneeId) filters.push(mine(q.assigneeId));
  if (q.q) filters.push({ AND: q.q.split(/\s+/).map((word) => ({ title: { contains: word, mode: "insensitive" as const } })) });
  const where = { AND: filters };
  const orderBy: Prisma.TaskOrderByWithRelationInput[] =
    q.sort === "priority" ? [{ priority: "desc" }, { dueDate: "asc" }, { displayNumber: "asc" }] : [{ dueDate: "asc" }, { displayNumber: "asc" }];
  const skip = (q.page - 1) * q.pageSize;
  const [total, rows] = await Promise.all([prisma.task.count({ where }), prisma.task.findMany({ where, select: { id: true }, orderBy, skip, take: q.pageSize })]);
  return { ids: rows.map((r) => r.id), total, hasMore: skip + rows.length < total };
}

/** GET /api/dashboard/stats as first written (candidates UNION, then FILTER clauses). */
async function oldStats(prisma: PrismaClient, who: Who, now: Date) {
  const today = businessDayRange(now);
  const week = businessWeekRange(now);
  const me = who.id;
  const rows = await prisma.$queryRaw<Array<Record<string, number>>>(Prisma.sql`
    WITH my_units AS (SELECT unit_id FROM unit_memberships WHERE user_id = ${me}::uuid),
    team AS (SELECT task_id FROM task_assignments WHERE user_id = ${me}::uuid),
    candidates AS (
      SELECT id FROM tasks WHERE assignee_id = ${me}::uuid
      UNION SELECT task_id FROM team
      UNION SELECT id FROM tasks WHERE completed_by_id = ${me}::uuid AND completed_at >= ${week.start}
      UNION SELECT id FROM tasks WHERE organizational_unit_id IN (SELECT unit_id FROM my_units)
        AND available_for_pickup AND status NOT IN ('completed', 'cancelled')
    ), visible AS (
      SELECT t.*, (t.assignee_id = ${me}::uuid OR t.id IN (SELECT task_id FROM team)) AS mine, t.status NOT IN ('completed', 'cancelled') AS is_open
      FROM tasks t JOIN candidates c ON c.id = t.id
      WHERE t.deleted_at IS NULL AND (${who.role === "admin"} OR t.is_private = false OR t.created_by_id = ${me}::uuid)
    )
    SELECT
      count(*) FILTER (WHERE mine AND is_open)::int AS "mineOpen",
      count(*) FILTER (WHERE mine AND is_open AND due_date >= ${today.start} AND due_date < ${today.end})::int AS "dueToday",
      count(*) FILTER (WHERE mine AND is_open AND due_date < ${now})::int AS "overdue",
      count(*) FILTER (WHERE status = 'completed' AND completed_at >= ${week.start} AND completed_at < ${week.end} AND (mine OR completed_by_id = ${me}::uuid))::int AS "completedThisWeek",
      count(*) FILTER (WHERE available_for_pickup AND is_open AND assignee_id IS NULL AND vendor_id IS NULL AND organizational_unit_id IN (SELECT unit_id FROM my_units))::int AS "availableToPickUp"
    FROM visible`);
  return rows[0];
}

describe("the task list and stats at scale (generated data)", () => {
  let staff: Who;
  let admin: Who;
  let members: Array<{ id: string; role: Role }>;

  beforeAll(async () => {
    const byEmail = async (email: string): Promise<Who> => {
      const u = await bench.prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true, role: true } });
      return { id: u.id, role: u.role, headers: await signIn({ email }, { password: BENCH_PASSWORD }) };
    };
    staff = await byEmail(BENCH_USER_EMAIL);
    admin = await byEmail(BENCH_ADMIN_EMAIL);
    members = await bench.prisma.user.findMany({ select: { id: true, role: true } });
  });

  it("answers the same pages as the old query, with a capped total past 1,000", async () => {
    const active = ["open", "in_progress", "blocked"];
    const other = members.find((m) => m.id !== staff.id && m.role === "manager")!;
    const cases = [
      { qs: "status=open,in_progress,blocked", q: { status: active, page: 1, pageSize: 50 } },
      { qs: "status=open,in_progress,blocked&mine=true", q: { status: active, mine: true, page: 1, pageSize: 50 } },
      { qs: "q=engrave", q: { q: "engrave", page: 1, pageSize: 50 } },
      { qs: "q=Engrave%20urn&pageSize=5&page=2", q: { q: "Engrave urn", page: 2, pageSize: 5 } },
      { qs: "status=blocked", q: { status: ["blocked"], page: 1, pageSize: 50 } },
      { qs: "sort=priority&page=3&pageSize=20", q: { sort: "priority" as const, page: 3, pageSize: 20 } },
      { qs: "page=5&pageSize=50", q: { page: 5, pageSize: 50 } },
      { qs: `assigneeId=${other.id}&pageSize=200`, q: { assigneeId: other.id, page: 1, pageSize: 200 } },
      { qs: "mine=true&pageSize=200&page=2", q: { mine: true, page: 2, pageSize: 200 } },
    ];
    let capped = 0;
    for (const who of [staff, admin]) {
      for (const { qs, q } of cases) {
        const [now, old] = await Promise.all([list(who, qs), oldList(bench.prisma, who, q)]);
        expect({ qs, ids: now.items.map((t) => t.id) }).toEqual({ qs, ids: old.ids });
        expect(now.hasMore).toBe(old.hasMore);
        if (old.total > TASK_COUNT_CAP) {
          capped++;
          expect(now).toMatchObject({ total: TASK_COUNT_CAP, totalCapped: true });
        } else {
          expect({ qs, total: now.total, totalCapped: now.totalCapped }).toEqual({ qs, total: old.total, totalCapped: false });
        }
      }
    }
    expect(capped).toBeGreaterThan(0); // the generated data does cross the cap
  });

  it("keeps total and hasMore honest at the page edges, below and past the cap", async () => {
    // Below the cap: an exact total on every page, an empty page past the end.
    const { total: t } = await list(staff, "q=engrave&exactTotal=true");
    expect(t).toBeGreaterThan(20);
    expect(t).toBeLessThan(200);
    const last = Math.ceil(t / 10);
    expect(await list(staff, `q=engrave&pageSize=10&page=${last - 1}`)).toMatchObject({ total: t, totalCapped: false, hasMore: true });
    const lastPage = await list(staff, `q=engrave&pageSize=10&page=${last}`);
    expect(lastPage).toMatchObject({ total: t, totalCapped: false, hasMore: false });
    expect(lastPage.items).toHaveLength(t - (last - 1) * 10);
    expect(await list(staff, `q=engrave&pageSize=10&page=${last + 1}`)).toMatchObject({ items: [], total: t, totalCapped: false, hasMore: false });
    expect(await list(staff, `q=engrave&pageSize=${t}`)).toMatchObject({ total: t, hasMore: false });
    expect(await list(staff, `q=engrave&pageSize=${t - 1}`)).toMatchObject({ total: t, hasMore: true });

    // Past the cap: the exact total on request, a lower bound otherwise, exact again at the end.
    const exact = await list(staff, "exactTotal=true&pageSize=1");
    const v = exact.total;
    expect(exact.totalCapped).toBe(false);
    expect(v).toBeGreaterThan(TASK_COUNT_CAP);
    expect(await list(staff, "pageSize=50")).toMatchObject({ total: TASK_COUNT_CAP, totalCapped: true, hasMore: true });
    const deep = await list(staff, "pageSize=50&page=21");
    expect(deep).toMatchObject({ total: 1000 + deep.items.length, totalCapped: true, hasMore: true });
    const end = Math.ceil(v / 50);
    const final = await list(staff, `pageSize=50&page=${end}`);
    expect(final).toMatchObject({ total: v, totalCapped: false, hasMore: false });
    expect(await list(staff, `pageSize=50&page=${end + 1}`)).toMatchObject({ items: [], total: v, totalCapped: false, hasMore: false });
  });

  it("keeps total and hasMore honest at the page edges of a member's tasks (one read gives the page and the count)", async () => {
    const t = (await oldList(bench.prisma, staff, { mine: true, page: 1, pageSize: 1 })).total;
    expect(t).toBeGreaterThan(10);
    expect(t).toBeLessThanOrEqual(TASK_COUNT_CAP);
    const size = 5;
    const last = Math.ceil(t / size);
    expect(await list(staff, "mine=true&pageSize=1")).toMatchObject({ total: t, totalCapped: false, hasMore: true });
    expect(await list(staff, `mine=true&pageSize=${size}&page=${last - 1}`)).toMatchObject({ total: t, totalCapped: false, hasMore: true });
    const lastPage = await list(staff, `mine=true&pageSize=${size}&page=${last}`);
    expect(lastPage).toMatchObject({ total: t, totalCapped: false, hasMore: false });
    expect(lastPage.items).toHaveLength(t - (last - 1) * size);
    expect(await list(staff, `mine=true&pageSize=${size}&page=${last + 1}`)).toMatchObject({ items: [], total: t, totalCapped: false, hasMore: false });
    expect(await list(staff, `mine=true&pageSize=${t}`)).toMatchObject({ total: t, hasMore: false });
    expect(await list(staff, `mine=true&pageSize=${t - 1}`)).toMatchObject({ total: t, hasMore: true });
    // exactTotal asks for nothing more: the count is exact already.
    expect(await list(staff, "mine=true&exactTotal=true&pageSize=1")).toMatchObject({ total: t, totalCapped: false });
  });

  it("counts the same stats as the old query for every member", async () => {
    const anchor = new Date(`${bench.anchor}T12:00:00Z`);
    for (const m of members) {
      const who = { ...m, headers: {} };
      for (const now of [anchor, new Date(anchor.getTime() - 3 * 86_400_000)]) {
        const caller = { userId: m.id, role: m.role, firstName: "", lastName: "", email: "", sessionId: null, via: "cookie" as const, mustChangePassword: false };
        expect(await getDashboardStats(caller, now)).toEqual(await oldStats(bench.prisma, who, now));
      }
    }
  });
});
