import { formatDay, formatDue } from "./format";

const ZONE = "America/Chicago";
const NOW = new Date("2026-11-26T15:00:00Z");

describe("formatDue", () => {
  it("shows a day of this year without its year, with the time unless it is the end of the day", () => {
    expect(formatDue("2026-11-24T23:00:00Z", ZONE, NOW)).toBe("Tue, Nov 24, 5:00 PM");
    expect(formatDue("2026-11-25T05:59:59Z", ZONE, NOW)).toBe("Tue, Nov 24");
  });

  it("adds the year for another year, so last year's overdue task does not read as this week's", () => {
    expect(formatDue("2024-11-30T01:59:00Z", ZONE, NOW)).toBe("Fri, Nov 29, 2024, 7:59 PM");
    expect(formatDue("2027-01-05T05:59:59Z", ZONE, NOW)).toBe("Mon, Jan 4, 2027");
  });

  it("reads the year in the business zone: New Year's Eve evening in Chicago is already January in UTC", () => {
    const newYearsEve = new Date("2027-01-01T03:00:00Z"); // Dec 31, 2026, 9 PM in Chicago
    expect(formatDue("2027-01-01T02:00:00Z", ZONE, newYearsEve)).toBe("Thu, Dec 31, 8:00 PM");
  });
});

describe("formatDay", () => {
  it("shows a day of this year without its year, and another year's with it", () => {
    expect(formatDay("2026-11-19", ZONE, NOW)).toBe("Thu, Nov 19");
    expect(formatDay("2030-05-20", ZONE, NOW)).toBe("Mon, May 20, 2030");
    expect(formatDay("2026-11-24T23:00:00Z", ZONE, NOW)).toBe("Tue, Nov 24");
    expect(formatDay("2025-03-03T18:00:00Z", ZONE, NOW)).toBe("Mon, Mar 3, 2025");
  });

  it("compares a plain day with today in the business zone", () => {
    const newYearsEve = new Date("2027-01-01T03:00:00Z"); // Dec 31, 2026, 9 PM in Chicago
    expect(formatDay("2026-12-31", ZONE, newYearsEve)).toBe("Thu, Dec 31");
    expect(formatDay("2027-01-01", ZONE, newYearsEve)).toBe("Fri, Jan 1, 2027");
  });
});
