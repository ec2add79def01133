/**
 * Hand-computed cases for every jurisdiction preset (docs/time.md cites the wording each expected
 * figure comes from). Punches are written as local wall-clock times in the zone of the case.
 */
import { DEFAULT_TIME_POLICY, computeDays, sumDays, type PunchInput } from "./calc";
import { PRESETS, dayBreakIssues, restBreaksOwed, type BreakKind, type PresetId } from "./rules";
import { fromLocalInput } from "@/lib/dates/wall-clock";

const H = 60; // minutes
const MS = 60_000;

let n = 0;
function punchIn(zone: string) {
  // Wall-clock time in the zone (lib/dates), so 10:00 on a DST day is 10:00 on the clock.
  const at = (text: string) => new Date(fromLocalInput(text.replace(" ", "T"), zone));
  return (from: string, to: string, outReason: string = "End of Workday"): PunchInput => ({ id: `p${++n}`, punchInAt: at(from), punchOutAt: at(to), outReason });
}

function figures(preset: PresetId, punches: PunchInput[], from: string, to: string, zone = "America/Chicago", waived: Record<string, BreakKind[]> = {}) {
  const ctx = { timeZone: zone, weekStartsOn: 1, now: new Date("2027-01-31T00:00:00Z") };
  // The company policy of the seeded default: weekly 40 h, no daily threshold, Break paid up to 15 min, Lunch unpaid.
  const days = computeDays(punches, DEFAULT_TIME_POLICY, ctx, from, to, { rulesOf: () => PRESETS[preset], waivedOf: (d) => new Set(waived[d] ?? []) });
  const t = sumDays(days);
  return {
    days,
    totals: t,
    /** [regular h, overtime h, double-time h, premium h] in minutes for exact comparison. */
    hours: [t.regularMs / MS, t.overtimeMs / MS, t.doubleTimeMinutes, t.premiumMinutes],
    issues: days.flatMap((d) => d.breakIssues.map((i) => `${d.date} ${i.kind}${i.index} ${i.problem}`)),
  };
}

describe("federal (FLSA, 29 U.S.C. § 207(a)(1): over 40 hours in a workweek at 1.5×, no daily overtime, no breaks required)", () => {
  const p = punchIn("America/Chicago");
  it("a 45-hour week of five 9-hour days: 40 regular, 5 overtime, all on the Friday that crosses 40", () => {
    const week = ["02", "03", "04", "05", "06"].map((d) => p(`2026-11-${d} 08:00`, `2026-11-${d} 17:00`));
    const f = figures("federal", week, "2026-11-02", "2026-11-08");
    expect(f.hours).toEqual([40 * H, 5 * H, 0, 0]);
    expect(f.days.find((d) => d.date === "2026-11-06")).toMatchObject({ regularMs: 4 * H * MS, overtimeMs: 5 * H * MS });
    expect(f.issues).toEqual([]);
  });
});

