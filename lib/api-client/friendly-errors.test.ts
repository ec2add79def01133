import { ApiError } from "./errors";
import { getFriendlyError } from "./friendly-errors";

describe("getFriendlyError: the spec's table, row by row", () => {
  it.each([
    ["Network timeout", new Error("Network timeout after 30s"), "Connection Timeout", /check your connection/i],
    ["Failed to fetch", new TypeError("Failed to fetch"), "Connection Lost", /check your internet connection/i],
    ["ERR_NETWORK", new Error("ERR_NETWORK"), "Network Error", /network error/i],
    ["Session expired", new ApiError(400, "Session expired"), "Session Expired", /log in again/i],
    ["Unauthorized", new Error("Unauthorized"), "Access Required", /log in/i],
    ["401", new ApiError(401, "Who are you?"), "Access Required", /log in/i],
    ["Access denied", new Error("Access denied to reports"), "Permission Denied", /contact your administrator/i],
    ["403", new ApiError(403, "Admins only"), "Permission Denied", /contact your administrator/i],
    ["Task not found", new Error("Task not found"), "Not Found", /refresh the page/i],
    ["404", new ApiError(404, "No such thing"), "Not Found", /refresh the page/i],
    ["Server error", new Error("Internal server error"), "System Error", /try again/i],
    ["500", new ApiError(500, "Something went wrong"), "System Error", /try again/i],
    ["Cannot punch into task", new ApiError(409, "Cannot punch into task 12"), "Unable to Start Work", /punch out of your current task first/i],
    ["Time conflict", new ApiError(409, "Time conflict with entry 4"), "Time Conflict", /review your time entries/i],
    ["File too large", new ApiError(413, "File too large"), "File Too Large", /choose a smaller file/i],
    ["Database error", new ApiError(503, "Database error"), "Data Error", /try again/i],
    ["Maintenance mode", new ApiError(503, "Maintenance mode"), "Maintenance", /try again later/i],
  ])("%s", (_trigger, error, title, advice) => {
    const friendly = getFriendlyError(error);
    expect(friendly.title).toBe(title);
    expect(friendly.description).toMatch(advice);
  });

  it.each([
    ["Task already assigned", "409: Task already assigned to Sam", "Task Already Assigned", "Task already assigned to Sam"],
    ["Already punched in", "409: Already punched in since 08:00", "Already Punched In", "Already punched in since 08:00"],
    ["Not punched in", "400: Not punched in", "Not Punched In", "Not punched in"],
    ["Validation failed", "400: Validation failed: title is required", "Invalid Information", "Validation failed: title is required"],
    ["Required field missing", "400: Required field missing: department", "Missing Information", "Required field missing: department"],
  ])("%s shows the server's message without the status", (_trigger, message, title, description) => {
    expect(getFriendlyError(new Error(message))).toEqual({ title, description });
  });

  it("falls back to Something Went Wrong", () => {
    expect(getFriendlyError(new ApiError(418, "I'm a teapot"))).toEqual({
      title: "Something Went Wrong",
      description: "Please try again, or contact support if the problem continues.",
    });
  });
});

describe("getFriendlyError: matching", () => {
  it("ignores case", () => {
    expect(getFriendlyError(new Error("FAILED TO FETCH")).title).toBe("Connection Lost");
    expect(getFriendlyError(new Error("err_network")).title).toBe("Network Error");
  });

  it("reads the status from the message when the error carries none", () => {
    expect(getFriendlyError(new Error("403: Nope")).title).toBe("Permission Denied");
    expect(getFriendlyError("404: gone").title).toBe("Not Found");
  });

  it("follows the table's order when several rows match", () => {
    // "Session expired" precedes the 401 row; the 403 row precedes "Cannot punch into task".
    expect(getFriendlyError(new ApiError(401, "Session expired")).title).toBe("Session Expired");
    expect(getFriendlyError(new ApiError(403, "Cannot punch into task")).title).toBe("Permission Denied");
    // "Already punched in" is not mistaken for "Not punched in", nor the reverse.
    expect(getFriendlyError(new Error("Already punched in")).title).toBe("Already Punched In");
  });

  it("handles values that are not errors", () => {
    expect(getFriendlyError(undefined).title).toBe("Something Went Wrong");
    expect(getFriendlyError({ message: "Maintenance mode" }).title).toBe("Maintenance");
    expect(getFriendlyError({ status: 500 }).title).toBe("System Error");
  });
});
