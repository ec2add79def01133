import { fieldErrorsOf, serverMessage } from "./server-message";

describe("serverMessage", () => {
  it("strips the status prefix of an ApiError message", () => {
    expect(serverMessage(new Error("401: Invalid email or password"))).toBe("Invalid email or password");
    expect(serverMessage(new Error("429: Too many failed sign-ins. Try again in 14 minutes."))).toBe(
      "Too many failed sign-ins. Try again in 14 minutes.",
    );
  });

  it("keeps a message without a prefix and falls back when empty", () => {
    expect(serverMessage(new Error("Boom"))).toBe("Boom");
    expect(serverMessage(new Error(""))).toBe("Something went wrong. Please try again.");
    expect(serverMessage(null, "x")).toBe("x");
    expect(serverMessage("nope", "fallback")).toBe("fallback");
  });

  it("words a network failure for people", () => {
    expect(serverMessage(new TypeError("Failed to fetch"))).toMatch(/could not reach the server/i);
  });
});

describe("fieldErrorsOf", () => {
  it("maps the first message per field", () => {
    const error = Object.assign(new Error("400: x"), {
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
