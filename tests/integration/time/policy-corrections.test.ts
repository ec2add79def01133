import { GET as listCorrectionsHandler } from "@/app/api/admin/time/corrections/route";
import { GET as getPolicyHandler, PUT as putPolicyHandler } from "@/app/api/admin/time/policy/route";
import { POST as correctionHandler } from "@/app/api/time/corrections/route";
import { createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

async function member(role: "staff" | "admin" = "staff") {
  const user = await createUser(testDb.prisma, { role });
  return { user, headers: await signIn(user) };
}

const POLICY = {
  payPeriodKind: "biweekly",
  payPeriodAnchor: "2026-01-05",
  lunchPaidMinutes: 30,
  breakPaidMinutes: 15,
  dailyOvertimeMinutes: 480,
  weeklyOvertimeMinutes: null,
  forgottenPunchHours: 14,
  autoCloseForgotten: false,
  exportRoundingMinutes: 15,
};

describe("GET and PUT /api/admin/time/policy", () => {
  it("admins only; a bad value is a 400 naming the field; a saved policy reads back", async () => {
    const admin = await member("admin");
    const staff = await member();
    const get = (headers: Record<string, string>) => call(getPolicyHandler, { path: "/api/admin/time/policy", headers });
    const put = (headers: Record<string, string>, body: unknown) => call(putPolicyHandler, { method: "PUT", path: "/api/admin/time/policy", headers, body });
    expect((await get({})).status).toBe(401);
    expect((await get(staff.headers)).status).toBe(403);
    expect((await put(staff.headers, POLICY)).status).toBe(403);
    const defaults = await get(admin.headers);
    expect(defaults.status).toBe(200);
    expect(defaults.body.payPeriodKind).toBe("weekly");
    const bad = await put(admin.headers, { ...POLICY, exportRoundingMinutes: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/exportRoundingMinutes/);
    const saved = await put(admin.headers, POLICY);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(POLICY);
    expect((await get(admin.headers)).body).toEqual(POLICY);
  });
});

describe("GET /api/admin/time/corrections", () => {
  it("admins only; lists the requests with their member, filtered by status", async () => {
    const admin = await member("admin");
    const staff = await member();
    const list = (headers: Record<string, string>, qs = "") => call(listCorrectionsHandler, { path: `/api/admin/time/corrections${qs}`, headers });
    const asked = await call(correctionHandler, {
      method: "POST",
      path: "/api/time/corrections",
      headers: staff.headers,
      body: { requestedInAt: "2025-11-13T14:00:00.000Z", requestedOutAt: "2025-11-13T18:00:00.000Z", reason: "Phone was dead" },
    });
    expect(asked.status).toBe(201);
    expect((await list({})).status).toBe(401);
    expect((await list(staff.headers)).status).toBe(403);
    expect((await list(admin.headers, "?status=maybe")).status).toBe(400);
    const pending = await list(admin.headers, "?status=pending");
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual([expect.objectContaining({ id: asked.body.id, status: "pending", reason: "Phone was dead", user: { id: staff.user.id, firstName: staff.user.firstName, lastName: staff.user.lastName } })]);
    expect((await list(admin.headers, "?status=approved")).body).toEqual([]);
  });
});
