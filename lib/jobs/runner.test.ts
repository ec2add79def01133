import pg from "pg";
import { findSchemaDrift } from "@/lib/db-admin/schema-drift";
import { createAlert, createUser } from "@/prisma/factories";
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

describe("woken by the database (wakeOn)", () => {
  /** Stands in for push-deliver: the same channel, counting its runs. */
  let woken = 0;
  const pushProbe = defineJob({ name: "test-push-wake", wakeOn: "push_outbox", run: async () => (woken += 1) });
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await createJobRunner({ connectionString: testDb.url, jobs: [pushProbe] });
  });
  afterAll(async () => {
    await runner.boss.stop({ graceful: false, timeout: 2000 });
  });
  const waitFor = async (check: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  it("a notification to a member with a device queues the job as it commits; a rolled-back one or a member without a device does not", async () => {
    // The listener connects in the background; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const withDevice = await createUser(testDb.prisma);
    const without = await createUser(testDb.prisma);
    await testDb.prisma.pushSubscription.create({ data: { userId: withDevice.id, endpoint: `https://push.example.com/${withDevice.id}`, p256dh: "k", auth: "a", deviceLabel: "Test" } });

    // No device: no outbox row, no wake-up.
    const a1 = await createAlert(testDb.prisma, { message: "one" });
    await testDb.prisma.alertRecipient.create({ data: { alertId: a1.id, userId: without.id } });
    // Rolled back: nothing is delivered to the listener.
    await testDb.prisma
      .$transaction(async (tx) => {
        const a = await tx.alert.create({ data: { message: "rolled back" } });
        await tx.alertRecipient.create({ data: { alertId: a.id, userId: withDevice.id } });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(woken).toBe(0);

    // Committed: the job runs within the worker's 5 s poll, not the minute cron.
    const started = Date.now();
    await testDb.prisma.$transaction(async (tx) => {
      const a = await tx.alert.create({ data: { message: "hello" } });
      await tx.alertRecipient.create({ data: { alertId: a.id, userId: withDevice.id } });
    });
    await waitFor(() => woken > 0, 15_000);
    expect(woken).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await testDb.prisma.pushMessage.count({ where: { userId: withDevice.id } })).toBe(1);
  }, 40_000);
});
