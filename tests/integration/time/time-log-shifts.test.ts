/**
 * The time card's day view shows each day's published shift beside the punches
 * (docs/schedules.md "Attendance"): GET /api/time/logs answers them per day, drafts and open
 * shifts left out.
 */
import { GET as logsHandler } from "@/app/api/time/logs/route";
import { shiftBeside } from "@/lib/schedule/attendance";
import type { TimeLog } from "@/lib/validations/time";
import { createPunchSession, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { at } from "../alerts/fixtures";

const testDb = useTestDatabase();

it("lists the member's published shifts on the day each starts, a night on its first day", async () => {
  const db = testDb.prisma;
  const admin = await createUser(db, { role: "admin" });
  const staff = await createUser(db);
  const unit = await createUnit(db, { name: "Front office" });
  await db.punchStation.create({ data: { location: "front-desk-1", name: "Front desk" } });
  const shift = (userId: string | null, startsAt: Date, endsAt: Date, extra: { status?: "draft" | "published"; roleLabel?: string; punchLocation?: string } = {}) =>
    db.shift.create({ data: { unitId: unit.id, userId, startsAt, endsAt, status: extra.status ?? "published", roleLabel: extra.roleLabel, punchLocation: extra.punchLocation, createdById: admin.id } });
  const day = await shift(staff.id, at("2026-11-17", "08:00"), at("2026-11-17", "16:30"), { roleLabel: "Receptionist", punchLocation: "front-desk-1" });
  const night = await shift(staff.id, at("2026-11-18", "22:00"), at("2026-11-19", "06:00"));
  await shift(staff.id, at("2026-11-20", "08:00"), at("2026-11-20", "12:00"), { status: "draft" });
  await shift(null, at("2026-11-20", "13:00"), at("2026-11-20", "17:00"));
  await createPunchSession(db, { userId: staff.id, punchInAt: at("2026-11-17", "07:58"), punchOutAt: at("2026-11-17", "16:31") });

  const res = await call(logsHandler, { path: "/api/time/logs?range=week&date=2026-11-17", headers: await signIn(staff) });
  expect(res.status).toBe(200);
  const days = new Map<string, TimeLog["days"][number]>((res.body as TimeLog).days.map((d) => [d.date, d]));
  expect(days.get("2026-11-17")!.shifts).toEqual([{ id: day.id, startsAt: day.startsAt.toISOString(), endsAt: day.endsAt.toISOString(), roleLabel: "Receptionist", placeName: "Front desk", unitName: "Front office" }]);
  expect(days.get("2026-11-17")!.punches).toHaveLength(1);
  expect(days.get("2026-11-18")!.shifts.map((s) => s.id)).toEqual([night.id]);
  expect(days.get("2026-11-19")!.shifts).toEqual([]);
  expect(days.get("2026-11-20")!.shifts).toEqual([]);
  expect(shiftBeside(days.get("2026-11-17")!.shifts[0])).toBe("Shift 8:00–4:30 · Receptionist at Front desk");
  expect(shiftBeside({ ...night, roleLabel: null, placeName: null, unitName: "Front office" })).toBe("Shift 10:00 PM–6:00 AM · Front office");
});
