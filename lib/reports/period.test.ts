import { dayRange, periodRange } from "./period";

const TZ = "America/Chicago";

describe("periodRange (business time zone)", () => {
  // Sunday 2026-11-22 23:30 in Chicago is Monday 05:30 UTC.
  const sundayLate = new Date("2026-11-23T05:30:00Z");

  it("puts 23:30 Sunday Chicago in the week that began on Monday the 16th", () => {
    const r = periodRange("this-week", sundayLate, TZ, 1);
    expect(r.start.toISOString()).toBe("2026-11-16T06:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-11-23T06:00:00.000Z");
    expect(sundayLate >= r.start && sundayLate < r.end).toBe(true);
  });

  it("last week and the week before it", () => {
    const r = periodRange("last-week", new Date("2026-11-23T12:00:00Z"), TZ, 1);
    expect(r.start.toISOString()).toBe("2026-11-16T06:00:00.000Z");
    expect(r.previous.start.toISOString()).toBe("2026-11-09T06:00:00.000Z");
  });

  it("months across a DST change", () => {
    const r = periodRange("last-month", new Date("2026-11-23T12:00:00Z"), TZ, 1);
    expect(r.start.toISOString()).toBe("2026-10-01T05:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-11-01T05:00:00.000Z");
    const t = periodRange("this-month", new Date("2026-11-23T12:00:00Z"), TZ, 1);
    expect(t.end.toISOString()).toBe("2026-12-01T06:00:00.000Z");
  });

  it("dayRange covers whole business days", () => {
    const r = dayRange("2026-11-01", "2026-11-30", TZ);
    expect(r.start.toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-12-01T06:00:00.000Z");
  });
});
