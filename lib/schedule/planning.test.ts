import { availabilityProblem, blocksOn, blocksProblem, daySegments, type AvailabilityBlock } from "./availability";
import { shiftConflicts, type WeekContext } from "./conflicts";
import { parseShiftTime } from "./shift-times";
import { templateTimesOf, wallTimesOn } from "./templates";

const at = (wall: string) => parseShiftTime(wall)!.toISOString();

describe("template times", () => {
  it("reads a day shift and lays it on another day", () => {
    const t = templateTimesOf({ startsAt: at("2026-12-14T08:00"), endsAt: at("2026-12-14T16:30") });
    expect(t).toEqual({ weekday: 1, startMinute: 480, lengthMinutes: 510 });
    expect(wallTimesOn("2026-12-21", t)).toEqual({ startsAt: "2026-12-21T08:00", endsAt: "2026-12-21T16:30" });
  });

  it("keeps a night's wall clock across a DST change (9 h real on the fall-back night)", () => {
    const t = templateTimesOf({ startsAt: at("2026-10-24T22:00"), endsAt: at("2026-10-25T06:00") });
    expect(t).toEqual({ weekday: 6, startMinute: 1320, lengthMinutes: 480 });
    const laid = wallTimesOn("2026-10-31", t);
    expect(laid).toEqual({ startsAt: "2026-10-31T22:00", endsAt: "2026-11-01T06:00" });
    expect((parseShiftTime(laid.endsAt)!.getTime() - parseShiftTime(laid.startsAt)!.getTime()) / 3_600_000).toBe(9);
  });

  it("reads a shift ending at midnight and a 24-hour one", () => {
    expect(templateTimesOf({ startsAt: at("2026-12-14T16:00"), endsAt: at("2026-12-15T00:00") })).toMatchObject({ startMinute: 960, lengthMinutes: 480 });
    expect(wallTimesOn("2026-12-14", { startMinute: 960, lengthMinutes: 480 })).toEqual({ startsAt: "2026-12-14T16:00", endsAt: "2026-12-15T00:00" });
    expect(templateTimesOf({ startsAt: at("2026-12-14T08:00"), endsAt: at("2026-12-15T08:00") })).toMatchObject({ lengthMinutes: 1440 });
  });
});

describe("availability", () => {
  const weekly: AvailabilityBlock[] = [
    { weekday: 1, from: "08:00", to: "12:00", kind: "available" },
    { weekday: 1, from: "12:00", to: "17:00", kind: "preferred" },
    { weekday: 2, from: "00:00", to: "24:00", kind: "unavailable" },
    { weekday: 3, from: "18:00", to: "24:00", kind: "unavailable" },
  ];
  const blocks = (day: string) => blocksOn(day, weekly, null);

  it("takes the exception over the pattern", () => {
    expect(blocksOn("2026-12-14", weekly, [{ from: "10:00", to: "14:00", kind: "available" }])).toEqual([{ from: "10:00", to: "14:00", kind: "available" }]);
    expect(blocksOn("2026-12-14", weekly, null)).toHaveLength(2);
    expect(blocksOn("2026-12-18", weekly, null)).toEqual([]);
  });

  it("judges a shift against the day's blocks", () => {
    expect(availabilityProblem({ startsAt: at("2026-12-14T08:00"), endsAt: at("2026-12-14T16:30") }, blocks)).toBeNull();
    expect(availabilityProblem({ startsAt: at("2026-12-14T07:00"), endsAt: at("2026-12-14T16:30") }, blocks)).toBe("outside");
    expect(availabilityProblem({ startsAt: at("2026-12-15T08:00"), endsAt: at("2026-12-15T09:00") }, blocks)).toBe("unavailable");
    expect(availabilityProblem({ startsAt: at("2026-12-16T08:00"), endsAt: at("2026-12-16T18:00") }, blocks)).toBeNull();
    expect(availabilityProblem({ startsAt: at("2026-12-16T08:00"), endsAt: at("2026-12-16T18:01") }, blocks)).toBe("unavailable");
    // A night: Thursday has no limit, Friday's morning neither; Monday night runs into Tuesday (unavailable).
    expect(availabilityProblem({ startsAt: at("2026-12-17T22:00"), endsAt: at("2026-12-18T06:00") }, blocks)).toBeNull();
    expect(availabilityProblem({ startsAt: at("2026-12-14T16:00"), endsAt: at("2026-12-15T00:00") }, blocks)).toBe("outside");
  });

  it("splits a night into its days", () => {
    expect(daySegments(at("2026-12-14T22:00"), at("2026-12-15T06:00"))).toEqual([
      { day: "2026-12-14", from: 1320, to: 1440 },
      { day: "2026-12-15", from: 0, to: 360 },
    ]);
    expect(daySegments(at("2026-12-14T16:00"), at("2026-12-15T00:00"))).toEqual([{ day: "2026-12-14", from: 960, to: 1440 }]);
  });

  it("refuses blocks out of order, overlapping, or with the wrong weekday", () => {
    expect(blocksProblem(weekly, true)).toBeNull();
    expect(blocksProblem([{ weekday: 1, from: "09:00", to: "08:00", kind: "available" }], true)?.message).toBe("blocks.0.to must be after from");
    expect(blocksProblem([{ from: "09:00", to: "10:00", kind: "available" }], true)?.message).toMatch(/blocks.0.weekday is required/);
    expect(blocksProblem([{ weekday: 2, from: "09:00", to: "10:00", kind: "available" }], false)?.message).toMatch(/belongs to the weekly pattern/);
    expect(blocksProblem([weekly[0], { weekday: 1, from: "11:00", to: "13:00", kind: "unavailable" }], true)?.message).toBe("blocks.1 overlaps blocks.0 on the same day");
  });
});

