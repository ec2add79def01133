/**
 * Retention (docs/cases.md "Retention"): a case, its custody events, its authorizations and its
 * chamber occupancies cannot be deleted while the case is open or closed less than the setting's
 * years ago, whoever deletes (a superuser bypassing the app). Past the period the case can be
 * purged whole. A change of the period racing a delete: the delete reads the committed period.
 * The custody log stays append-only for UPDATE and TRUNCATE. The app answers such a refusal with a 409.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PUT as retentionHandler } from "@/app/api/cases/retention/route";
import { GET as logHandler } from "@/app/api/cases/cremation-log/route";
import { toErrorResponse } from "@/lib/http/error-response";
import { createApiKey, createMemorialCase, recordCaseScans } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
let staff: Awaited<ReturnType<typeof person>>;
let chamberId: string;
const YEAR = 365.25 * 24 * 3_600_000;

async function superuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A private case returned and closed `yearsAgo` years ago (null: still open, at chamber out). */
async function caseClosed(yearsAgo: number | null) {
  const c = await createMemorialCase(testDb.prisma, { createdById: staff.id });
  const stations = yearsAgo === null ? (["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"] as const) : (["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready", "returned"] as const);
  // The database's clock, which the triggers read (the boundary runs fake only the process's).
  const [{ now }] = await testDb.prisma.$queryRaw<[{ now: Date }]>`SELECT now() AS now`;
  const end = yearsAgo === null ? now.getTime() : now.getTime() - yearsAgo * YEAR;
  await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: [...stations], chamberId, times: stations.map((_, i) => new Date(end - (stations.length - i) * 60_000)) });
  const row = await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id: c.id }, select: { status: true, closedAt: true } });
  expect(row.status).toBe(yearsAgo === null ? "open" : "closed");
  return c;
}

/** Deletes everything of a case, children first, as a purge would. */
const purge = (client: pg.Client, caseId: string) =>
  client.query(`
    WITH e AS (DELETE FROM case_events WHERE case_id = '${caseId}'),
         a AS (DELETE FROM case_authorizations WHERE case_id = '${caseId}'),
         o AS (DELETE FROM chamber_occupancies WHERE case_id = '${caseId}'),
         l AS (DELETE FROM case_family_links WHERE case_id = '${caseId}'),
         m AS (DELETE FROM case_emails WHERE case_id = '${caseId}'),
         b AS (DELETE FROM case_belongings WHERE case_id = '${caseId}')
    SELECT 1`).then(() => client.query("DELETE FROM cases WHERE id = $1", [caseId]));

const setYears = (years: number) => testDb.prisma.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1, caseRetentionYears: years }, update: { caseRetentionYears: years } });

beforeAll(async () => {
  staff = await person(testDb.prisma);
  chamberId = (await testDb.prisma.cremationChamber.create({ data: { name: `Retention ${randomUUID()}` } })).id;
});
beforeEach(() => setYears(7));

