import { stringify } from "csv-stringify/sync";
import { csvCell, safeCell, toCsv } from "./csv";

describe("lib/exports/csv", () => {
  it("guards text that a spreadsheet would run, never a number", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(safeCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(safeCell("a=1")).toBe("a=1");
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell(null)).toBe("");
  });

  it("guards the header row too", () => {
    expect(toCsv(["=SUM(A1)", "ok"], [])).toBe("'=SUM(A1),ok\r\n");
  });

  it("writes what csv-stringify wrote before (quotes, commas, BOM, CRLF), and quotes a line break as RFC 4180 wants", () => {
    const header = ["Name", "Note, long"];
    const rows: (string | number)[][] = [
      ['Front "desk"', 3],
      ["", -4],
      ["Émile Zoë", 8.25],
    ];
    const before = "\uFEFF" + stringify([header, ...rows], { record_delimiter: "\r\n" });
    expect(toCsv(header, rows, { bom: true })).toBe(before);
    // csv-stringify (with record_delimiter "\r\n") left a bare \n or \r unquoted, which splits the row.
    expect(toCsv(["a"], [["line\nbreak"], ["cr\ronly"]])).toBe('a\r\n"line\nbreak"\r\n"cr\ronly"\r\n');
  });
});
