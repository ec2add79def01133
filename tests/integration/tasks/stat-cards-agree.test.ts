import { GET as listHandler } from "@/app/api/tasks/route";
import { GET as statsHandler } from "@/app/api/dashboard/stats/route";
import { dateKeyOf } from "@/lib/dates";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

/** Each dashboard card's count equals the total of the list it opens (components/tasks/dashboard.tsx's card filters). */

const testDb = useTestDatabase();
const ACTIVE = "open,in_progress,blocked";

describe("the dashboard cards agree with the lists they open", () => {
  it("mine open, due today, overdue and completed this week (including a task I completed that is not mine)", async () => {
    const me = await person(testDb.prisma);
    const other = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id, other.id);
    const base = { createdById: other.id, organizationalUnitId: unit.id };
    const mine = { assigneeType: "user" as const, assigneeId: me.id };
    const now = Date.now();
    const day = 86_400_000;
    await createTask(testDb.prisma, { ...base, ...mine, dueDate: new Date(now - 3 * day) }); // overdue
    await createTask(testDb.prisma, { ...base, team: [{ userId: me.id }], dueDate: new Date(now + 10 * day) }); // open
    await createTask(testDb.prisma, { ...base, ...mine, status: "completed", completedAt: new Date(now - 60_000), completedById: other.id, dueDate: new Date(now) });
    await createTask(testDb.prisma, { ...base, assigneeType: "user", assigneeId: other.id, status: "completed", completedAt: new Date(now - 120_000), completedById: me.id, dueDate: new Date(now) });
    await createTask(testDb.prisma, { ...base, ...mine, status: "completed", completedAt: new Date(now - 30 * day), completedById: me.id, dueDate: new Date(now - 30 * day) }); // long ago
    await createTask(testDb.prisma, { ...base, assigneeType: "user", assigneeId: other.id, dueDate: new Date(now - day) }); // someone else's overdue

    const stats = (await call(statsHandler, { path: "/api/dashboard/stats", headers: me.headers })).body;
    const total = async (qs: string) => {
      const res = await call(listHandler, { path: `/api/tasks?${qs}`, headers: me.headers });
      expect(res.status).toBe(200);
      return res.body.total;
    };
    expect(stats).toMatchObject({ mineOpen: 2, overdue: 1, completedThisWeek: 2 });
    expect(await total(`mine=true&status=${ACTIVE}`)).toBe(stats.mineOpen);
    expect(await total(`mine=true&status=${ACTIVE}&dueOn=${dateKeyOf(new Date())}`)).toBe(stats.dueToday);
    expect(await total(`mine=true&status=${ACTIVE}&dueTo=${encodeURIComponent(new Date().toISOString())}`)).toBe(stats.overdue);
    expect(await total("status=completed&completedThisWeek=true")).toBe(stats.completedThisWeek);
  });

  it("400 names the field for a bad completedThisWeek value", async () => {
    const me = await person(testDb.prisma);
    const res = await call(listHandler, { path: "/api/tasks?completedThisWeek=maybe", headers: me.headers });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("completedThisWeek");
  });
});
