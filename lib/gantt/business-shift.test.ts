import { addBusinessDaysBy, businessDayRule, businessDaysBetween } from "@/lib/dates/business-day-steps";
import { businessDayPredicate } from "@/lib/dates/business-days";
import { businessDatesAfter, businessDelta, businessLength, shiftByBusinessDays } from "./business-shift";
import { datesAfter } from "./timeline-model";

const ZONE = "America/Chicago";
/** December 2026 in Chicago is UTC-6: a day starts at 06:00Z and is due at 23:59 local. */
const start = (day: string) => `2026-12-${day}T06:00:00.000Z`;
const due = (day: string) => new Date(Date.parse(`2026-12-${day}T05:59:00.000Z`) + 86_400_000).toISOString();
const span = (a: string, b: string) => ({ startDate: start(a), dueDate: due(b) });

// Christmas 2026 is a Friday: Thu 24, [Fri 25 holiday, Sat 26, Sun 27], Mon 28.
const rule = businessDayRule(["2026-12-25"]);

describe("business-day stepping (lib/dates/business-day-steps)", () => {
  it("skips weekends and the given holidays, and counts business days both ways", () => {
    expect(addBusinessDaysBy("2026-12-24", 1, rule)).toBe("2026-12-28");
    expect(addBusinessDaysBy("2026-12-28", -1, rule)).toBe("2026-12-24");
    expect(addBusinessDaysBy("2026-12-26", 0, rule)).toBe("2026-12-28");
    expect(businessDaysBetween("2026-12-24", "2026-12-28", rule)).toBe(1);
    expect(businessDaysBetween("2026-12-28", "2026-12-24", rule)).toBe(-1);
    expect(businessDaysBetween("2026-12-26", "2026-12-28", rule)).toBe(1);
    expect(businessDaysBetween("2026-12-21", "2026-12-21", rule)).toBe(0);
    for (const n of [-7, -3, -1, 1, 2, 5, 12]) expect(businessDaysBetween("2026-12-22", addBusinessDaysBy("2026-12-22", n, rule), rule)).toBe(n);
  });

  it("the server's rule (the organization's calendar) is the same stepping over date-holidays", () => {
    const server = businessDayPredicate();
    expect(server("2026-12-25")).toBe(false); // Christmas Day (US)
    expect(server("2026-11-26")).toBe(false); // Thanksgiving (US)
    expect(server("2026-12-24")).toBe(true);
    expect(addBusinessDaysBy("2026-12-24", 1, server)).toBe("2026-12-28");
  });
});

describe("businessDatesAfter (drag on business days)", () => {
  it("a move keeps the length in business days and skips the weekend and the holiday", () => {
    const t = span("23", "24"); // Wed-Thu: one business day after the start
    expect(businessLength(t, rule, ZONE)).toBe(1);
    // Dropped one day later: starts Thu 24, due one business day later = Mon 28 (not Fri 25).
    expect(businessDatesAfter(t, "move", 1, rule, ZONE)).toEqual(span("24", "28"));
    // Dropped on the holiday: rolled on to Mon 28, due Tue 29.
    expect(businessDatesAfter(t, "move", 2, rule, ZONE)).toEqual(span("28", "29"));
    expect(businessDatesAfter(t, "move", 4, rule, ZONE)).toEqual(span("28", "29"));
  });

  it("a move to the left rolls back, past the holiday", () => {
    expect(businessDatesAfter(span("28", "29"), "move", -1, rule, ZONE)).toEqual(span("24", "28"));
    expect(businessDatesAfter(span("28", "29"), "move", -3, rule, ZONE)).toEqual(span("24", "28"));
    expect(businessDatesAfter(span("28", "29"), "move", -4, rule, ZONE)).toEqual(span("24", "28"));
    expect(businessDatesAfter(span("28", "29"), "move", -5, rule, ZONE)).toEqual(span("23", "24"));
  });

  it("Alt (exact calendar days) is datesAfter: it may land on the holiday", () => {
    expect(datesAfter(span("23", "24"), "move", 2, ZONE)).toEqual(span("25", "26"));
  });

  it("a resize moves one end onto a business day and never past the other", () => {
    expect(businessDatesAfter(span("22", "24"), "end", 1, rule, ZONE)).toEqual(span("22", "28"));
    expect(businessDatesAfter(span("22", "24"), "end", 3, rule, ZONE)).toEqual(span("22", "28"));
    expect(businessDatesAfter(span("22", "28"), "end", -1, rule, ZONE)).toEqual(span("22", "24"));
    expect(businessDatesAfter(span("22", "28"), "end", -9, rule, ZONE)).toEqual(span("22", "22"));
    expect(businessDatesAfter(span("21", "28"), "start", 4, rule, ZONE)).toEqual(span("28", "28"));
    expect(businessDatesAfter(span("21", "24"), "start", 4, rule, ZONE)).toEqual(span("24", "24"));
    expect(businessDatesAfter(span("28", "29"), "start", -2, rule, ZONE)).toEqual(span("24", "29"));
  });

  it("a milestone moves onto a business day; no move is no change", () => {
    expect(businessDatesAfter({ startDate: null, dueDate: due("24") }, "move", 1, rule, ZONE)).toEqual({ startDate: null, dueDate: due("28") });
    expect(businessDatesAfter({ startDate: null, dueDate: due("28") }, "move", -1, rule, ZONE)).toEqual({ startDate: null, dueDate: due("24") });
    expect(businessDatesAfter(span("23", "24"), "move", 0, rule, ZONE)).toEqual(span("23", "24"));
  });

  it("keeps the time of day across the end of daylight saving time", () => {
    // Fri Oct 30 (UTC-5) moved one day: Saturday rolls on to Monday Nov 2 (UTC-6), still 00:00 and 23:59 local.
    const t = { startDate: "2026-10-30T05:00:00.000Z", dueDate: "2026-10-31T04:59:00.000Z" };
    expect(businessDatesAfter(t, "move", 1, rule, ZONE)).toEqual({ startDate: "2026-11-02T06:00:00.000Z", dueDate: "2026-11-03T05:59:00.000Z" });
  });
});

describe("shiftByBusinessDays and businessDelta (shift successors)", () => {
  it("the successors move by the business days the due date moved, keeping their length", () => {
    // The predecessor's due date went from Thu Dec 24 to Mon Dec 28: one business day.
    expect(businessDelta(due("24"), due("28"), rule, ZONE)).toBe(1);
    expect(businessDelta(due("28"), due("24"), rule, ZONE)).toBe(-1);
    // Fri 18 - Mon 21 (one business day long) by 3: Wed 23 - Thu 24; by 4: Thu 24 - Mon 28.
    expect(shiftByBusinessDays(span("18", "21"), 3, rule, ZONE)).toEqual(span("23", "24"));
    expect(shiftByBusinessDays(span("18", "21"), 4, rule, ZONE)).toEqual(span("24", "28"));
    expect(shiftByBusinessDays(span("24", "28"), -4, rule, ZONE)).toEqual(span("18", "21"));
  });

  it("a successor that sat on a weekend lands on business days", () => {
    expect(shiftByBusinessDays(span("19", "20"), 1, rule, ZONE)).toEqual(span("21", "21"));
    expect(shiftByBusinessDays({ startDate: null, dueDate: due("26") }, 1, rule, ZONE)).toEqual({ startDate: null, dueDate: due("28") });
  });
});
