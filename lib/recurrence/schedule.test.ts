import { recurringScheduleSchema } from "@/lib/validations/recurrence";
import { describeRule, readSchedule, twoWayMonthlyWeek, type SeriesRule } from "./rule";
import { datesThrough, dueInstant, previewDates, totalDates, walkSchedule } from "./schedule";

const base: SeriesRule = {
  pattern: "daily",
  interval: 1,
  startDay: "2027-01-04",
  dueMinutes: 9 * 60,
  daysOfWeek: [],
  monthlyType: null,
  monthlyWeek: null,
  endType: "never",
  endDay: null,
  maxCount: null,
  excludeWeekends: false,
  excludeHolidays: false,
  calendar: "US",
  policy: "skip",
};

const days = (rule: Partial<SeriesRule>, count = 6) => previewDates({ ...base, ...rule }, count, "1900-01-01").dates.map((d) => d.day);

describe("patterns and intervals", () => {
  it("daily, every 3 days", () => {
    expect(days({ interval: 3 }, 4)).toEqual(["2027-01-04", "2027-01-07", "2027-01-10", "2027-01-13"]);
  });

  it("weekly on several days with interval 2", () => {
    // Mon Jan 4 2027: Mon + Wed of that week, then two weeks later.
    expect(days({ pattern: "weekly", interval: 2, daysOfWeek: [3, 1] }, 6)).toEqual([
      "2027-01-04",
      "2027-01-06",
      "2027-01-18",
      "2027-01-20",
      "2027-02-01",
      "2027-02-03",
    ]);
  });

  describe("every 2 weeks on Sunday and Monday: which days share a week follows WEEK_STARTS_ON", () => {
    // Sun Jan 3 2027. Weeks from Monday: Sun 3 ends the week of Dec 28; Mon 11 + Sun 17 are the next used week.
    const rule = { pattern: "weekly" as const, interval: 2, daysOfWeek: [0, 1], startDay: "2027-01-03" };
    const mondayWeeks = ["2027-01-03", "2027-01-11", "2027-01-17", "2027-01-25", "2027-01-31", "2027-02-08"];
    // Weeks from Sunday: Sun 3 + Mon 4 share a week, then two weeks later.
    const sundayWeeks = ["2027-01-03", "2027-01-04", "2027-01-17", "2027-01-18", "2027-01-31", "2027-02-01"];

    it("weeks that start on Monday", () => {
      expect(days({ ...rule, weekStartsOn: 1 })).toEqual(mondayWeeks);
    });

    it("weeks that start on Sunday", () => {
      expect(days({ ...rule, weekStartsOn: 0 })).toEqual(sundayWeeks);
    });

    const withSetting = (value: string | undefined) => {
      const saved = { plain: process.env.WEEK_STARTS_ON, public: process.env.NEXT_PUBLIC_WEEK_STARTS_ON };
      try {
        delete process.env.NEXT_PUBLIC_WEEK_STARTS_ON;
        if (value === undefined) delete process.env.WEEK_STARTS_ON;
        else process.env.WEEK_STARTS_ON = value;
        let result: string[] = [];
        jest.isolateModules(() => {
          const fresh = jest.requireActual<typeof import("./schedule")>("./schedule");
          result = fresh.previewDates({ ...base, ...rule }, 6, "1900-01-01").dates.map((d) => d.day);
        });
        return result;
      } finally {
        for (const [key, was] of [["WEEK_STARTS_ON", saved.plain], ["NEXT_PUBLIC_WEEK_STARTS_ON", saved.public]] as const) {
          if (was === undefined) delete process.env[key];
          else process.env[key] = was;
        }
      }
    };

    it("reads the setting: Monday by default, Sunday when WEEK_STARTS_ON=sunday", () => {
      expect(withSetting(undefined)).toEqual(mondayWeeks);
      expect(withSetting("monday")).toEqual(mondayWeeks);
      expect(withSetting("sunday")).toEqual(sundayWeeks);
    });
  });

  it("weekly without days repeats on the start's weekday", () => {
    expect(days({ pattern: "weekly", startDay: "2027-01-08" }, 3)).toEqual(["2027-01-08", "2027-01-15", "2027-01-22"]);
  });

  it("monthly by date: the 15th, every 2 months", () => {
    expect(days({ pattern: "monthly", monthlyType: "date", interval: 2, startDay: "2026-11-15" }, 3)).toEqual(["2026-11-15", "2027-01-15", "2027-03-15"]);
  });

  it("monthly on the 31st lands on the last day of shorter months", () => {
    expect(days({ pattern: "monthly", monthlyType: "date", startDay: "2027-01-31" }, 5)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(days({ pattern: "monthly", monthlyType: "date", startDay: "2028-01-30" }, 3)).toEqual(["2028-01-30", "2028-02-29", "2028-03-30"]);
  });

  it("monthly by weekday: the 2nd Tuesday and the last Friday", () => {
    expect(days({ pattern: "monthly", monthlyType: "weekday", startDay: "2026-12-08" }, 3)).toEqual(["2026-12-08", "2027-01-12", "2027-02-09"]);
    // Dec 25 2026 is the 4th Friday and also the last; monthlyWeek -1 says "last".
    expect(days({ pattern: "monthly", monthlyType: "weekday", startDay: "2026-12-25", monthlyWeek: -1 }, 3)).toEqual(["2026-12-25", "2027-01-29", "2027-02-26"]);
    // A 5th Friday reads as the last one.
    expect(days({ pattern: "monthly", monthlyType: "weekday", startDay: "2027-01-29" }, 2)).toEqual(["2027-01-29", "2027-02-26"]);
  });

  it("annual on February 29 falls on Feb 28 in common years", () => {
    expect(days({ pattern: "annual", startDay: "2028-02-29" }, 5)).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
  });
});

describe("end types", () => {
  it("after N gives exactly N", () => {
    const rule = { ...base, endType: "after" as const, maxCount: 4 };
    expect(previewDates(rule, 10, "1900-01-01").dates).toHaveLength(4);
    expect(totalDates(rule)).toBe(4);
  });

  it("after N counts dates kept by the policy", () => {
    const rule = { ...base, startDay: "2027-01-08", endType: "after" as const, maxCount: 3, excludeWeekends: true };
    expect(previewDates(rule, 10, "1900-01-01").dates.map((d) => d.day)).toEqual(["2027-01-08", "2027-01-11", "2027-01-12"]);
  });

  it("on a date includes that date", () => {
    const rule = { ...base, endType: "on" as const, endDay: "2027-01-07" };
    expect(days(rule, 10)).toEqual(["2027-01-04", "2027-01-05", "2027-01-06", "2027-01-07"]);
    expect(totalDates(rule)).toBe(4);
    expect(totalDates(base)).toBeNull();
  });
});

describe("weekends and holidays", () => {
  const weekly = { ...base, pattern: "weekly" as const, excludeHolidays: true };

  it("skip drops a holiday, with the reason", () => {
    // Thursdays from Nov 19 2026: Thanksgiving (Nov 26) is skipped.
    const result = previewDates({ ...weekly, startDay: "2026-11-19" }, 3, "1900-01-01");
    expect(result.dates.map((d) => d.day)).toEqual(["2026-11-19", "2026-12-03", "2026-12-10"]);
    expect(result.skipped).toEqual([{ day: "2026-11-26", reason: { kind: "holiday", label: "Thanksgiving Day" } }]);
  });

  it("previous and next move off the holiday, saying why", () => {
    const prev = previewDates({ ...weekly, startDay: "2026-11-19", policy: "previous" }, 2, "1900-01-01").dates;
    expect(prev[1]).toEqual({ index: 2, day: "2026-11-25", moved: { from: "2026-11-26", reason: { kind: "holiday", label: "Thanksgiving Day" } } });
    const next = previewDates({ ...weekly, startDay: "2026-11-19", policy: "next" }, 2, "1900-01-01").dates;
    expect(next[1].day).toBe("2026-11-27");
  });

  it("a holiday on a Saturday is observed on Friday", () => {
    // Fridays: July 3 2026 is the observed Independence Day.
    const result = previewDates({ ...weekly, startDay: "2026-06-26", policy: "next", excludeWeekends: true }, 2, "1900-01-01");
    expect(result.dates[1]).toEqual({ index: 2, day: "2026-07-06", moved: { from: "2026-07-03", reason: { kind: "holiday", label: "Independence Day (substitute day)" } } });
  });

  it("moves across two adjacent excluded days (Thanksgiving and the day after in Texas, then the weekend)", () => {
    const result = previewDates({ ...weekly, startDay: "2026-11-20", calendar: "US-TX", excludeWeekends: true, policy: "next" }, 2, "1900-01-01");
    expect(result.dates.map((d) => d.day)).toEqual(["2026-11-20", "2026-11-30"]);
    const back = previewDates({ ...weekly, startDay: "2026-11-20", calendar: "US-TX", excludeWeekends: true, policy: "previous" }, 2, "1900-01-01");
    expect(back.dates.map((d) => d.day)).toEqual(["2026-11-20", "2026-11-25"]);
  });

  it("a move past the series end drops the date", () => {
    const rule = { ...weekly, startDay: "2026-06-26", endType: "on" as const, endDay: "2026-07-03", policy: "next" as const };
    const result = previewDates(rule, 5, "1900-01-01");
    expect(result.dates.map((d) => d.day)).toEqual(["2026-06-26"]);
    expect(result.skipped[0]).toMatchObject({ day: "2026-07-03", reason: { kind: "out-of-range" } });
  });

  it("dates moved onto one day collapse into one occurrence", () => {
    // Daily, weekends moved to the next business day: Sat and Sun become Monday, once.
    const rule = { ...base, startDay: "2027-01-08", excludeWeekends: true, policy: "next" as const };
    expect(days(rule, 3)).toEqual(["2027-01-08", "2027-01-11", "2027-01-12"]);
  });

  it("the last business day of the month: the 31st, moved back", () => {
    const rule = { ...base, pattern: "monthly" as const, monthlyType: "date" as const, excludeWeekends: true, excludeHolidays: true, policy: "previous" as const };
    // Jan 31 2027 is a Sunday: moving it back to Jan 29 would leave the series (it starts on the 31st), so it is dropped.
    // Then Feb 26 (Feb 28 is a Sunday), Mar 31, Apr 30 (Fri), May 31 is Memorial Day -> May 28.
    expect(days({ ...rule, startDay: "2027-01-31" }, 4)).toEqual(["2027-02-26", "2027-03-31", "2027-04-30", "2027-05-28"]);
  });
});

describe("wall-clock time across DST in America/Chicago", () => {
  it("keeps 9:00 local in March and November", () => {
    const rule = { ...base, dueMinutes: 9 * 60 };
    expect(dueInstant(rule, "2027-03-13").toISOString()).toBe("2027-03-13T15:00:00.000Z"); // CST
    expect(dueInstant(rule, "2027-03-14").toISOString()).toBe("2027-03-14T14:00:00.000Z"); // CDT from that Sunday
    expect(dueInstant(rule, "2026-10-31").toISOString()).toBe("2026-10-31T14:00:00.000Z"); // CDT
    expect(dueInstant(rule, "2026-11-01").toISOString()).toBe("2026-11-01T15:00:00.000Z"); // CST again
  });

  it("an end-of-day due date stays at 23:59:59.999 local", () => {
    expect(dueInstant({ dueMinutes: null }, "2027-03-14").toISOString()).toBe("2027-03-15T04:59:59.999Z");
  });

  it("daily dates do not shift around the change", () => {
    expect(datesThrough({ ...base, startDay: "2027-03-13" }, "2027-03-15").map((d) => d.day)).toEqual(["2027-03-13", "2027-03-14", "2027-03-15"]);
  });
});

describe("walkSchedule", () => {
  it("stops when asked", () => {
    let visited = 0;
    walkSchedule(base, () => ++visited < 3);
    expect(visited).toBe(3);
  });
});

describe("rule in words and the recurringSchedule schema", () => {
  it("reads like a sentence", () => {
    expect(
      describeRule({ ...base, pattern: "weekly", interval: 2, daysOfWeek: [3, 1], dueMinutes: null, endType: "on", endDay: "2027-03-01", excludeHolidays: true }),
    ).toBe("Every 2 weeks on Monday and Wednesday, until Mar 1, 2027; skips US holidays");
    expect(describeRule({ ...base, pattern: "monthly", monthlyType: "weekday", startDay: "2026-12-25", monthlyWeek: -1 })).toBe("Every month on the last Friday at 9:00 AM");
    expect(describeRule({ ...base, endType: "after", maxCount: 1, excludeWeekends: true, excludeHolidays: true, calendar: "us-tx", policy: "next" })).toBe(
      "Every day at 9:00 AM, 1 time; weekends and US-TX holidays move to the next business day",
    );
    expect(describeRule({ ...base, pattern: "monthly", monthlyType: "date", startDay: "2027-01-31", dueMinutes: 13 * 60 + 5 })).toBe(
      "Every month on the 31st (or the month's last day) at 1:05 PM",
    );
    expect(describeRule({ ...base, pattern: "annual", interval: 2, startDay: "2028-02-29" })).toBe("Every 2 years on Feb 29 (Feb 28 in other years) at 9:00 AM");
  });

  it("knows a due day that is both the nth and the last weekday of its month", () => {
    expect(twoWayMonthlyWeek("2026-12-25")).toEqual({ nth: 4, weekday: "Friday" }); // Dec 25-31: the last Friday too
    expect(twoWayMonthlyWeek("2026-12-18")).toBeNull(); // another Friday follows
    expect(twoWayMonthlyWeek("2026-12-29")).toBeNull(); // the 5th week: only the last
    expect(twoWayMonthlyWeek("2027-02-22")).toEqual({ nth: 4, weekday: "Monday" }); // February's last 7 days
    expect(twoWayMonthlyWeek("")).toBeNull();
  });

  it("is strict", () => {
    expect(recurringScheduleSchema.parse({})).toEqual({ excludedDayPolicy: "skip" });
    expect(recurringScheduleSchema.safeParse({ excludedDayPolicy: "later" }).success).toBe(false);
    expect(recurringScheduleSchema.safeParse({ other: 1 }).success).toBe(false);
    expect(recurringScheduleSchema.safeParse({ monthlyWeek: 5 }).success).toBe(false);
    expect(readSchedule(null)).toEqual({ excludedDayPolicy: "skip" });
    expect(readSchedule({ junk: true })).toEqual({ excludedDayPolicy: "skip", monthlyWeek: null });
  });
});
