import {
  DEFAULT_TIME_POLICY,
  computeDays,
  dayOf,
  findBreaks,
  hours,
  payPeriodOf,
  roundForExport,
  roundMs,
  sumDays,
  type PunchInput,
  type TimePolicyValues,
} from "./calc";
import { rangeInstants, startOfDay } from "@/lib/dates/instants";

const TZ = "America/Chicago";
const ctx = { timeZone: TZ, weekStartsOn: 1, now: new Date("2026-12-31T00:00:00Z") };
const H = 3_600_000;
const M = 60_000;

let n = 0;
/** A punch from local wall-clock times in Chicago ("2026-11-02 08:00"). */
function punch(from: string, to: string | null, outReason: string | null = "End of Workday", extra: Partial<PunchInput> = {}): PunchInput {
  const at = (text: string) => {
    const [day, time] = text.split(" ");
    const [h, m] = time.split(":").map(Number);
    return new Date(startOfDay(day, TZ).getTime() + (h * 60 + m) * M);
  };
  return { id: `p${++n}`, punchInAt: at(from), punchOutAt: to ? at(to) : null, outReason, ...extra };
}

const policy = (over: Partial<TimePolicyValues> = {}): TimePolicyValues => ({ ...DEFAULT_TIME_POLICY, ...over });

function totals(punches: PunchInput[], from: string, to: string, p = policy()) {
  return sumDays(computeDays(punches, p, ctx, from, to));
}

