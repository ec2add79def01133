import { z } from "zod";
import { describeZodError, parseWith, readJson, searchParamsToObject } from "./parse";

describe("parseWith", () => {
  const schema = z.object({
    title: z.string().min(1, "Title is required"),
    dueDate: z.string({ error: "Due date is required" }),
    estimatedHours: z.number().int().min(0).optional(),
  });

  it("returns the parsed value", () => {
    expect(parseWith(schema, { title: "Feed", dueDate: "2026-11-22" })).toEqual({ title: "Feed", dueDate: "2026-11-22" });
  });

  it("keeps a message that already names the field", () => {
    expect(() => parseWith(schema, { title: "", dueDate: "x" })).toThrow("Title is required");
    expect(() => parseWith(schema, { title: "A" })).toThrow("Due date is required");
  });

  it("prefixes zod's own messages with the field path", () => {
    try {
      parseWith(schema, { title: "A", dueDate: "x", estimatedHours: -1 });
      throw new Error("expected a throw");
    } catch (error) {
      expect((error as Error).message).toMatch(/^estimatedHours: /);
      expect(error).toMatchObject({ code: "BAD_REQUEST", status: 400 });
    }
  });

  it("describes an empty issue list", () => {
    expect(describeZodError(new z.ZodError([]))).toBe("Validation failed");
  });
});

describe("readJson", () => {
  it("reads an empty body as {}", async () => {
    await expect(readJson(new Request("http://x", { method: "POST", body: "" }))).resolves.toEqual({});
  });

  it("turns malformed JSON into a 400", async () => {
    await expect(readJson(new Request("http://x", { method: "POST", body: "{oops" }))).rejects.toMatchObject({
      status: 400,
      message: "Malformed JSON body",
    });
  });
});

describe("searchParamsToObject", () => {
  it("keeps repeated keys as arrays", () => {
    expect(searchParamsToObject(new URL("http://x/?a=1&b=2&b=3"))).toEqual({ a: "1", b: ["2", "3"] });
  });
});
