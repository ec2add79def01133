import { z } from "zod";
import { AppError } from "./app-error";
import { toErrorResponse } from "./error-response";

const where = { method: "POST", path: "/api/test" };

describe("toErrorResponse", () => {
  it("writes an AppError as a flat body with its status and headers", async () => {
    const response = toErrorResponse(
      new AppError("CONFLICT", "Clocked into a task", { activeTask: { id: "t1", displayNumber: 7, title: "Feed" } }, { "X-Test": "1" }),
      where,
    );
    expect(response.status).toBe(409);
    expect(response.headers.get("X-Test")).toBe("1");
    await expect(response.json()).resolves.toEqual({
      message: "Clocked into a task",
      code: "CONFLICT",
      activeTask: { id: "t1", displayNumber: 7, title: "Feed" },
    });
  });

  it("maps a ZodError to 400 naming the field", async () => {
    const result = z.object({ name: z.string() }).safeParse({});
    const response = toErrorResponse(result.error, where);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^name: /);
  });

  it("answers a database outage with 503 DB_UNAVAILABLE and Retry-After, not a 500", async () => {
    const response = toErrorResponse(Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: "P1001" }), where);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    await expect(response.json()).resolves.toEqual({ message: "The database is unavailable. Try again in a moment.", code: "DB_UNAVAILABLE" });
  });

  it.each([
    ["P2002", 409],
    ["23505", 409],
    ["P2025", 404],
    ["P2003", 400],
  ])("maps database error %s to %i", (code, status) => {
    expect(toErrorResponse(Object.assign(new Error("db"), { code }), where).status).toBe(status);
  });

  it("hides internals of unknown errors behind a 500", async () => {
    const spy = jest.spyOn(console, "log").mockImplementation(() => undefined);
    const response = toErrorResponse(new Error("connection string postgres://secret"), where);
    expect(response.status).toBe(500);
    await expect(response.json()).resolves.toEqual({ message: "Something went wrong", code: "INTERNAL" });
    spy.mockRestore();
  });
});