describe("the retention period, in the database", () => {
  it("refuses a superuser's delete of an open case's or a recently closed case's records (BF050)", async () => {
    for (const c of [await caseClosed(null), await caseClosed(6.9)]) {
      await superuser(async (client) => {
        for (const table of ["case_events", "case_authorizations", "chamber_occupancies"]) {
          await expect(client.query(`DELETE FROM ${table} WHERE case_id = $1`, [c.id])).rejects.toMatchObject({ code: "BF050" });
        }
        await expect(client.query("DELETE FROM cases WHERE id = $1", [c.id])).rejects.toMatchObject({ code: "BF050" });
        await expect(purge(client, c.id)).rejects.toMatchObject({ code: "BF050" });
      });
      expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id } })).toBeGreaterThan(0);
      expect(await testDb.prisma.memorialCase.count({ where: { id: c.id } })).toBe(1);
    }
  });

  it("allows the whole case to be purged once its period has passed, and follows the setting", async () => {
    const old = await caseClosed(7.1);
    const older = await caseClosed(8);
    // A longer period (10 years) keeps both; back to 7, the older one goes.
    await setYears(10);
    await superuser((client) => expect(purge(client, older.id)).rejects.toMatchObject({ code: "BF050" }));
    await setYears(7);
    await superuser((client) => purge(client, older.id));
    expect(await testDb.prisma.memorialCase.count({ where: { id: older.id } })).toBe(0);
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: older.id } })).toBe(0);
    // Past the period, the custody log is still append-only for UPDATE and TRUNCATE.
    await superuser(async (client) => {
      await expect(client.query("UPDATE case_events SET note = 'edited' WHERE case_id = $1", [old.id])).rejects.toMatchObject({ code: "BF003" });
      await expect(client.query("TRUNCATE case_events CASCADE")).rejects.toMatchObject({ code: expect.stringMatching(/^BF0(03|50)$/) });
      await expect(client.query("TRUNCATE cases CASCADE")).rejects.toMatchObject({ code: expect.stringMatching(/^BF0(03|50)$/) });
    });
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: old.id } })).toBeGreaterThan(0);
  });

  it("the setting must be between 1 and 100 years", async () => {
    await expect(setYears(0)).rejects.toThrow(/organization_settings_case_retention_years/);
    await expect(setYears(101)).rejects.toThrow(/organization_settings_case_retention_years/);
  });

  it("a delete racing a longer period: the delete waits for the change and is refused", async () => {
    const c = await caseClosed(8);
    await superuser(async (admin) => {
      await superuser(async (purger) => {
        await admin.query("BEGIN");
        await admin.query("UPDATE organization_settings SET case_retention_years = 10 WHERE id = 1");
        // The purge reads the setting FOR SHARE: it waits for the uncommitted change...
        const pending = purger.query("DELETE FROM case_events WHERE case_id = $1", [c.id]).then(
          () => "deleted",
          (error: { code?: string }) => error.code,
        );
        const early = await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve("waiting"), 300))]);
        expect(early).toBe("waiting");
        await admin.query("COMMIT");
        // ...and then reads the committed 10 years.
        expect(await pending).toBe("BF050");
      });
    });
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id } })).toBeGreaterThan(0);
  });

  it("a shorter period racing a purge that already read the old one: the change waits for the purge", async () => {
    const c = await caseClosed(8);
    await setYears(10);
    await superuser(async (purger) => {
      await superuser(async (admin) => {
        await purger.query("BEGIN");
        await expect(purger.query("DELETE FROM case_events WHERE case_id = $1", [c.id])).rejects.toMatchObject({ code: "BF050" });
        await purger.query("ROLLBACK");
        await purger.query("BEGIN");
        await purger.query("SELECT case_in_retention($1)", [c.id]);
        const change = admin.query("UPDATE organization_settings SET case_retention_years = 7 WHERE id = 1").then(() => "changed");
        const early = await Promise.race([change, new Promise((resolve) => setTimeout(() => resolve("waiting"), 300))]);
        expect(early).toBe("waiting");
        await purger.query("COMMIT");
        expect(await change).toBe("changed");
      });
      await purge(purger, c.id);
    });
    expect(await testDb.prisma.memorialCase.count({ where: { id: c.id } })).toBe(0);
  });
});

describe("the app", () => {
  it("answers a delete refused by the retention rule with a 409, not a 500", async () => {
    const c = await caseClosed(1);
    const error = await testDb.prisma.caseEvent.deleteMany({ where: { caseId: c.id } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    const res = toErrorResponse(error, { method: "DELETE", path: "/test" });
    expect([res.status, await res.json()]).toEqual([409, { code: "CONFLICT", message: "These records are kept for the retention period and cannot be deleted yet" }]);
  });
});

describe("PUT /api/cases/retention", () => {
  const put = (headers: Record<string, string>, body: unknown) => call(retentionHandler, { method: "PUT", path: "/api/cases/retention", headers, body });

  it("an administrator changes the period: stored, audited, shown with the log, and enforced", async () => {
    const admin = await person(testDb.prisma, "admin");
    const c = await caseClosed(8);
    const res = await put(admin.headers, { years: 10 });
    expect([res.status, res.body.years]).toEqual([200, 10]);
    expect((await testDb.prisma.organizationSettings.findUniqueOrThrow({ where: { id: 1 } })).caseRetentionYears).toBe(10);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "cases.retention" }, orderBy: { createdAt: "desc" } });
    expect([audit.actorId, audit.before, audit.after]).toEqual([admin.id, { caseRetentionYears: 7 }, { caseRetentionYears: 10 }]);
    const log = await call(logHandler, { path: "/api/cases/cremation-log?from=2026-01-01&to=2026-01-31", headers: staff.headers });
    expect(log.body.retentionYears).toBe(10);
    await superuser((client) => expect(purge(client, c.id)).rejects.toMatchObject({ code: "BF050" }));
  });

  it("401 signed out, 403 for managers and staff, 400 naming the field, and a cases:write key of an administrator", async () => {
    const manager = await person(testDb.prisma, "manager");
    const admin = await person(testDb.prisma, "admin");
    expect((await put({}, { years: 8 })).status).toBe(401);
    expect((await put(manager.headers, { years: 8 })).status).toBe(403);
    expect((await put(staff.headers, { years: 8 })).status).toBe(403);
    for (const [body, message] of [
      [{}, "Years must be a number"],
      [{ years: 0 }, "Years must be at least 1"],
      [{ years: 101 }, "Years must be at most 100"],
      [{ years: 7.5 }, "Years must be a whole number"],
      [{ years: "seven" }, "Years must be a number"],
    ] as const) {
      const res = await put(admin.headers, body);
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([JSON.stringify(body), 400, message]);
    }
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: admin.id, scopes })).token}` });
    expect((await put(await key(["cases:read"]), { years: 8 })).status).toBe(403);
    expect((await put(await key(["cases:write"]), { years: 8 })).body.years).toBe(8);
  });
});
