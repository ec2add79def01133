import { pageRangeText } from "./page-range";

describe("pageRangeText", () => {
  it("shows the range and the exact total", () => {
    expect(pageRangeText({ page: 1, pageSize: 50, shown: 50, total: 312 })).toBe("1–50 of 312");
    expect(pageRangeText({ page: 7, pageSize: 50, shown: 12, total: 312 })).toBe("301–312 of 312");
    expect(pageRangeText({ page: 1, pageSize: 50, shown: 1, total: 1 })).toBe("1–1 of 1");
  });

  it("marks a capped total with a plus, with thousands separators", () => {
    expect(pageRangeText({ page: 1, pageSize: 50, shown: 50, total: 1000, totalCapped: true })).toBe("1–50 of 1,000+");
    expect(pageRangeText({ page: 1000, pageSize: 50, shown: 50, total: 50_000, totalCapped: true })).toBe("49,951–50,000 of 50,000+");
    expect(pageRangeText({ page: 21, pageSize: 50, shown: 50, total: 1050, totalCapped: false })).toBe("1,001–1,050 of 1,050");
  });

  it("says so when a page is empty", () => {
    expect(pageRangeText({ page: 1, pageSize: 50, shown: 0, total: 0 })).toBe("No tasks");
    expect(pageRangeText({ page: 9, pageSize: 50, shown: 0, total: 120 })).toBe("None on this page of 120");
  });
});
