import { formatTaskNumber, parseTaskNumber } from "./numbers";

describe("task numbers", () => {
  it("parses 32 and #32, with spaces around", () => {
    expect(parseTaskNumber("32")).toBe(32);
    expect(parseTaskNumber("#32")).toBe(32);
    expect(parseTaskNumber(" #7 ")).toBe(7);
    expect(parseTaskNumber("%2332")).toBe(32);
  });

  it("refuses what is not a task number", () => {
    for (const text of ["", "#", "0", "#0", "-3", "3.5", "32a", "# 32", "2147483648", "12345678901", "3f0c1f36-3a4b-4a5e-9d61-0c0e4cfa5b7e"]) {
      expect({ text, number: parseTaskNumber(text) }).toEqual({ text, number: null });
    }
    expect(parseTaskNumber("2147483647")).toBe(2147483647);
  });

  it("formats a number, and nothing for a series without one", () => {
    expect(formatTaskNumber(32)).toBe("#32");
    expect(formatTaskNumber(null)).toBe("");
    expect(formatTaskNumber(undefined)).toBe("");
  });
});
