/** Liveness and readiness answer their contracts (lib/system/contracts.ts), signed out. */
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { readinessSchema } from "@/lib/validations/system";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

useTestDatabase();

describe("GET /api/health", () => {
  it("answers { ok: true } to anyone", async () => {
    const res = await call(health, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe("GET /api/ready", () => {
  it("answers 200 with the database up and no migration pending", async () => {
    const res = await call(ready, { path: "/api/ready" });
    expect(res.body).toEqual(readinessSchema.parse(res.body));
    expect(res.body).toMatchObject({ database: "up", shuttingDown: false });
    expect([res.status, res.body.pendingMigrations]).toEqual([200, []]);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
