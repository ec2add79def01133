import { DELETE, GET, PATCH, POST, PUT } from "@/app/api/[...path]/route";
import { createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

describe("an unknown /api path", () => {
  it("answers JSON 404 { message, code: NOT_FOUND } to every method, signed out", async () => {
    for (const [method, handler] of [["GET", GET], ["POST", POST], ["PUT", PUT], ["PATCH", PATCH], ["DELETE", DELETE]] as const) {
      const res = await call(handler, { method, path: "/api/no-such-thing/42", params: { path: ["no-such-thing", "42"] }, body: method === "GET" ? undefined : {} });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toEqual({ message: "No API route at /api/no-such-thing/42", code: "NOT_FOUND" });
    }
  });

  it("is the same 404 signed in", async () => {
    const headers = await signIn(await createUser(testDb.prisma, { role: "admin" }));
    const res = await call(GET, { path: "/api/tasks-typo", headers, params: { path: ["tasks-typo"] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "No API route at /api/tasks-typo", code: "NOT_FOUND" });
  });
});
