import { ApiError } from "./errors";
import { fieldErrorsOf, getFriendlyError } from "./friendly-errors";
import { connectionErrorOf, friendlyErrorSoon, serverMessageOf } from "./messages";

describe("getFriendlyError: the spec's table, row by row", () => {
  it.each([
    ["Network timeout", new Error("Network timeout after 30s"), "Connection Timeout", /check your connection/i],
    ["Failed to fetch", new TypeError("Failed to fetch"), "Connection Lost", /check your internet connection/i],
    ["a chunk that could not be downloaded", new Error("Failed to load chunk static/chunks/0abc.js from module 123: TypeError: Failed to fetch dynamically imported module"), "Connection Lost", /check your internet connection/i],
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

describe("getFriendlyError: by the server's code, for each row of spec §8", () => {
  // Each row as the server answers it today: { message, code } with the code of lib/http/app-error.ts.
  const server = (status: number, code: string, message: string) => new ApiError(status, message, { message, code });
  it.each([
    ["Unauthorized, or 401", server(401, "UNAUTHORIZED", "Sign in first"), "Access Required"],
    ["Access denied, or 403", server(403, "FORBIDDEN", "Only the creator may change privacy"), "Permission Denied"],
    ["Task not found, or 404", server(404, "NOT_FOUND", "Member not found"), "Not Found"],
    ["Server error, or 500", server(500, "INTERNAL", "Something went wrong"), "System Error"],
    ["Session expired", server(401, "UNAUTHORIZED", "Session expired. Please sign in again."), "Session Expired"],
    ["Task already assigned", server(409, "CONFLICT", "Task already assigned"), "Task Already Assigned"],
    ["Cannot punch into task", server(409, "CONFLICT", "Cannot punch into task #3 while you are clocked into #2"), "Unable to Start Work"],
    ["Already punched in", server(409, "CONFLICT", "Already punched in"), "Already Punched In"],
    ["Not punched in", server(409, "CONFLICT", "Not punched in"), "Not Punched In"],
    ["Time conflict", server(409, "CONFLICT", "Time conflict with entry 4"), "Time Conflict"],
    ["Validation failed", server(400, "BAD_REQUEST", "Validation failed"), "Invalid Information"],
    ["Required field missing", server(400, "BAD_REQUEST", "Required field missing: title"), "Missing Information"],
    ["File too large", server(413, "PAYLOAD_TOO_LARGE", "File too large"), "File Too Large"],
    ["Database error", server(503, "SERVICE_UNAVAILABLE", "Database error"), "Data Error"],
    ["Maintenance mode", server(503, "SERVICE_UNAVAILABLE", "Maintenance mode"), "Maintenance"],
    ["anything else", server(409, "CONFLICT", "That number is taken"), "Something Went Wrong"],
  ])("%s", (_row, error, title) => {
    expect(getFriendlyError(error).title).toBe(title);
  });

  it("matches the code even when status and text say nothing", () => {
    expect(getFriendlyError(new ApiError(200, "odd", { code: "NOT_FOUND" })).title).toBe("Not Found");
    expect(getFriendlyError(new ApiError(418, "odd", { code: "FORBIDDEN" })).title).toBe("Permission Denied");
  });

  it("words the 503 DB_UNAVAILABLE for people", () => {
    expect(getFriendlyError(server(503, "DB_UNAVAILABLE", "Database unavailable"))).toEqual({
      title: "Database Unavailable",
      description: "The database is unavailable. Try again in a moment.",
    });
  });

  it("shows the server's message, not the client's status prefix, where a row shows the message", () => {
    expect(getFriendlyError(server(409, "CONFLICT", "Already punched in since 08:00")).description).toBe("Already punched in since 08:00");
  });
});

describe("serverMessageOf", () => {
  it("is the ApiError's server message, without the status prefix of its text", () => {
    const error = new ApiError(401, "Invalid email or password", { code: "UNAUTHORIZED" });
    expect(error.message).toBe("401: Invalid email or password");
    expect(serverMessageOf(error)).toBe("Invalid email or password");
    expect(serverMessageOf(new ApiError(409, "Not punched in"), "Failed to punch out")).toBe("Not punched in");
  });

  it("strips the prefix of a plain error that follows the spec's text contract", () => {
    expect(serverMessageOf(new Error("429: Too many failed sign-ins. Try again in 14 minutes."))).toBe("Too many failed sign-ins. Try again in 14 minutes.");
    expect(serverMessageOf(new Error("Boom"))).toBe("Boom");
  });

  it("falls back when there is nothing to show", () => {
    expect(serverMessageOf(new Error(""))).toBe("Something went wrong. Please try again.");
    expect(serverMessageOf(new ApiError(500, ""), "Failed to punch out")).toBe("Failed to punch out");
    expect(serverMessageOf(null, "x")).toBe("x");
    expect(serverMessageOf("nope", "fallback")).toBe("fallback");
  });

  it("words a network failure for people", () => {
    expect(serverMessageOf(new TypeError("Failed to fetch"), "x")).toMatch(/could not reach the server/i);
  });
});

describe("fieldErrorsOf", () => {
  it("maps the first message per field", () => {
    const error = new ApiError(400, "x", {
      fieldErrors: [
        { path: "password", message: "Password must be at least 8 characters" },
        { path: "password", message: "second" },
        { path: "email", message: "Enter a valid email address" },
        { nonsense: true },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ password: "Password must be at least 8 characters", email: "Enter a valid email address" });
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});

describe("the first load's part of the table (./messages.ts)", () => {
  const samples: unknown[] = [
    new TypeError("Failed to fetch"),
    new Error("NetworkError when attempting to fetch resource."),
    new Error("Failed to load chunk static/chunks/0abc.js"),
    new Error("Network timeout after 30s"),
    new Error("ERR_NETWORK"),
    new ApiError(403, "Admins only"),
    new ApiError(500, "Something went wrong"),
    new ApiError(418, "I'm a teapot"),
    "404: gone",
    undefined,
  ];

  it("connectionErrorOf answers exactly the table's connection rows, and null for anything a server answered", () => {
    for (const error of samples) {
      const friendly = getFriendlyError(error);
      const connection = connectionErrorOf(error);
      if (["Connection Lost", "Connection Timeout", "Network Error"].includes(friendly.title)) expect(connection).toEqual(friendly);
      else expect(connection).toBeNull();
    }
  });

  it("friendlyErrorSoon gives what getFriendlyError gives, for every kind of error", async () => {
    for (const error of samples) await expect(friendlyErrorSoon(error)).resolves.toEqual(getFriendlyError(error));
  });
});
