/** @jest-environment jsdom */
import { forgetKeptMyShifts, KEPT_MY_SHIFTS_KEY, KEPT_MY_SHIFTS_MAX, keepMyShifts, keptShiftsFor, readKeptMyShifts } from "./kept-my-shifts";

const shift = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `s${i}`,
  startsAt: new Date(Date.UTC(2026, 11, 8 + i, 14)).toISOString(),
  endsAt: new Date(Date.UTC(2026, 11, 8 + i, 22, 30)).toISOString(),
  unitName: "Front desk",
  roleLabel: null,
  placeName: null,
  breakMinutes: 30,
  note: null,
  ...extra,
});

describe("kept my shifts", () => {
  beforeEach(() => localStorage.clear());

  it("keeps only the fields the screen shows, soonest first, capped", () => {
    const many = Array.from({ length: KEPT_MY_SHIFTS_MAX + 5 }, (_, i) => shift(KEPT_MY_SHIFTS_MAX + 4 - i, { memberName: "Ana Lee", status: "published" }));
    keepMyShifts("u1", many, 1000);
    const kept = readKeptMyShifts()!;
    expect(kept.userId).toBe("u1");
    expect(kept.at).toBe(1000);
    expect(kept.shifts).toHaveLength(KEPT_MY_SHIFTS_MAX);
    expect(kept.shifts[0]).toEqual(shift(0));
    expect(localStorage.getItem(KEPT_MY_SHIFTS_KEY)).not.toContain("Ana Lee");
  });

  it("shows them to the same person (or an unknown one offline), not another, and drops ended shifts", () => {
    keepMyShifts("u1", [shift(0), shift(1)], 1000);
    const kept = readKeptMyShifts();
    expect(keptShiftsFor(kept, "u2", 0)).toBeNull();
    expect(keptShiftsFor(kept, null, 0)!.shifts).toHaveLength(2);
    const afterFirst = Date.parse(shift(0).endsAt) + 1;
    expect(keptShiftsFor(kept, "u1", afterFirst)!.shifts.map((s) => s.id)).toEqual(["s1"]);
  });

  it("reads a broken or foreign record as nothing, and a sign-out forgets it", () => {
    localStorage.setItem(KEPT_MY_SHIFTS_KEY, "{not json");
    expect(readKeptMyShifts()).toBeNull();
    keepMyShifts(null, [shift(0)], 1);
    expect(readKeptMyShifts()!.shifts).toHaveLength(1);
    forgetKeptMyShifts();
    expect(readKeptMyShifts()).toBeNull();
  });
});
