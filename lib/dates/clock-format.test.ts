import { clockTime, formatShiftLength, formatWeekdayDate, zoneAbbreviation } from "./format";

describe("header widget formatting", () => {
  it("shows the business day, not the UTC day, around midnight", () => {
    // 03:30 UTC on Mar 4 is still Mar 3 in Chicago (CST, UTC-6).
    const at = Date.UTC(2026, 2, 4, 3, 30);
    expect(formatWeekdayDate(at, "America/Chicago")).toBe("Tue, Mar 3");
    expect(formatWeekdayDate(at, "UTC")).toBe("Wed, Mar 4");
    expect(clockTime(at, "America/Chicago")).toBe("9:30 PM");
  });

  it("handles leap days and the daylight-saving switch", () => {
    expect(formatWeekdayDate(Date.UTC(2028, 1, 29, 18), "America/Chicago")).toBe("Tue, Feb 29");
    expect(zoneAbbreviation(Date.UTC(2026, 0, 15, 18), "America/Chicago")).toBe("CST");
    expect(zoneAbbreviation(Date.UTC(2026, 6, 15, 18), "America/Chicago")).toBe("CDT");
  });

  it("formats 23:59 and midnight", () => {
    expect(clockTime(Date.UTC(2026, 6, 15, 4, 59), "America/Chicago")).toBe("11:59 PM");
    expect(clockTime(Date.UTC(2026, 6, 15, 5, 0), "America/Chicago")).toBe("12:00 AM");
  });

  it("formats shift lengths", () => {
    const start = Date.UTC(2026, 2, 3, 14, 0);
    expect(formatShiftLength(start, start)).toBe("0m");
    expect(formatShiftLength(start, start + 59_999)).toBe("0m");
    expect(formatShiftLength(start, start + 45 * 60_000)).toBe("45m");
    expect(formatShiftLength(start, start + 185 * 60_000)).toBe("3h 05m");
    expect(formatShiftLength(start, start - 60_000)).toBe("0m");
    expect(formatShiftLength(start, start + 25 * 3_600_000)).toBe("25h 00m");
  });
});