describe("California (Labor Code §§ 510, 512, 226.7; IWC wage orders § 11–12)", () => {
  const p = punchIn("America/Los_Angeles");
  it("a 13-hour day with one missed meal: 8 regular, 4 overtime, 1 double time, 1 hour meal premium", () => {
    // § 510(a): "in excess of eight hours in one workday" at 1.5×, "in excess of 12 hours in one day" at 2×.
    // § 512(a): a first meal of 30 minutes for more than five hours, a second for more than ten hours.
    // § 226.7(c): "one additional hour of pay ... for each workday that the meal ... period is not provided".
    // Rest: 10 minutes per 4 hours or major fraction thereof → 13 h owes 3 rests, all three taken here.
    const day = [
      p("2026-11-03 07:00", "2026-11-03 11:00", "Break"), // rest 1 (10 min)
      p("2026-11-03 11:10", "2026-11-03 12:00", "Lunch"), // meal 1: 12:00–12:30, begins at 4 h 50 min worked
      p("2026-11-03 12:30", "2026-11-03 15:00", "Break"), // rest 2
      p("2026-11-03 15:10", "2026-11-03 18:00", "Break"), // rest 3
      p("2026-11-03 18:10", "2026-11-03 20:30"), // no second meal before the end of the tenth hour
    ];
    // Punched 4:00 + 0:50 + 2:30 + 2:50 + 2:20 = 12 h 30; paid rests 3 × 10 min → 13 h worked.
    const f = figures("california", day, "2026-11-03", "2026-11-03", "America/Los_Angeles");
    expect(f.totals.workedMs).toBe(13 * H * MS);
    expect(f.hours).toEqual([8 * H, 4 * H, 1 * H, 1 * H]);
    expect(f.issues).toEqual(["2026-11-03 meal2 missed"]);
  });

  it("an admin's waiver of the day's meal problem takes the premium away, not the hours", () => {
    const day = [p("2026-11-03 08:00", "2026-11-03 12:00", "Break"), p("2026-11-03 12:10", "2026-11-03 16:00", "Break"), p("2026-11-03 16:10", "2026-11-03 17:00")];
    // 4:00 + 3:50 + 0:50 punched + 2 × 10 min paid = 9 h; no meal at all → one meal premium hour.
    expect(figures("california", day, "2026-11-03", "2026-11-03", "America/Los_Angeles").hours).toEqual([8 * H, 1 * H, 0, 60]);
    expect(figures("california", day, "2026-11-03", "2026-11-03", "America/Los_Angeles", { "2026-11-03": ["meal"] }).hours).toEqual([8 * H, 1 * H, 0, 0]);
  });

  it("a short (20 min) meal is flagged short; a meal begun after the fifth hour is late", () => {
    const short = [p("2026-11-04 08:00", "2026-11-04 12:00", "Lunch"), p("2026-11-04 12:20", "2026-11-04 14:00")];
    expect(figures("california", short, "2026-11-04", "2026-11-04", "America/Los_Angeles").issues).toEqual(["2026-11-04 meal1 short", "2026-11-04 rest1 missed"]);
    const late = [p("2026-11-04 08:00", "2026-11-04 13:30", "Lunch"), p("2026-11-04 14:00", "2026-11-04 15:00")];
    expect(figures("california", late, "2026-11-04", "2026-11-04", "America/Los_Angeles").issues).toEqual([
      "2026-11-04 meal1 late",
      "2026-11-04 rest1 missed",
      "2026-11-04 rest2 missed",
    ]);
  });

  it("the seventh consecutive day: its first 8 hours at 1.5×, beyond 8 at 2× (§ 510(a))", () => {
    // Mon–Sat 8 h each, Sun 10 h. Mon–Fri: 40 regular. Sat: weekly overtime (over 40) → 8 OT.
    // Sun, "the first eight hours worked on the seventh day" → 8 OT, "in excess of eight hours on any seventh day" → 2 DT.
    const week = ["02", "03", "04", "05", "06", "07"].map((d) => p(`2026-11-${d} 08:00`, `2026-11-${d} 16:00`));
    week.push(p("2026-11-08 08:00", "2026-11-08 18:00"));
    const f = figures("california", week, "2026-11-02", "2026-11-08", "America/Los_Angeles");
    expect(f.hours.slice(0, 3)).toEqual([40 * H, 16 * H, 2 * H]);
    expect(f.days.at(-1)).toMatchObject({ regularMs: 0, overtimeMs: 8 * H * MS, doubleTimeMinutes: 2 * H });
  });

  it("six days then a day off then nothing: a day off breaks the streak (no seventh-day overtime)", () => {
    const week = ["02", "03", "04", "05", "06"].map((d) => p(`2026-11-${d} 08:00`, `2026-11-${d} 16:00`));
    week.push(p("2026-11-08 08:00", "2026-11-08 18:00"));
    const f = figures("california", week, "2026-11-02", "2026-11-08", "America/Los_Angeles");
    // Sunday 10 h: 8 regular-before-weekly, 2 daily OT; the week's regular reaches 48 → 8 weekly OT.
    expect(f.hours.slice(0, 3)).toEqual([40 * H, 10 * H, 0]);
  });

  it("a DST night: 22:00 Sat → 10:00 Sun across the fall-back change is 13 real hours, split at local midnight", () => {
    // 2026-11-01 02:00 PDT → 01:00 PST. Sat 22:00–24:00 = 2 h; Sun 00:00–10:00 local = 11 real hours.
    // Sunday: over 8 in the workday → 8 regular, 3 overtime (§ 510(a)); no double time (not over 12).
    const night = [p("2026-10-31 22:00", "2026-11-01 10:00")];
    const f = figures("california", night, "2026-10-31", "2026-11-01", "America/Los_Angeles");
    expect(f.days.map((d) => [d.date, d.workedMs / MS, d.regularMs / MS, d.overtimeMs / MS, d.doubleTimeMinutes])).toEqual([
      ["2026-10-31", 2 * H, 2 * H, 0, 0],
      ["2026-11-01", 11 * H, 8 * H, 3 * H, 0],
    ]);
  });
});

