import { isCaseNumberRef, scanRefOf } from "./scan-ref";

describe("scanRefOf", () => {
  it("reads the label's link as its token", () => {
    expect(scanRefOf("https://bfs.example/scan?t=abc.DEF_123")).toBe("abc.DEF_123");
    expect(scanRefOf("  http://localhost:3000/scan?t=tok&x=1 ")).toBe("tok");
    expect(scanRefOf("/scan?t=relative")).toBe("relative");
  });

  it("normalises a typed case number and keeps a tag serial as typed", () => {
    expect(scanRefOf(" c-2026-00042 ")).toBe("C-2026-00042");
    expect(scanRefOf("T-00981")).toBe("T-00981");
    expect(isCaseNumberRef("C-2026-00042")).toBe(true);
    expect(isCaseNumberRef("T-00981")).toBe(false);
  });

  it("gives nothing for blank text, and a link without a token is read as typed", () => {
    expect(scanRefOf("   ")).toBeNull();
    expect(scanRefOf("https://bfs.example/other")).toBe("https://bfs.example/other");
  });
});
