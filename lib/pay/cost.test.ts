import { roundCents } from "@/lib/money";
import { blendedMultiplier, centsPerHour, costDay, costShift, costTaskMinutes, rateInForce, type RateFacts } from "./cost";

const hourly = (amountCents: number, effectiveFrom: string, key: Partial<RateFacts> = {}): RateFacts => ({
  kind: "hourly",
  amountCents,
  effectiveFrom,
  roleLabel: null,
  unitId: null,
  ...key,
});

describe("rateInForce", () => {
  const rates = [hourly(2000, "2026-01-01"), hourly(2200, "2026-07-01"), hourly(3000, "2026-03-01", { unitId: "u-crem" }), hourly(2500, "2026-01-01", { roleLabel: "Driver" })];

  it("takes the latest rate on or before the day: the day it takes effect counts", () => {
    expect(rateInForce(rates, "2025-12-31")).toBeNull();
    expect(rateInForce(rates, "2026-01-01")?.amountCents).toBe(2000);
    expect(rateInForce(rates, "2026-06-30")?.amountCents).toBe(2000);
    expect(rateInForce(rates, "2026-07-01")?.amountCents).toBe(2200);
  });

  it("prefers the department's or the role label's own rate, else the base rate", () => {
    expect(rateInForce(rates, "2026-02-28", { unitId: "u-crem" })?.amountCents).toBe(2000);
    expect(rateInForce(rates, "2026-03-01", { unitId: "u-crem" })?.amountCents).toBe(3000);
    expect(rateInForce(rates, "2026-03-01", { unitId: "u-other" })?.amountCents).toBe(2000);
    expect(rateInForce(rates, "2026-03-01", { roleLabel: "Driver", unitId: "u-crem" })?.amountCents).toBe(2500);
  });
});

describe("centsPerHour", () => {
  it("converts a yearly salary over 2080 hours, unrounded", () => {
    expect(centsPerHour({ kind: "salaried", amountCents: 5_200_000 })).toBe(2500);
    expect(centsPerHour({ kind: "salaried", amountCents: 4_500_000 })).toBeCloseTo(2163.4615, 3);
    expect(centsPerHour({ kind: "hourly", amountCents: 1875 })).toBe(1875);
  });
});

describe("costDay", () => {
  const rates = [hourly(2000, "2026-01-01")];

  it("costs regular at 1×, overtime at 1.5×, double time at 2×, PTO and premium at 1×", () => {
    const day = costDay(rates, { date: "2026-03-02", regularMinutes: 480, overtimeMinutes: 240, doubleTimeMinutes: 60, premiumMinutes: 60, ptoMinutes: 120 });
    // 8 h × $20 + 4 h × $30 + 1 h × $40 + 1 h × $20 + 2 h × $20 = 160 + 120 + 40 + 20 + 40
    expect(day.cents).toBe(38_000);
    expect(day.lines.map((l) => [l.part, l.minutes, l.multiplier])).toEqual([
      ["regular", 480, 1],
      ["overtime", 240, 1.5],
      ["doubleTime", 60, 2],
      ["premium", 60, 1],
      ["pto", 120, 1],
    ]);
    expect(day.unratedMinutes).toBe(0);
  });

  it("costs nothing and counts the minutes without a rate", () => {
    const day = costDay([], { date: "2026-03-02", regularMinutes: 60, overtimeMinutes: 0, ptoMinutes: 30 });
    expect(day.cents).toBe(0);
    expect(day.unratedMinutes).toBe(90);
  });

  it("keeps fractions until the figure is rounded once: 7 minutes at $17.53", () => {
    const day = costDay([hourly(1753, "2026-01-01")], { date: "2026-03-02", regularMinutes: 7, overtimeMinutes: 0 });
    expect(day.cents).toBeCloseTo(204.5166, 3);
    expect(roundCents(day.cents)).toBe(205);
  });

  it("pays the minutes of a department with its own rate at that rate, the mix in proportion", () => {
    const two = [hourly(2000, "2026-01-01"), hourly(3000, "2026-01-01", { unitId: "u-crem" })];
    const day = costDay(two, { date: "2026-03-02", regularMinutes: 480, overtimeMinutes: 120, unitMinutes: [{ unitId: "u-crem", minutes: 300 }] });
    // 300 min at $30 and 300 at $20; each share 80 % regular, 20 % overtime at 1.5×: factor 1.1
    expect(day.cents).toBeCloseTo(300 * 50 * 1.1 + 300 * (2000 / 60) * 1.1, 6);
    expect(day.lines.filter((l) => l.unitId === "u-crem").reduce((s, l) => s + l.minutes, 0)).toBe(300);
  });

  it("gives a salaried (exempt) member no overtime multiplier", () => {
    const day = costDay([{ kind: "salaried", amountCents: 5_200_000, effectiveFrom: "2026-01-01", roleLabel: null, unitId: null }], {
      date: "2026-03-02",
      regularMinutes: 480,
      overtimeMinutes: 120,
    });
    expect(day.cents).toBe(10 * 2500);
  });

  it("a day with no time costs nothing", () => {
    expect(costDay(rates, { date: "2026-03-02", regularMinutes: 0, overtimeMinutes: 0 })).toEqual({ date: "2026-03-02", cents: 0, lines: [], unratedMinutes: 0 });
  });
});

describe("task minutes and shifts", () => {
  const rates = [hourly(2400, "2026-01-01")];

  it("costs task minutes at the day's blended multiplier, so a day's tasks never cost more than the day", () => {
    const day = { date: "2026-03-02", regularMinutes: 360, overtimeMinutes: 120 };
    expect(blendedMultiplier("hourly", day)).toBeCloseTo(1.125, 10);
    const task = costTaskMinutes(rates, day, null, 480);
    expect(task?.cents).toBeCloseTo(costDay(rates, day).cents, 9);
    expect(costTaskMinutes([], day, null, 60)).toBeNull();
  });

  it("costs a planned shift at 1× its role label's rate", () => {
    const withRole = [...rates, hourly(3000, "2026-01-01", { roleLabel: "Driver" })];
    expect(costShift(withRole, { date: "2026-03-02", minutes: 450, unitId: "u", roleLabel: "Driver" })).toBe(22_500);
    expect(costShift(withRole, { date: "2026-03-02", minutes: 450, unitId: "u", roleLabel: null })).toBe(18_000);
    expect(costShift([], { date: "2026-03-02", minutes: 450, unitId: "u", roleLabel: null })).toBeNull();
  });

  it("costs a shift's overtime at 1.5× and double time at 2×, for hourly rates only", () => {
    // 10 h at $30: 8 h regular ($240), 1 h overtime ($45), 1 h double time ($60).
    const driver = [hourly(3000, "2026-01-01", { roleLabel: "Driver" })];
    expect(costShift(driver, { date: "2026-03-02", minutes: 600, unitId: "u", roleLabel: "Driver", overtimeMinutes: 60, doubleTimeMinutes: 60 })).toBe(34_500);
    // A salaried rate pays no premium: 10 h at 52,000 a year (2,500 cents an hour).
    const salaried: RateFacts[] = [{ kind: "salaried", amountCents: 5_200_000, roleLabel: null, unitId: null, effectiveFrom: "2026-01-01" }];
    expect(costShift(salaried, { date: "2026-03-02", minutes: 600, unitId: "u", roleLabel: null, overtimeMinutes: 60, doubleTimeMinutes: 60 })).toBe(25_000);
  });
});
