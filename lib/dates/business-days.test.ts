import { addBusinessDays, exclusionReason, isBusinessDay, nextBusinessDay, previousBusinessDay, toBusinessDay } from "./business-days";
import { addDays, dayOfWeek } from "./days";
import { calendarName, holidaysOn, isValidCalendar, listCalendars, resolveCalendar } from "./holidays";
import { dateKeyOf } from "./zone";

describe("calendar codes", () => {
  it("knows countries, states and rejects the rest", () => {
    expect(isValidCalendar("US")).toBe(true);
    expect(isValidCalendar("us-tx")).toBe(true);
    expect(isValidCalendar("CA-ON")).toBe(true);
    expect(isValidCalendar("US-XX")).toBe(false);
    expect(isValidCalendar("ZZ")).toBe(false);
    expect(isValidCalendar("")).toBe(false);
    expect(isValidCalendar("US-TX-A-B")).toBe(false);
    expect(() => resolveCalendar("NOPE")).toThrow("Unknown holiday calendar");
  });

  it("falls back to the organization default (US) when empty", () => {
    expect(resolveCalendar(null)).toBe("US");
    expect(resolveCalendar(" ca-on ")).toBe("CA-ON");
  });

  it("names calendars and lists a country's states", () => {
    expect(calendarName("US")).toBe("United States of America");
    expect(calendarName("US-TX")).toMatch(/Texas/);
    const us = listCalendars("US");
    expect(us[0].code).toBe("US");
    expect(us.map((c) => c.code)).toContain("US-TX");
    expect(listCalendars("ZZ")).toEqual([]);
  });
});

describe("day arithmetic", () => {
  it("crosses month, year and leap-day ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(dayOfWeek("2026-11-23")).toBe(1);
    expect(() => addDays("2026-02-30", 1)).toThrow("Not a calendar day");
  });

  it("reads the business-zone day of an instant, not the UTC one", () => {
    // 03:00 UTC on the 24th is still the evening of the 23rd in Chicago.
    expect(dateKeyOf(new Date("2026-11-24T03:00:00Z"), "America/Chicago")).toBe("2026-11-23");
    expect(dateKeyOf(new Date("2026-11-24T06:00:00Z"), "America/Chicago")).toBe("2026-11-24");
  });
});

describe("holidays", () => {
  it("counts observed days: the 4th of July 2026 (a Saturday) is observed Friday the 3rd", () => {
    expect(holidaysOn("2026-07-03", "US")).toEqual(["Independence Day (substitute day)"]);
    expect(holidaysOn("2026-07-04", "US")).toEqual(["Independence Day"]);
    expect(isBusinessDay("2026-07-03", { calendar: "US" })).toBe(false);
    // A Sunday holiday is observed on Monday: Christmas 2022.
    expect(isBusinessDay("2022-12-26", { calendar: "US" })).toBe(false);
  });

  it("does not count observance or optional days", () => {
    expect(holidaysOn("2026-02-14", "US")).toEqual([]); // Valentine's Day
    expect(holidaysOn("2026-12-24", "US")).toEqual([]); // Christmas Eve is optional federally
    // ...but Christmas 2027 falls on a Saturday, so Friday the 24th is the observed holiday.
    expect(holidaysOn("2027-12-24", "US")).toEqual(["Christmas Day (substitute day)"]);
    expect(isBusinessDay("2026-10-31", { calendar: "US", excludeWeekends: false })).toBe(true); // Halloween
  });

  it("uses the state's own holidays", () => {
    expect(isBusinessDay("2026-11-27", { calendar: "US" })).toBe(true);
    expect(isBusinessDay("2026-11-27", { calendar: "US-TX" })).toBe(false); // Day after Thanksgiving
    expect(isBusinessDay("2027-08-02", { calendar: "CA-ON" })).toBe(true); // Ontario's Civic Holiday is optional
    expect(holidaysOn("2027-07-01", "CA-ON")).toEqual(["Canada Day"]);
  });

  it("explains an excluded day, the holiday first", () => {
    expect(exclusionReason("2026-07-04", { calendar: "US" })).toEqual({ kind: "holiday", label: "Independence Day" });
    expect(exclusionReason("2026-11-22", { calendar: "US" })).toEqual({ kind: "weekend", label: "Sunday" });
    expect(exclusionReason("2026-11-23", { calendar: "US" })).toBeNull();
    expect(exclusionReason("2026-07-04", { excludeHolidays: false, excludeWeekends: false })).toBeNull();
  });
});

describe("business days", () => {
  const us = { calendar: "US" };

  it("treats weekends and holidays as the options say", () => {
    expect(isBusinessDay("2026-11-21", { excludeWeekends: true, excludeHolidays: false })).toBe(false);
    expect(isBusinessDay("2026-11-21", { excludeWeekends: false, excludeHolidays: true, calendar: "US" })).toBe(true);
    expect(isBusinessDay("2026-11-26", { excludeWeekends: true, excludeHolidays: false })).toBe(true); // Thanksgiving
    expect(isBusinessDay("2026-11-26", us)).toBe(false);
  });

  it("moves off adjacent excluded days: Thanksgiving + the day after in Texas, then a weekend", () => {
    const tx = { calendar: "US-TX" };
    expect(nextBusinessDay("2026-11-25", tx)).toBe("2026-11-30");
    expect(previousBusinessDay("2026-11-30", tx)).toBe("2026-11-25");
    expect(toBusinessDay("2026-11-27", "next", tx)).toBe("2026-11-30");
    expect(toBusinessDay("2026-11-27", "previous", tx)).toBe("2026-11-25");
    expect(toBusinessDay("2026-11-25", "next", tx)).toBe("2026-11-25");
  });

  it("crosses year ends around New Year's Day", () => {
    // Jan 1 2028 is a Saturday; observed Friday Dec 31 2027.
    expect(isBusinessDay("2027-12-31", us)).toBe(false);
    expect(previousBusinessDay("2028-01-03", us)).toBe("2027-12-30");
    expect(nextBusinessDay("2027-12-30", us)).toBe("2028-01-03");
    expect(addBusinessDays("2026-12-31", 1, us)).toBe("2027-01-04"); // Jan 1 (Fri) holiday, then weekend
  });

  it("adds and subtracts business days", () => {
    expect(addBusinessDays("2026-11-20", 1, us)).toBe("2026-11-23"); // Friday + 1
    expect(addBusinessDays("2026-11-21", 1, us)).toBe("2026-11-23"); // Saturday + 1
    expect(addBusinessDays("2026-11-23", 5, us)).toBe("2026-12-01"); // skips Thanksgiving and the weekend
    expect(addBusinessDays("2026-12-01", -5, us)).toBe("2026-11-23");
    expect(addBusinessDays("2026-11-21", 0, us)).toBe("2026-11-23");
    expect(addBusinessDays("2026-11-23", 0, us)).toBe("2026-11-23");
    expect(addBusinessDays("2026-11-20", 2, { excludeWeekends: false, excludeHolidays: false })).toBe("2026-11-22");
    expect(() => addBusinessDays("2026-11-20", 1.5)).toThrow();
  });
});
