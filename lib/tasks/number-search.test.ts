import { isTaskNumberSearch, taskNumberOf } from "./number-search";

describe("taskNumberOf", () => {
  it("reads 32, #32, # 32 and surrounding spaces", () => {
    expect(taskNumberOf("32")).toBe(32);
    expect(taskNumberOf("#32")).toBe(32);
    expect(taskNumberOf("# 32")).toBe(32);
    expect(taskNumberOf("  #7 ")).toBe(7);
    expect(taskNumberOf("007")).toBe(7);
  });
  it("is null for words, mixed text, zero, negatives, decimals and empty values", () => {
    for (const q of ["", "   ", "#", "urn 32", "32 urn", "#32a", "0", "#0", "-3", "3.5", "##3", null, undefined]) expect(taskNumberOf(q)).toBeNull();
  });
  it("is null past what a task number column holds", () => {
    expect(taskNumberOf("999999999")).toBe(999_999_999);
    expect(taskNumberOf("1234567890")).toBeNull();
  });
  it("isTaskNumberSearch agrees", () => {
    expect(isTaskNumberSearch("#12")).toBe(true);
    expect(isTaskNumberSearch("twelve")).toBe(false);
  });
});
