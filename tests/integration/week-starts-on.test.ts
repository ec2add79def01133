import type { Caller } from "@/lib/auth/resolve-caller";
import { WEEK_STARTS_ON } from "@/lib/dates";
import { getMemberProfile } from "@/lib/services/members/get-member-profile";
import { getDashboardStats } from "@/lib/services/tasks/get-dashboard-stats";
import { createPunchSession, createTask, createUnit, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

const callerOf = (user: { id: string; role: Caller["role"]; firstName: string; lastName: string; email: string }): Caller => ({
  userId: user.id,
  role: user.role,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  sessionId: null,
  via: "cookie",
  mustChangePassword: false,
});

describe("one week for every 'this week' (WEEK_STARTS_ON, default Monday)", () => {
  it("the dashboard's completed-this-week and a member's hours this week start on the same Monday", async () => {
    expect(WEEK_STARTS_ON).toBe(1);
    const db = testDb.prisma;
    const me = await createUser(db, { role: "staff" });
    const unit = await createUnit(db, {});
    // Wednesday 2026-03-11 12:00 in Chicago (CDT) = 17:00Z; the week began Monday 2026-03-09 00:00 CDT = 05:00Z.
    const at = new Date("2026-03-11T17:00:00Z");
    const sundayEvening = new Date("2026-03-09T01:00:00Z"); // Sun 20:00 CDT: last week
    const mondayMorning = new Date("2026-03-09T15:00:00Z"); // Mon 10:00 CDT: this week
    const done = { createdById: me.id, organizationalUnitId: unit.id, assigneeType: "user" as const, assigneeId: me.id, status: "completed" as const, completedById: me.id, dueDate: at };
    await createTask(db, { ...done, completedAt: sundayEvening });
    await createTask(db, { ...done, completedAt: mondayMorning });
    await createPunchSession(db, { userId: me.id, punchInAt: new Date(sundayEvening.getTime() - 3_600_000), punchOutAt: sundayEvening });
    await createPunchSession(db, { userId: me.id, punchInAt: mondayMorning, punchOutAt: new Date(mondayMorning.getTime() + 3_600_000) });

    const stats = await getDashboardStats(callerOf(me), at);
    expect(stats.completedThisWeek).toBe(1);

    const profile = await getMemberProfile(callerOf(me), me.id, at);
    expect(profile.hoursThisWeek).toEqual({ minutes: 60, weekStart: new Date("2026-03-09T05:00:00.000Z") });
  });
});
