import { toCsv } from "./statistics-csv";

describe("toCsv", () => {
  it("quotes, escapes and defuses formulas", () => {
    const csv = toCsv({
      columns: [
        { key: "label", label: "Department" },
        { key: "n", label: "Tasks, done" },
      ],
      rows: [
        { label: 'Front "desk"', n: 3 },
        { label: "=HYPERLINK(1)", n: -2 },
        { label: null, n: null },
      ],
    });
    expect(csv).toBe('Department,"Tasks, done"\r\n"Front ""desk""",3\r\n\'=HYPERLINK(1),-2\r\n,\r\n');
  });
});
