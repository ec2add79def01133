import { bracketLabel, findBracket, formatRate, monthDays, monthLabel, overlappingBrackets, parseRate, pricedPounds, previousMonth, taxOf } from "./pricing";

describe("pricing", () => {
  const brackets = [
    { serviceType: "private" as const, minLbs: 0, maxLbs: 10 },
    { serviceType: "private" as const, minLbs: 11, maxLbs: 30 },
    { serviceType: "private" as const, minLbs: 31, maxLbs: null },
    { serviceType: "communal" as const, minLbs: 0, maxLbs: null },
  ];

  it("prices a weight at the whole pound above it, both ends of a bracket included", () => {
    expect(pricedPounds(10)).toBe(10);
    expect(pricedPounds(10.2)).toBe(11);
    expect(pricedPounds(0)).toBe(0);
    expect(findBracket(brackets, "private", 10)?.maxLbs).toBe(10);
    expect(findBracket(brackets, "private", 10.01)?.minLbs).toBe(11);
    expect(findBracket(brackets, "private", 30)?.minLbs).toBe(11);
    expect(findBracket(brackets, "private", 250)?.minLbs).toBe(31);
    expect(findBracket(brackets, "partitioned", 5)).toBeNull();
  });

  it("finds overlapping brackets of one service only", () => {
    expect(overlappingBrackets(brackets)).toBeNull();
    expect(overlappingBrackets([...brackets, { serviceType: "private", minLbs: 30, maxLbs: 40 }])).toEqual([1, 4]);
    expect(overlappingBrackets([{ serviceType: "private", minLbs: 50, maxLbs: null }, { serviceType: "private", minLbs: 0, maxLbs: 60 }])).toEqual([0, 1]);
    expect(overlappingBrackets([{ serviceType: "private", minLbs: 0, maxLbs: 10 }, { serviceType: "communal", minLbs: 0, maxLbs: 10 }])).toBeNull();
  });

  it("labels brackets", () => {
    expect(bracketLabel(0, 10)).toBe("0–10 lb");
    expect(bracketLabel(101, null)).toBe("101 lb and up");
  });

  it("computes tax once per line, half away from zero", () => {
    expect(taxOf(10000, 8875)).toBe(888); // 887.5
    expect(taxOf(-10000, 8875)).toBe(-888);
    expect(taxOf(12345, 0)).toBe(0);
  });

  it("parses and formats rates in thousandths of a percent", () => {
    expect(parseRate("8.875")).toBe(8875);
    expect(parseRate("7%")).toBe(7000);
    expect(parseRate(6.5)).toBe(6500);
    expect(parseRate("100")).toBe(100000);
    expect(parseRate("100.001")).toBeNull();
    expect(parseRate("-1")).toBeNull();
    expect(parseRate("1.2345")).toBeNull();
    expect(formatRate(8875)).toBe("8.875%");
    expect(formatRate(7000)).toBe("7%");
    expect(formatRate(0)).toBe("0%");
  });

  it("knows a month's days, its name and the month before, leap years included", () => {
    expect(monthDays("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthDays("2026-12")).toEqual({ first: "2026-12-01", last: "2026-12-31" });
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(previousMonth("2027-01")).toBe("2026-12");
  });
});
