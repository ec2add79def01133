import { rateFormSchema, rateFormToBody } from "./rate-form";

const base = { kind: "hourly", amount: "18.50", effectiveFrom: "2026-03-02", roleLabel: "", unitId: "", note: "" } as const;

describe("rateFormSchema", () => {
  it("keeps the amount as typed and leaves blanks out of the body", () => {
    const parsed = rateFormSchema.parse(base);
    expect(rateFormToBody(parsed)).toEqual({ kind: "hourly", amount: "18.50", effectiveFrom: "2026-03-02" });
    expect(rateFormToBody(rateFormSchema.parse({ ...base, roleLabel: " Driver ", note: "x" }))).toMatchObject({ roleLabel: "Driver", note: "x" });
  });

  it("refuses three decimals, a negative amount and a bad day with the field's words", () => {
    expect(rateFormSchema.safeParse({ ...base, amount: "18.505" }).error?.issues[0].message).toBe("Amount must be an amount with at most two decimals");
    expect(rateFormSchema.safeParse({ ...base, amount: "-1" }).error?.issues[0].message).toBe("Amount must not be negative");
    expect(rateFormSchema.safeParse({ ...base, effectiveFrom: "2026-02-30" }).error?.issues[0].message).toBe("Effective from must be a date");
  });
});