describe("Illinois (ODRISA, 820 ILCS 140/3; Minimum Wage Law 820 ILCS 105/4a)", () => {
  const p = punchIn("America/Chicago");
  it("an 8-hour day without a meal break: flagged (20 min owed for 7½ continuous hours), no premium, 8 regular hours", () => {
    const f = figures("illinois", [p("2026-11-03 08:00", "2026-11-03 16:00")], "2026-11-03", "2026-11-03");
    expect(f.hours).toEqual([8 * H, 0, 0, 0]);
    expect(f.issues).toEqual(["2026-11-03 meal1 missed"]);
    expect(f.days[0].breakIssues[0]).toMatchObject({ requiredMinutes: 20, startByWorkedMinutes: 5 * H });
  });
  it("a 20-minute meal beginning no later than 5 hours after the start: no flag", () => {
    const f = figures("illinois", [p("2026-11-03 08:00", "2026-11-03 12:30", "Lunch"), p("2026-11-03 12:50", "2026-11-03 16:20")], "2026-11-03", "2026-11-03");
    expect(f.issues).toEqual([]);
    expect(f.hours).toEqual([8 * H, 0, 0, 0]);
  });
  it("7 h 29 min is below 7½ hours: no meal owed; 7 h 30 min is owed one", () => {
    expect(figures("illinois", [p("2026-11-03 08:00", "2026-11-03 15:29")], "2026-11-03", "2026-11-03").issues).toEqual([]);
    expect(figures("illinois", [p("2026-11-03 08:00", "2026-11-03 15:30")], "2026-11-03", "2026-11-03").issues).toEqual(["2026-11-03 meal1 missed"]);
  });
});

describe("New York (Labor Law § 162; 12 NYCRR 142-2.2)", () => {
  const p = punchIn("America/New_York");
  it("an 8-hour shift without a meal: 30 minutes owed for a shift of more than six hours; 8 regular hours", () => {
    const f = figures("new_york", [p("2026-11-03 09:00", "2026-11-03 17:00")], "2026-11-03", "2026-11-03", "America/New_York");
    expect(f.hours).toEqual([8 * H, 0, 0, 0]);
    expect(f.issues).toEqual(["2026-11-03 meal1 missed"]);
  });
  it("exactly six hours owes no meal", () => {
    expect(figures("new_york", [p("2026-11-03 09:00", "2026-11-03 15:00")], "2026-11-03", "2026-11-03", "America/New_York").issues).toEqual([]);
  });
});

describe("Washington (WAC 296-126-092; RCW 49.46.130)", () => {
  const p = punchIn("America/Los_Angeles");
  it("a 9-hour day with a 30-minute lunch and no rest breaks: two rests of 10 minutes missed, no premium", () => {
    // 3:00 + 6:00 punched = 9 h worked (the lunch is unpaid): 2 rests owed (one per 4 h, major fraction).
    const f = figures("washington", [p("2026-11-03 08:00", "2026-11-03 11:00", "Lunch"), p("2026-11-03 11:30", "2026-11-03 17:30")], "2026-11-03", "2026-11-03", "America/Los_Angeles");
    expect(f.hours).toEqual([9 * H, 0, 0, 0]); // no daily overtime in Washington
    expect(f.issues).toEqual(["2026-11-03 rest1 missed", "2026-11-03 rest2 missed"]);
  });
});

describe("Oregon (OAR 839-020-0050; ORS 653.261)", () => {
  const p = punchIn("America/Los_Angeles");
  it("a 6-hour work period owes a 30-minute meal ('not less than six') and one 10-minute rest", () => {
    const f = figures("oregon", [p("2026-11-03 08:00", "2026-11-03 14:00")], "2026-11-03", "2026-11-03", "America/Los_Angeles");
    expect(f.hours).toEqual([6 * H, 0, 0, 0]);
    expect(f.issues).toEqual(["2026-11-03 meal1 missed", "2026-11-03 rest1 missed"]);
  });
});

describe("Colorado (COMPS Order #38, Rules 4.1.1, 5.1, 5.2)", () => {
  const p = punchIn("America/Denver");
  it("a 13-hour day with its meal and no rest: 12 regular + 1 overtime (over 12 per workday), 3 rests owed → 30 minutes owed as extra work", () => {
    const f = figures("colorado", [p("2026-11-03 06:00", "2026-11-03 10:00", "Lunch"), p("2026-11-03 10:30", "2026-11-03 19:30")], "2026-11-03", "2026-11-03", "America/Denver");
    expect(f.hours).toEqual([12 * H, 1 * H, 0, 30]);
    expect(f.issues).toEqual(["2026-11-03 rest1 missed", "2026-11-03 rest2 missed", "2026-11-03 rest3 missed"]);
  });
});

describe("rest breaks owed: one per 4 hours or major fraction thereof", () => {
  it.each([
    ["california", 209, 0],
    ["california", 210, 1],
    ["california", 360, 1],
    ["california", 361, 2],
    ["california", 600, 2],
    ["california", 601, 3],
    ["colorado", 120, 0],
    ["colorado", 121, 1],
    ["colorado", 841, 4],
  ] as const)("%s, %i minutes worked → %i", (preset, minutes, owed) => {
    expect(restBreaksOwed(minutes, PRESETS[preset].rest!)).toBe(owed);
  });
  it("California's first meal: 5 h exactly owes none, 5 h 01 owes one", () => {
    expect(dayBreakIssues(300, [], { ...PRESETS.california, rest: null })).toEqual([]);
    expect(dayBreakIssues(301, [], { ...PRESETS.california, rest: null }).map((i) => i.problem)).toEqual(["missed"]);
  });
});
