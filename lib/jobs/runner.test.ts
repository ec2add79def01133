import pg from "pg";
import { findSchemaDrift } from "@/lib/db-admin/schema-drift";
import { useTestDatabase } from "@/tests/support/db";
import { createJobRunner, runJobNow, type JobRunner } from "./runner";
import { defineJob } from "./types";

const testDb = useTestDatabase();

/** A job that records overlapping runs: the singleton policy must keep it at one at a time. */
let running = 0;
let maxRunning = 0;
let runs = 0;
const probe = defineJob({
  name: "test-probe",
  cron: "*/15 * * * *",
  runAtStart: true,
  run: async () => {
    running += 1;
    maxRunning = Math.max(maxRunning, running);
    await new Promise((resolve) => setTimeout(resolve, 300));
    running -= 1;
    runs += 1;
    return { ok: true };
  },
});

async function query<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("the pg-boss job runner", () => {
  const runners: JobRunner[] = [];
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.boss.stop({ graceful: false, timeout: 2000 })));
  });

  it("starts twice on one database (two app instances): own schema, one schedule, the start-up run, never two runs at once", async () => {
    runners.push(...(await Promise.all([createJobRunner({ connectionString: testDb.url, jobs: [probe] }), createJobRunner({ connectionString: testDb.url, jobs: [probe] })])));

    // pg-boss keeps to its own schema; the app's schema has no drift.
    const schemas = await query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname = 'pgboss'");
    expect(schemas).toHaveLength(1);
    expect(await findSchemaDrift(testDb.url)).toEqual([]);

    // The cron is stored once in the database, in the business zone.
    const schedules = await runners[0].boss.getSchedules("test-probe");
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ cron: "*/15 * * * *", timezone: "America/Chicago" });

    // The start-up sends ran; the stately queue kept them to one at a time.
    const deadline = Date.now() + 15_000;
    while (runs < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(maxRunning).toBe(1);
  });

  it("runs a registered job on demand (the test hook) and rejects an unknown one", async () => {
    await expect(runJobNow("recurrence-generate", { now: "2027-01-01T12:00:00Z" })).resolves.toMatchObject({ created: 0 });
    await expect(runJobNow("nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
