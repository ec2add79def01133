import { combineDayAndTime, splitInstant } from "./day-time";
import { businessDayRange } from "@/lib/dates/instants";
import { dueTimeOf } from "@/lib/dates";

const CHICAGO = "America/Chicago";

describe("combineDayAndTime (business zone -> UTC)", () => {
  it("a blank due time is the end of the day, 23:59:59.999 local", () => {
    expect(combineDayAndTime("2026-11-24", null, "due", CHICAGO).toISOString()).toBe("2026-11-25T05:59:59.999Z");
  });
  it("a blank start time is 00:00 local", () => {
    expect(combineDayAndTime("2026-11-24", null, "start", CHICAGO).toISOString()).toBe("2026-11-24T06:00:00.000Z");
  });
  it("a time is taken in the business zone, summer and winter", () => {
    expect(combineDayAndTime("2026-07-01", 17 * 60, "due", CHICAGO).toISOString()).toBe("2026-07-01T22:00:00.000Z");
    expect(combineDayAndTime("2026-01-15", 17 * 60, "due", CHICAGO).toISOString()).toBe("2026-01-15T23:00:00.000Z");
    expect(combineDayAndTime("2026-01-15", 0, "due", CHICAGO).toISOString()).toBe("2026-01-15T06:00:00.000Z");
    expect(combineDayAndTime("2026-01-15", 1439, "due", CHICAGO).toISOString()).toBe("2026-01-16T05:59:00.000Z");
  });
  it("handles leap days, month ends and another zone", () => {
    expect(combineDayAndTime("2028-02-29", null, "due", CHICAGO).toISOString()).toBe("2028-03-01T05:59:59.999Z");
    expect(combineDayAndTime("2026-12-31", 30, "start", "Asia/Tokyo").toISOString()).toBe("2026-12-30T15:30:00.000Z");
    expect(combineDayAndTime("2026-01-31", null, "due", "UTC").toISOString()).toBe("2026-01-31T23:59:59.999Z");
  });
  it("rejects a malformed day", () => {
    expect(() => combineDayAndTime("11/24/2026", null, "due", CHICAGO)).toThrow("Not a calendar day");
  });
});

describe("splitInstant / dueTimeOf (UTC -> form fields)", () => {
  it("gives back the blank time for end-of-day due dates and midnight starts", () => {
    expect(splitInstant("2026-11-25T05:59:59.999Z", "due", CHICAGO)).toEqual({ day: "2026-11-24", minutes: null });
    expect(splitInstant("2026-11-24T06:00:00.000Z", "start", CHICAGO)).toEqual({ day: "2026-11-24", minutes: null });
    expect(dueTimeOf("2026-11-25T05:59:59.999Z", CHICAGO)).toBeNull();
  });
  it("keeps a chosen 23:59 (seconds 0) and midnight due time", () => {
    expect(splitInstant("2026-01-16T05:59:00.000Z", "due", CHICAGO)).toEqual({ day: "2026-01-15", minutes: 1439 });
    expect(dueTimeOf("2026-01-16T05:59:00.000Z", CHICAGO)).toBe("23:59");
    expect(dueTimeOf("2026-01-15T06:00:00.000Z", CHICAGO)).toBe("00:00");
  });
  it("round-trips combine -> split across DST changes", () => {
    for (const day of ["2026-03-08", "2026-11-01", "2026-06-30", "2028-02-29"]) {
      for (const minutes of [null, 0, 90, 17 * 60 + 5, 1439]) {
        const due = combineDayAndTime(day, minutes, "due", CHICAGO);
        expect(splitInstant(due, "due", CHICAGO)).toEqual({ day, minutes });
      }
    }
  });
  it("is empty for no value", () => {
    expect(splitInstant(null, "start", CHICAGO)).toEqual({ day: "", minutes: null });
  });
  // dueTimeOf reads the clock through a cached Intl formatter, splitInstant through a TZDate: the
  // same answer for any instant (whole seconds around DST changes, end-of-day dues, random ones).
  it("gives dueTimeOf the due time splitInstant reads, in any zone and across DST", () => {
    const zones = [CHICAGO, "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
    const fromSplit = (value: Date, zone: string) => {
      const { minutes } = splitInstant(value, "due", zone);
      return minutes === null ? null : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    };
    const instants = [
      ...["2026-03-08", "2026-11-01", "2026-03-29", "2026-10-25", "2026-04-05"].flatMap((day) =>
        Array.from({ length: 96 }, (_, i) => new Date(Date.parse(`${day}T00:00:00Z`) + i * 30 * 60_000 + (i % 3) * 59_999)),
      ),
      ...Array.from({ length: 2000 }, (_, i) => new Date(Date.UTC(2020, 0, 1) + ((i * 7_919_993_311) % (10 * 365 * 86_400_000)))),
    ];
    for (const zone of zones) {
      for (const day of ["2026-03-08", "2026-11-01", "2026-07-04"]) instants.push(combineDayAndTime(day, null, "due", zone));
      for (const instant of instants) expect([zone, instant.toISOString(), dueTimeOf(instant, zone)]).toEqual([zone, instant.toISOString(), fromSplit(instant, zone)]);
    }
  });
});

describe("business day range", () => {
  it("today in Chicago runs from local midnight to local midnight", () => {
    const { start, end } = businessDayRange(new Date("2026-11-24T03:00:00Z"), CHICAGO); // 21:00 on the 23rd in Chicago
    expect(start.toISOString()).toBe("2026-11-23T06:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-24T06:00:00.000Z");
  });
});
