/**
 * What a manager sees coming (docs/alerts.md, docs/time.md): nearing daily or weekly overtime, and
 * a required meal due soon, for members on the clock under the rules of their day. N is minutes
 * left; each kind is quiet at N + 1 minutes left and fires at N − 1.
 */
import { findConditions } from "@/lib/services/alerts/findings";
import { createPunchSession, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { at, MINUTE } from "./fixtures";

const testDb = useTestDatabase();

const find = (kind: string, threshold: number, userIds: string[], now: Date) =>
  findConditions(testDb.prisma, { kind, params: { threshold }, scope: "members", scopeUnitId: null, scopeUserIds: userIds }, now);
const plus = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);

/** A member whose department follows `preset`. */
async function memberIn(preset: string) {
  const user = await createUser(testDb.prisma);
  const unit = await testDb.prisma.organizationalUnit.create({ data: { name: `Rules ${preset} ${Math.random()}`, jurisdiction: preset } });
  await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: user.id } });
  return user;
}

describe("overtime_near_daily", () => {
  it("California (over 8 h a day): quiet with 31 minutes left, fires with 29 left (N = 30); none under federal rules", async () => {
    const member = await memberIn("california");
    const start = at("2026-11-18", "07:00");
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: start, punchOutAt: null });
    // 8 h threshold: at 14:29 worked 449 min → 31 left; at 14:31 → 29 left.
    expect(await find("overtime_near_daily", 30, [member.id], plus(start, 8 * 60 - 31))).toHaveLength(0);
    const fired = await find("overtime_near_daily", 30, [member.id], plus(start, 8 * 60 - 29));
    expect(fired.map((f) => [f.subjectType, f.subjectId, f.occurrence])).toEqual([["member", member.id, "day:2026-11-18"]]);
    expect(fired[0].message).toBe("29 min of work left before daily overtime (8 h)");
    // Over the threshold it is overtime, no longer "near".
    expect(await find("overtime_near_daily", 30, [member.id], plus(start, 8 * 60 + 1))).toHaveLength(0);

    const federal = await memberIn("federal");
    await createPunchSession(testDb.prisma, { userId: federal.id, punchInAt: start, punchOutAt: null });
    expect(await find("overtime_near_daily", 30, [federal.id], plus(start, 8 * 60 - 29))).toHaveLength(0);
  });
});

describe("overtime_near_weekly", () => {
  it("federal (40 h a week): quiet with N + 1 minutes of regular time left, fires with N − 1", async () => {
    const member = await memberIn("federal");
    // Mon–Thu 2026-11-16..19, 9 h each = 36 h; Friday on the clock from 08:00 → 4 h left.
    for (const d of ["16", "17", "18", "19"]) {
      await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: at(`2026-11-${d}`, "08:00"), punchOutAt: at(`2026-11-${d}`, "17:00") });
    }
    const friday = at("2026-11-20", "08:00");
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: friday, punchOutAt: null });
    expect(await find("overtime_near_weekly", 60, [member.id], plus(friday, 4 * 60 - 61))).toHaveLength(0);
    const fired = await find("overtime_near_weekly", 60, [member.id], plus(friday, 4 * 60 - 59));
    expect(fired.map((f) => f.occurrence)).toEqual(["week:2026-11-16"]);
    expect(fired[0].message).toBe("59 min of regular time left this week before overtime (40 h)");
  });
});

describe("break_due", () => {
  it("Illinois (a 20-minute meal begun by 5 h of work): quiet at N + 1 minutes before the deadline, fires at N − 1, quiet after a meal", async () => {
    const member = await memberIn("illinois");
    const start = at("2026-11-18", "08:00");
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: start, punchOutAt: null });
    expect(await find("break_due", 15, [member.id], plus(start, 5 * 60 - 16))).toHaveLength(0);
    const fired = await find("break_due", 15, [member.id], plus(start, 5 * 60 - 14));
    expect(fired[0].message).toBe("A 20-minute meal is due within 14 min of work (Illinois)");

    // Another member who took a 20-minute lunch at 11:00 is not alerted.
    const fed = await memberIn("illinois");
    await createPunchSession(testDb.prisma, { userId: fed.id, punchInAt: start, punchOutAt: at("2026-11-18", "11:00"), outReason: "Lunch" });
    const back = at("2026-11-18", "11:20");
    await createPunchSession(testDb.prisma, { userId: fed.id, punchInAt: back, punchOutAt: null });
    expect(await find("break_due", 15, [fed.id], plus(back, 2 * 60 - 14))).toHaveLength(0);
  });

  it("no meal rule with a deadline (federal, New York): never", async () => {
    const member = await memberIn("new_york");
    const start = at("2026-11-18", "08:00");
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: start, punchOutAt: null });
    expect(await find("break_due", 60, [member.id], plus(start, 5 * 60 + 30))).toHaveLength(0);
  });
});
