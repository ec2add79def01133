import { hoursLevel, movedTimes, parseCellKey, cellKey } from "./week-grid";
import { todayAndNext, yourShiftLine } from "./today";
import { formatScheduledHours, minutesByMember, parseShiftTime, scheduledMinutes, shiftTimeProblem } from "./shift-times";
import { shiftSpan } from "./format";

describe("shift times", () => {
  it("reads wall clocks in the business zone and instants with offsets", () => {
    expect(parseShiftTime("2026-12-07T08:00")?.toISOString()).toBe("2026-12-07T14:00:00.000Z");
    expect(parseShiftTime("2026-07-07T08:00")?.toISOString()).toBe("2026-07-07T13:00:00.000Z");
    expect(parseShiftTime("2026-12-07T08:00:00Z")?.toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(parseShiftTime("2026-12-07T08:00:00-06:00")?.toISOString()).toBe("2026-12-07T14:00:00.000Z");
  });
  it.each(["", "2026-12-07", "2026-13-01T08:00", "2026-02-29T08:00", "2026-12-07T24:00", "1999-12-31T23:00", "2101-01-01T00:00", "tomorrow"])("refuses %j", (value) => {
    expect(parseShiftTime(value)).toBeNull();
  });
  it("takes leap days", () => expect(parseShiftTime("2028-02-29T08:00")).not.toBeNull());
  it("names the field of a bad shift", () => {
    const at = (h: number) => new Date(Date.UTC(2030, 0, 1, h));
    expect(shiftTimeProblem(at(8), at(8), 0)?.field).toBe("endsAt");
    expect(shiftTimeProblem(at(8), at(7), 0)?.field).toBe("endsAt");
    expect(shiftTimeProblem(at(0), new Date(Date.UTC(2030, 0, 2, 0, 1)), 0)?.field).toBe("endsAt");
    expect(shiftTimeProblem(at(0), new Date(Date.UTC(2030, 0, 2, 0, 0)), 0)).toBeNull();
    expect(shiftTimeProblem(at(8), at(9), 60)?.field).toBe("breakMinutes");
  });
  it("counts paid minutes across a DST night and per member", () => {
    const night = { startsAt: "2026-11-01T03:00:00.000Z", endsAt: "2026-11-01T12:00:00.000Z", breakMinutes: 30 };
    expect(scheduledMinutes(night)).toBe(510);
    expect(minutesByMember([{ ...night, userId: "a" }, { ...night, userId: "a" }, { ...night, userId: null }]).get("a")).toBe(1020);
    expect(formatScheduledHours(2250)).toBe("37h 30m");
    expect(formatScheduledHours(2400)).toBe("40h");
  });
});

describe("the week grid", () => {
  it("moves a shift to another day keeping its wall clock, also over a DST change", () => {
    // Sat Oct 31 2026 22:00 CDT to Sun 06:00 CST, moved to Fri Oct 30: 22:00 to 06:00.
    expect(movedTimes({ startsAt: "2026-11-01T03:00:00.000Z", endsAt: "2026-11-01T12:00:00.000Z" }, "2026-10-30")).toEqual({
      startsAt: "2026-10-30T22:00",
      endsAt: "2026-10-31T06:00",
    });
    expect(movedTimes({ startsAt: "2026-12-07T14:00:00.000Z", endsAt: "2026-12-07T22:30:00.000Z" }, "2026-12-09")).toEqual({ startsAt: "2026-12-09T08:00", endsAt: "2026-12-09T16:30" });
  });
  it("round-trips a cell key", () => expect(parseCellKey(cellKey("u", "open", "2026-12-07"))).toEqual({ unitId: "u", row: "open", day: "2026-12-07" }));
  it("warns near and past the overtime threshold", () => {
    expect(hoursLevel(1920, 2400)).toBe("ok");
    expect(hoursLevel(1921, 2400)).toBe("near");
    expect(hoursLevel(2400, 2400)).toBe("near");
    expect(hoursLevel(2401, 2400)).toBe("over");
    expect(hoursLevel(9999, null)).toBe("ok");
  });
  it("writes a day shift as the whiteboard does and a night with its halves", () => {
    expect(shiftSpan("2026-12-07T14:00:00.000Z", "2026-12-07T22:30:00.000Z")).toBe("8:00–4:30");
    expect(shiftSpan("2026-12-08T04:00:00.000Z", "2026-12-08T12:00:00.000Z")).toBe("10:00 PM–6:00 AM");
  });
});

describe("today's shift and the next", () => {
  const s = (startsAt: string, endsAt: string) => ({ startsAt, endsAt, placeName: "Front desk" });
  it("takes the first shift as today's when it started today (or is still running from yesterday)", () => {
    const a = s("2026-12-07T14:00:00.000Z", "2026-12-07T22:30:00.000Z");
    const b = s("2026-12-08T14:00:00.000Z", "2026-12-08T22:30:00.000Z");
    expect(todayAndNext([a, b], "2026-12-07")).toEqual({ today: a, next: b });
    expect(todayAndNext([b], "2026-12-07")).toEqual({ today: null, next: b });
    expect(todayAndNext([], "2026-12-07")).toEqual({ today: null, next: null });
    expect(yourShiftLine(a)).toBe("Your shift: 8:00–4:30 at Front desk");
  });
});
