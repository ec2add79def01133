import { ApiError } from "@/lib/api-client";
import { conflictingTaskOf } from "./messages";

describe("conflictingTaskOf", () => {
  const task = { id: "3f0c1f36-3a4b-4a5e-9d61-0c0e4cfa5b7e", displayNumber: 12, title: "Engrave urn" };
  const other = { id: "6a1e2b0c-1d2e-4f30-8a40-5b6c7d8e9f00", displayNumber: 13, title: "Other" };
  it("reads conflictingTask of a 409 (spec §3), before activeTask", () => {
    expect(conflictingTaskOf(new ApiError(409, "Cannot punch into task #13", { hasConflict: true, conflictingTask: task, activeTask: other }))).toEqual(task);
    expect(conflictingTaskOf(new ApiError(409, "Cannot punch into task #13", { conflictingTask: task }))).toEqual(task);
  });
  it("falls back to activeTask of a 409", () => {
    expect(conflictingTaskOf(new ApiError(409, "You are still clocked into task #12", { activeTask: task }))).toEqual(task);
  });
  it("ignores other statuses and malformed bodies", () => {
    expect(conflictingTaskOf(new ApiError(400, "x", { activeTask: task }))).toBeNull();
    expect(conflictingTaskOf(new ApiError(409, "Not punched in"))).toBeNull();
    expect(conflictingTaskOf(new ApiError(409, "x", { activeTask: { id: 1 } }))).toBeNull();
    expect(conflictingTaskOf(new ApiError(409, "x", { activeTask: null }))).toBeNull();
    expect(conflictingTaskOf(undefined)).toBeNull();
  });
});