describe("the time calculation", () => {
  it.each([
    // [case, punches, from, to, worked, regular, overtime]
    ["a plain 8 h day", [punch("2026-11-02 08:00", "2026-11-02 16:00")], "2026-11-02", "2026-11-02", 8 * H, 8 * H, 0],
    ["a 30 min punch counts to the minute", [punch("2026-11-02 08:00", "2026-11-02 08:30")], "2026-11-02", "2026-11-02", 30 * M, 30 * M, 0],
  ])("%s", (_name, punches, from, to, worked, regular, overtime) => {
    const t = totals(punches as PunchInput[], from as string, to as string);
    expect([t.workedMs, t.regularMs, t.overtimeMs]).toEqual([worked, regular, overtime]);
  });

  it("splits a shift across midnight between the two days", () => {
    const days = computeDays([punch("2026-11-03 22:00", "2026-11-04 06:00")], policy(), ctx, "2026-11-03", "2026-11-04");
    expect(days.map((d) => [d.date, d.workedMs])).toEqual([
      ["2026-11-03", 2 * H],
      ["2026-11-04", 6 * H],
    ]);
  });

  it("counts the real elapsed time across the fall-back DST change (25 h day)", () => {
    // 2026-11-01 02:00 CDT -> 01:00 CST in Chicago: 00:00 to 06:00 local is 7 real hours.
    const p: PunchInput = { id: "fall", punchInAt: startOfDay("2026-11-01", TZ), punchOutAt: new Date("2026-11-01T12:00:00Z"), outReason: "End of Workday" };
    expect(dayOf(p.punchOutAt!, TZ)).toBe("2026-11-01");
    const t = totals([p], "2026-11-01", "2026-11-01");
    expect(t.workedMs).toBe(7 * H);
    const { startsAt, endsAt } = rangeInstants("2026-11-01", "2026-11-01", TZ);
    expect(endsAt.getTime() - startsAt.getTime()).toBe(25 * H);
  });

  it("counts the real elapsed time across the spring-forward DST change (23 h day)", () => {
    // 2026-03-08 02:00 CST -> 03:00 CDT: a night shift 22:00 Sat to 06:00 Sun local is 7 real hours.
    const p: PunchInput = { id: "spring", punchInAt: new Date("2026-03-08T04:00:00Z"), punchOutAt: new Date("2026-03-08T11:00:00Z"), outReason: null };
    const days = computeDays([p], policy(), ctx, "2026-03-07", "2026-03-08");
    expect(days.map((d) => [d.date, d.workedMs])).toEqual([
      ["2026-03-07", 2 * H],
      ["2026-03-08", 5 * H],
    ]);
    const { startsAt, endsAt } = rangeInstants("2026-03-08", "2026-03-08", TZ);
    expect(endsAt.getTime() - startsAt.getTime()).toBe(23 * H);
  });

  it("leaves an unpaid lunch out and pays a break up to 15 minutes", () => {
    const punches = [
      punch("2026-11-02 08:00", "2026-11-02 10:00", "Break"), // 20 min break: 15 paid, 5 unpaid
      punch("2026-11-02 10:20", "2026-11-02 12:00", "Lunch"), // 30 min lunch: unpaid
      punch("2026-11-02 12:30", "2026-11-02 16:30"),
    ];
    const breaks = findBreaks(punches, policy(), TZ);
    expect(breaks.map((b) => [b.reason, b.paidMs, b.unpaidMs])).toEqual([
      ["Break", 15 * M, 5 * M],
      ["Lunch", 0, 30 * M],
    ]);
    const t = totals(punches, "2026-11-02", "2026-11-02");
    expect(t.workedMs).toBe(2 * H + 100 * M + 4 * H + 15 * M);
    expect(t.paidBreakMs).toBe(15 * M);
    expect(t.unpaidBreakMs).toBe(35 * M);
  });

  it("pays a lunch when the policy says so, and a lunch with no return is no break", () => {
    const punches = [punch("2026-11-02 08:00", "2026-11-02 12:00", "Lunch"), punch("2026-11-02 12:30", "2026-11-02 13:00", "Lunch")];
    const t = totals(punches, "2026-11-02", "2026-11-02", policy({ lunchPaidMinutes: 30 }));
    expect(t.paidBreakMs).toBe(30 * M);
    expect(t.unpaidBreakMs).toBe(0);
    expect(t.workedMs).toBe(4 * H + 30 * M + 30 * M);
  });

  it("counts daily and weekly overtime once when both thresholds apply", () => {
    // Mon-Fri 10 h each = 50 h. Daily 8 h: 2 h OT a day = 10 h; regular 40 h -> no weekly OT.
    const week = ["02", "03", "04", "05", "06"].map((d) => punch(`2026-11-${d} 07:00`, `2026-11-${d} 17:00`));
    const both = totals(week, "2026-11-02", "2026-11-08", policy({ dailyOvertimeMinutes: 8 * 60 }));
    expect([both.workedMs, both.regularMs, both.overtimeMs]).toEqual([50 * H, 40 * H, 10 * H]);
    // A sixth day of 6 h: all of it is weekly overtime (regular already at 40 h).
    const six = totals([...week, punch("2026-11-07 08:00", "2026-11-07 14:00")], "2026-11-02", "2026-11-08", policy({ dailyOvertimeMinutes: 8 * 60 }));
    expect([six.workedMs, six.regularMs, six.overtimeMs]).toEqual([56 * H, 40 * H, 16 * H]);
    // Weekly only: 50 h -> 10 h OT, accrued on Friday.
    const weekly = computeDays(week, policy(), ctx, "2026-11-02", "2026-11-08");
    expect(weekly.find((d) => d.date === "2026-11-06")).toMatchObject({ regularMs: 0, overtimeMs: 10 * H });
    expect(sumDays(weekly).overtimeMs).toBe(10 * H);
  });

  it("gives a mid-week range the same overtime as the whole week", () => {
    const week = ["02", "03", "04", "05", "06"].map((d) => punch(`2026-11-${d} 07:00`, `2026-11-${d} 17:00`));
    expect(totals(week, "2026-11-06", "2026-11-06").overtimeMs).toBe(10 * H);
  });

  it("splits a punch spanning two pay periods at the boundary", () => {
    const p = policy({ payPeriodKind: "semimonthly" });
    expect(payPeriodOf("2026-11-15", p)).toEqual({ start: "2026-11-01", end: "2026-11-15" });
    expect(payPeriodOf("2026-11-16", p)).toEqual({ start: "2026-11-16", end: "2026-11-30" });
    expect(payPeriodOf("2028-02-20", p)).toEqual({ start: "2028-02-16", end: "2028-02-29" });
    const night = punch("2026-11-15 20:00", "2026-11-16 04:00");
    expect(totals([night], "2026-11-01", "2026-11-15", p).workedMs).toBe(4 * H);
    expect(totals([night], "2026-11-16", "2026-11-30", p).workedMs).toBe(4 * H);
  });

  it("finds weekly and biweekly periods from the anchor, before and after it", () => {
    expect(payPeriodOf("2026-11-04", policy())).toEqual({ start: "2026-11-02", end: "2026-11-08" });
    expect(payPeriodOf("2025-12-31", policy())).toEqual({ start: "2025-12-29", end: "2026-01-04" });
    const bi = policy({ payPeriodKind: "biweekly", payPeriodAnchor: "2026-01-05" });
    expect(payPeriodOf("2026-01-18", bi)).toEqual({ start: "2026-01-05", end: "2026-01-18" });
    expect(payPeriodOf("2026-01-19", bi)).toEqual({ start: "2026-01-19", end: "2026-02-01" });
  });

  it("counts an open punch up to now and an auto-closed punch as zero", () => {
    const open = punch("2026-11-02 08:00", null, null);
    const now = new Date(startOfDay("2026-11-02", TZ).getTime() + 10 * H);
    expect(sumDays(computeDays([open], policy(), { ...ctx, now }, "2026-11-02", "2026-11-02")).workedMs).toBe(2 * H);
    const auto = punch("2026-11-02 08:00", "2026-11-02 20:00", "Auto-closed", { autoClosed: true });
    expect(totals([auto], "2026-11-02", "2026-11-02").workedMs).toBe(0);
  });

  it("rounds only exported totals, and the row still adds up", () => {
    const punches = [punch("2026-11-02 08:00", "2026-11-02 16:07")];
    const raw = totals(punches, "2026-11-02", "2026-11-02");
    expect(raw.workedMs).toBe(8 * H + 7 * M);
    expect(roundForExport(raw, 0)).toBe(raw);
    expect(roundForExport(raw, 15).workedMs).toBe(8 * H);
    expect(roundForExport(raw, 6).workedMs).toBe(8 * H + 6 * M);
    expect(roundForExport(raw, 5).workedMs).toBe(8 * H + 5 * M);
    expect(roundMs(7.5 * M, 15)).toBe(15 * M);
    expect(punches[0].punchOutAt!.getTime() - punches[0].punchInAt.getTime()).toBe(8 * H + 7 * M);
  });

  it("formats hours to 2 places from whole minutes", () => {
    expect(hours(8 * H + 7 * M)).toBe("8.12");
    expect(hours(59_999)).toBe("0.00");
    expect(hours(90 * M)).toBe("1.50");
  });
});
