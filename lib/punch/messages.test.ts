import { ApiError } from "@/lib/api-client";
import { activeTaskOf, errorMessageOf, requiresPunchIn } from "./messages";

describe("errorMessageOf", () => {
  it("strips the status prefix the client adds", () => {
    expect(errorMessageOf(new ApiError(409, "Not punched in"), "Failed to punch out")).toBe("Not punched in");
  });
  it("falls back when there is no message", () => {
    expect(errorMessageOf(new Error(""), "Failed to punch out")).toBe("Failed to punch out");
    expect(errorMessageOf(null, "Failed to punch out")).toBe("Failed to punch out");
    expect(errorMessageOf("boom", "Failed to punch out")).toBe("Failed to punch out");
  });
  it("keeps a plain error's message", () => {
    expect(errorMessageOf(new TypeError("Failed to fetch"), "x")).toBe("Failed to fetch");
  });
});

describe("activeTaskOf", () => {
  const task = { id: "3f0c1f36-3a4b-4a5e-9d61-0c0e4cfa5b7e", displayNumber: 12, title: "Engrave urn" };
  it("reads the task of a 409", () => {
    expect(activeTaskOf(new ApiError(409, "You are still clocked into task #12", { activeTask: task }))).toEqual(task);
  });
  it("ignores other statuses and malformed bodies", () => {
    expect(activeTaskOf(new ApiError(400, "x", { activeTask: task }))).toBeNull();
    expect(activeTaskOf(new ApiError(409, "Not punched in"))).toBeNull();
    expect(activeTaskOf(new ApiError(409, "x", { activeTask: { id: 1 } }))).toBeNull();
    expect(activeTaskOf(new ApiError(409, "x", { activeTask: null }))).toBeNull();
    expect(activeTaskOf(undefined)).toBeNull();
  });
});

describe("requiresPunchIn", () => {
  it("is the server's flag (or the client's text rule)", () => {
    expect(requiresPunchIn(new ApiError(400, "You need to punch in for work before clocking into a task.", { requiresPunchIn: true }))).toBe(true);
    expect(requiresPunchIn(new ApiError(409, "Cannot punch into task #3"))).toBe(false);
    expect(requiresPunchIn(null)).toBe(false);
  });
});
