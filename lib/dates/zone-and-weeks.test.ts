import { TZDate } from "@date-fns/tz";
import { businessWeekRange } from "./instants";
import { parseWeekStartsOn, weekdayName } from "./weeks";
import { dateKeyOf } from "./zone";

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
