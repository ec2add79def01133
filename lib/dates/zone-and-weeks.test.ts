import { TZDate } from "@date-fns/tz";
import { addMonths, dateColumnOf, dateKeyOfDateColumn, monthStart } from "./days";
import { businessWeekRange, shiftInstantDays } from "./instants";
import { parseWeekStartsOn, weekdayName } from "./weeks";
import { businessToday, dateKeyOf } from "./zone";

const CHICAGO = "America/Chicago";

describe("parseWeekStartsOn (WEEK_STARTS_ON)", () => {
  it("defaults to Monday", () => {
    expect(parseWeekStartsOn(undefined)).toBe(1);
    expect(parseWeekStartsOn("")).toBe(1);
    expect(parseWeekStartsOn("  ")).toBe(1);
  });
  it("reads day names in any case and 0-6", () => {
    expect(parseWeekStartsOn("Sunday")).toBe(0);
    expect(parseWeekStartsOn("MONDAY")).toBe(1);
    expect(parseWeekStartsOn("saturday")).toBe(6);
    expect(parseWeekStartsOn("0")).toBe(0);
    expect(parseWeekStartsOn("6")).toBe(6);
  });
  it("refuses anything else", () => {
    expect(parseWeekStartsOn("7")).toBeNull();
    expect(parseWeekStartsOn("mon")).toBeNull();
    expect(parseWeekStartsOn("-1")).toBeNull();
  });
  it("names days", () => {
    expect(weekdayName(1)).toBe("Monday");
    expect(weekdayName(0)).toBe("Sunday");
  });
});

describe("businessWeekRange", () => {
  it("starts on Monday by default (business zone)", () => {
    const { start, end } = businessWeekRange(new Date("2026-11-25T18:00:00Z"), CHICAGO); // Wednesday
    expect(start.toISOString()).toBe("2026-11-23T06:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-30T06:00:00.000Z");
  });
  it("starts on Sunday when told", () => {
    const { start, end } = businessWeekRange(new Date("2026-11-25T18:00:00Z"), CHICAGO, 0);
    expect(start.toISOString()).toBe("2026-11-22T06:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-29T06:00:00.000Z");
  });
  it("a Sunday evening belongs to the week that began the Monday before", () => {
    const { start } = businessWeekRange(new Date("2026-11-30T04:30:00Z"), CHICAGO); // Sun 22:30 CST
    expect(start.toISOString()).toBe("2026-11-23T06:00:00.000Z");
  });
  it("Monday 00:00 local is the first instant of its week", () => {
    const { start } = businessWeekRange(new Date("2026-11-30T06:00:00Z"), CHICAGO);
    expect(start.toISOString()).toBe("2026-11-30T06:00:00.000Z");
  });
  it("a week across the DST change is 7 local days, not 168 hours", () => {
    const { start, end } = businessWeekRange(new Date("2026-03-11T17:00:00Z"), CHICAGO); // DST began Sun 2026-03-08
    expect(start.toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-16T05:00:00.000Z");
    const autumn = businessWeekRange(new Date("2026-10-28T17:00:00Z"), CHICAGO); // DST ended Sun 2026-11-01
    expect(autumn.start.toISOString()).toBe("2026-10-26T05:00:00.000Z");
    expect(autumn.end.toISOString()).toBe("2026-11-02T06:00:00.000Z");
  });
});

describe("dateKeyOf", () => {
  it("agrees with a TZDate on both sides of every DST change, in several zones", () => {
    for (const zone of ["America/Chicago", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata"]) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000 * 17) {
        const local = new TZDate(t, zone);
        const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
        expect(dateKeyOf(t, zone)).toBe(expected);
      }
    }
  });
  it("zero-pads years before 1000", () => {
    expect(dateKeyOf(new Date("0052-06-01T12:00:00Z"), "UTC")).toBe("0052-06-01");
  });
});

describe("businessToday, and the days of DATE columns", () => {
  it("today is the business zone's day, not the UTC day, on a Sunday evening and on New Year's Eve", () => {
    expect(businessToday(new Date("2026-12-07T03:17:00Z"), "America/Chicago")).toBe("2026-12-06");
    expect(businessToday(new Date("2027-01-01T05:30:00Z"), "America/Chicago")).toBe("2026-12-31");
  });
  it("a DATE column's value is its UTC midnight, both ways", () => {
    expect(dateKeyOfDateColumn(new Date("2026-03-08T00:00:00Z"))).toBe("2026-03-08");
    expect(dateColumnOf("2028-02-29").toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(() => dateColumnOf("2026-02-30")).toThrow("Not a calendar day");
  });
});

describe("months of days", () => {
  it("monthStart, and addMonths clamping the 29th-31st to a shorter month's last day", () => {
    expect(monthStart("2026-12-31")).toBe("2026-12-01");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonths("2026-03-31", -13)).toBe("2025-02-28");
  });
});

describe("shiftInstantDays", () => {
  it("keeps the local time of day across a DST change (a calendar day is 23 or 25 hours there)", () => {
    expect(shiftInstantDays("2026-03-07T15:00:00Z", 1, "America/Chicago").toISOString()).toBe("2026-03-08T14:00:00.000Z");
    expect(shiftInstantDays("2026-11-01T14:00:00Z", -1, "America/Chicago").toISOString()).toBe("2026-10-31T13:00:00.000Z");
    expect(shiftInstantDays("2026-10-31T14:00:00Z", 1, "America/Chicago").toISOString()).toBe("2026-11-01T15:00:00.000Z");
  });
});