describe("conflicts of a planned shift", () => {
  const week: WeekContext = {
    days: ["2026-12-14", "2026-12-15", "2026-12-16", "2026-12-17", "2026-12-18", "2026-12-19", "2026-12-20"].map((date) => ({ date })),
    weeklyOvertimeMinutes: 2400,
    shifts: [0, 1, 2, 3].map((i) => ({ id: `s${i}`, userId: "u1", startsAt: at(`2026-12-${14 + i}T08:00`), endsAt: at(`2026-12-${14 + i}T18:30`), breakMinutes: 30 })),
    timeOff: [{ userId: "u1", typeName: "Vacation", startDay: "2026-12-19", endDay: "2026-12-19" }],
    availability: [{ userId: "u1", day: "2026-12-18", blocks: [{ from: "06:00", to: "12:00", kind: "available" }] }],
  };

  it("names each conflict", () => {
    const kinds = (startsAt: string, endsAt: string, id?: string) => shiftConflicts({ id, userId: "u1", startsAt: at(startsAt), endsAt: at(endsAt), breakMinutes: 0 }, week, "Ana Lee").map((c) => c.kind);
    // 4 × 10 h = 40 h already: any more is past the threshold.
    expect(kinds("2026-12-18T08:00", "2026-12-18T12:00")).toEqual(["overtime"]);
    expect(kinds("2026-12-18T08:00", "2026-12-18T13:00")).toEqual(["outside_availability", "overtime"]);
    expect(kinds("2026-12-19T08:00", "2026-12-19T09:00")).toEqual(["time_off", "overtime"]);
    expect(kinds("2026-12-14T18:00", "2026-12-14T20:00")).toEqual(["overlap", "overtime"]);
    // Editing one of the four in place: no overlap with itself, 40 h is not past 40 h.
    expect(kinds("2026-12-14T08:00", "2026-12-14T18:00", "s0")).toEqual([]);
    expect(shiftConflicts({ userId: null, startsAt: at("2026-12-19T08:00"), endsAt: at("2026-12-19T09:00"), breakMinutes: 0 }, week)).toEqual([]);
  });

  it("words the overtime warning", () => {
    const [c] = shiftConflicts({ userId: "u1", startsAt: at("2026-12-18T08:00"), endsAt: at("2026-12-18T10:00"), breakMinutes: 0 }, week, "Ana Lee");
    expect(c.message).toBe("Takes Ana Lee to 42h this week, past the 40h overtime threshold");
  });
});
