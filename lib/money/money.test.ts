import { centsToDecimal, costOfMinutes, formatMoney, moneyField, parseMoney, roundCents } from "./index";

describe("money", () => {
  it("parses dollars to cents from the text, never through a float multiply", () => {
    expect(parseMoney("0.29")).toBe(29);
    expect(parseMoney(0.29)).toBe(29);
    expect(parseMoney("12")).toBe(1200);
    expect(parseMoney("12.5")).toBe(1250);
    expect(parseMoney(" 1234.56 ")).toBe(123456);
    expect(parseMoney("1.234")).toBeNull();
    expect(parseMoney("-1")).toBeNull();
    expect(parseMoney("1e3")).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney("")).toBeNull();
  });

  it("formats cents for people and for files", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(-300)).toBe("-$3.00");
    expect(formatMoney(-0)).toBe("$0.00");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-5)).toBe("-0.05");
  });

  it("rounds a cost once, half away from zero", () => {
    // 7 minutes at $17.25/h = 201.25 cents
    expect(roundCents(costOfMinutes(7, 1725))).toBe(201);
    expect(roundCents(costOfMinutes(2, 1515, 1.5))).toBe(76); // 75.75
    expect(roundCents(-0.5)).toBe(-1);
    expect(roundCents(0.5)).toBe(1);
  });

  it("a money field names itself in its messages and answers cents", () => {
    const field = moneyField("rate");
    expect(field.parse("17.25")).toBe(1725);
    expect(field.safeParse("17.255").error?.issues[0]?.message).toBe("rate must be an amount with at most two decimals");
    expect(field.safeParse(-1).error?.issues[0]?.message).toBe("rate must not be negative");
    expect(field.safeParse(true).error?.issues[0]?.message).toBe("rate must be an amount");
  });
});
