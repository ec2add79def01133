import { iifDate, iifField, toIif } from "./quickbooks";

/** Reads IIF back by its own rules: each data row has the fields its header row names. */
function parseIif(text: string) {
  const lines = text.split("\r\n").filter(Boolean).map((line) => line.split("\t"));
  const headers = new Map(lines.filter((l) => l[0].startsWith("!")).map((l) => [l[0].slice(1), l.slice(1)]));
  return lines
    .filter((l) => !l[0].startsWith("!"))
    .map((l) => {
      const columns = headers.get(l[0]) ?? [];
      expect(l.length - 1).toBeLessThanOrEqual(Math.max(columns.length, 0));
      return { kind: l[0], ...Object.fromEntries(columns.map((c, i) => [c, l[i + 1] ?? ""])) } as Record<string, string>;
    });
}

describe("toIif", () => {
  it("writes one balanced INVOICE with a SPL per line and the sales tax", () => {
    const text = toIif({
      number: "S-2026-11-0001",
      customer: "Oak\tStreet \"Vet\"",
      day: "2026-11-30",
      memo: "Statement November 2026",
      lines: [
        { description: "C-2026-00001 Bella: Private cremation, 11–30 lb", category: "service", amountCents: 18500, taxCents: 0 },
        { description: "C-2026-00001 Bella: Walnut urn", category: "merchandise", amountCents: 6000, taxCents: 533 },
        { description: "C-2026-00002 Max: adjustment (courtesy)", category: "service", amountCents: -1000, taxCents: 0 },
      ],
    });
    expect(text.startsWith("!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT")).toBe(true);
    const rows = parseIif(text);
    expect(rows.map((r) => r.kind)).toEqual(["TRNS", "SPL", "SPL", "SPL", "SPL", "ENDTRNS"]);
    const [trns, ...spl] = rows;
    expect(trns).toMatchObject({ TRNSTYPE: "INVOICE", DATE: "11/30/26", ACCNT: "Accounts Receivable", NAME: "Oak Street 'Vet'", AMOUNT: "240.33", DOCNUM: "S-2026-11-0001" });
    const splits = spl.filter((r) => r.kind === "SPL");
    const sum = splits.reduce((s, r) => s + Math.round(Number(r.AMOUNT) * 100), 0);
    expect(sum).toBe(-24033);
    expect(splits[3]).toMatchObject({ ACCNT: "Sales Tax Payable", AMOUNT: "-5.33" });
    expect(splits[2]).toMatchObject({ AMOUNT: "10.00", PRICE: "-10.00", QNTY: "-1" });
  });

  it("writes only the header rows for a month without charges", () => {
    expect(toIif({ number: "S", customer: "C", day: "2026-11-30", memo: "", lines: [] }).split("\r\n").filter(Boolean)).toHaveLength(3);
  });

  it("keeps fields on one line and dates as MM/DD/YY", () => {
    expect(iifField("a\tb\r\nc")).toBe("a b c");
    expect(iifDate("2027-01-05")).toBe("01/05/27");
  });
});
