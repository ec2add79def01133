import { firstShiftByDay, punchCovers, shiftBeside, shiftForPunchIn } from "./attendance";

const t = (iso: string) => new Date(iso);
// 2026-11-18 is CST (UTC−6): 08:00 local is 14:00Z.
const shift = { userId: "u1", startsAt: t("2026-11-18T14:00:00Z"), endsAt: t("2026-11-18T22:30:00Z") };

describe("attendance against the schedule", () => {
  it("a punch covers a shift when it was open at some instant of it (half-open at both ends)", () => {
    expect(punchCovers({ punchInAt: t("2026-11-18T13:55:00Z"), punchOutAt: null }, shift.startsAt, shift.endsAt)).toBe(true);
    expect(punchCovers({ punchInAt: t("2026-11-18T10:00:00Z"), punchOutAt: t("2026-11-18T14:00:00Z") }, shift.startsAt, shift.endsAt)).toBe(false);
    expect(punchCovers({ punchInAt: t("2026-11-18T22:30:00Z"), punchOutAt: null }, shift.startsAt, shift.endsAt)).toBe(false);
    expect(punchCovers({ punchInAt: t("2026-11-18T22:29:00Z"), punchOutAt: t("2026-11-18T23:00:00Z") }, shift.startsAt, shift.endsAt)).toBe(true);
  });

  it("a punch-in counts for a shift from N minutes before its start until its end", () => {
    expect(shiftForPunchIn(t("2026-11-18T13:31:00Z"), [shift], 30)).toBe(shift);
    expect(shiftForPunchIn(t("2026-11-18T13:30:00Z"), [shift], 30)).toBe(shift);
    expect(shiftForPunchIn(t("2026-11-18T13:29:00Z"), [shift], 30)).toBeNull();
    expect(shiftForPunchIn(t("2026-11-18T22:30:00Z"), [shift], 30)).toBeNull();
  });

  it("keeps each member's earliest shift of a business-zone day; open shifts are nobody's", () => {
    const late = { userId: "u1", startsAt: t("2026-11-18T19:00:00Z"), endsAt: t("2026-11-18T23:00:00Z") };
    // 23:00 local on the 18th is 05:00Z on the 19th: still the 18th's shift.
    const night = { userId: "u2", startsAt: t("2026-11-19T05:00:00Z"), endsAt: t("2026-11-19T13:00:00Z") };
    const open = { userId: null, startsAt: t("2026-11-18T12:00:00Z"), endsAt: t("2026-11-18T16:00:00Z") };
    const first = firstShiftByDay([late, night, open, shift]);
    expect([...first.keys()].sort()).toEqual(["u1|2026-11-18", "u2|2026-11-18"]);
    expect(first.get("u1|2026-11-18")).toBe(shift);
  });

  it("reads as the time card writes it", () => {
    expect(shiftBeside({ ...shift, roleLabel: "Front desk", placeName: null, unitName: "Front office" })).toBe("Shift 8:00–4:30 · Front desk");
    expect(shiftBeside({ ...shift, roleLabel: null, placeName: "Main door", unitName: "Front office" })).toBe("Shift 8:00–4:30 · Front office at Main door");
  });
});
