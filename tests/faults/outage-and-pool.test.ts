/**
 * Database outage and pool exhaustion against a real app server and a Postgres we stop:
 * requests get a fast 503 DB_UNAVAILABLE with Retry-After (never a 500, never a hang),
 * readiness says 503, every acknowledged write is stored whole, and service comes back
 * within 10 s of Postgres without restarting the app.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "@/lib/db-admin/client";
import { addMembership, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { APP_PORTS, AppServer, bearer, ensureBuild, FaultPostgres, request, sleep, type Answer } from "./support";

const DB_UNAVAILABLE = { message: "The database is unavailable. Try again in a moment.", code: "DB_UNAVAILABLE" };
const POOL = { DB_POOL_MAX: "3", DB_POOL_TIMEOUT_MS: "1500", DB_STATEMENT_TIMEOUT_MS: "3000" };

const postgres = new FaultPostgres();
let databaseUrl: string;
let db: PrismaClient;
let app: AppServer;
let auth: Record<string, string>;
let unitId: string;

beforeAll(async () => {
  ensureBuild();
  await postgres.start();
  databaseUrl = await postgres.freshDatabase("bfs_faults_outage");
  db = createPrismaClient(databaseUrl);
  const user = await createUser(db, { role: "staff" });
  unitId = (await createUnit(db)).id;
  await addMembership(db, unitId, user.id);
  app = new AppServer(APP_PORTS[0], { DATABASE_URL: databaseUrl, ...POOL });
  await app.start();
  auth = await bearer(app, user.email, DEFAULT_TEST_PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
  await postgres.stop();
});

const taskBody = (uuid: string) => ({
  uuid,
  title: `Outage ${uuid.slice(0, 8)}`,
  department: unitId,
  dueDate: new Date(Date.now() + 86_400_000).toISOString(),
  hasChecklist: true,
  checklistItems: ["one", "two", "three"],
});

describe("database outage", () => {
  it("answers 503 DB_UNAVAILABLE fast while Postgres is down, keeps every acknowledged write whole, and recovers without a restart", async () => {
    const answers: Array<Answer & { at: number; kind: "read" | "write"; uuid?: string }> = [];
    let running = true;
    const stream = async (kind: "read" | "write") => {
      while (running) {
        const at = Date.now();
        if (kind === "write") {
          const uuid = randomUUID();
          answers.push({ ...(await request(`${app.url}/api/tasks`, { method: "POST", headers: auth, body: taskBody(uuid) })), at, kind, uuid });
        } else {
          answers.push({ ...(await request(`${app.url}/api/tasks`, { headers: auth })), at, kind });
        }
        await sleep(100);
      }
    };
    const streams = [stream("write"), stream("read"), stream("write")];

    await sleep(2000);
    const downAt = Date.now();
    await postgres.stop();
    const stoppedAt = Date.now();
    await sleep(2500);
    const ready = await request(`${app.url}/api/ready`);
    const health = await request(`${app.url}/api/health`);
    await sleep(7500);
    const upAt = Date.now();
    await postgres.start();
    const startedAt = Date.now();
    // Run until the first success after the restart, and a little more.
    let recoveredAt: number | null = null;
    while (Date.now() - startedAt < 20_000) {
      const ok = answers.find((a) => a.at >= startedAt && a.status >= 200 && a.status < 300);
      if (ok) {
        recoveredAt = ok.at + ok.ms;
        break;
      }
      await sleep(100);
    }
    await sleep(2000);
    running = false;
    await Promise.all(streams);

    // While down: readiness 503, liveness still 200.
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, database: "down" });
    expect(health.status).toBe(200);

    // Nothing but success or 503 DB_UNAVAILABLE; never a 500, never a hang.
    const during = answers.filter((a) => a.at > stoppedAt && a.at + a.ms < upAt);
    expect(during.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect([200, 201, 503]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(5000);
      if (answer.status === 503) {
        expect(answer.body).toEqual(DB_UNAVAILABLE);
        expect(answer.headers?.get("retry-after")).toBe("5");
      }
    }
    for (const answer of during) expect(answer.status).toBe(503);

    // Recovered within 10 s of Postgres accepting connections again, without restarting the app.
    expect(recoveredAt).not.toBeNull();
    const recoveryMs = recoveredAt! - startedAt;
    expect(recoveryMs).toBeLessThan(10_000);
    expect((await request(`${app.url}/api/ready`)).status).toBe(200);

    // Every acknowledged write is stored, whole (its three checklist items); none half-written.
    const writes = answers.filter((a) => a.kind === "write");
    const acknowledged = writes.filter((a) => a.status === 201).map((a) => a.uuid!);
    const stored = await db.task.findMany({ where: { uuid: { in: writes.map((a) => a.uuid!) } }, select: { uuid: true, _count: { select: { checklistItems: true } } } });
    const storedUuids = new Set(stored.map((t) => t.uuid));
    expect(acknowledged.filter((uuid) => !storedUuids.has(uuid))).toEqual([]);
    expect(stored.filter((t) => t._count.checklistItems !== 3)).toEqual([]);

    console.log(
      JSON.stringify({
        fault: "database outage",
        outageMs: upAt - downAt,
        requests: answers.length,
        during503: during.length,
        slowestMs: Math.max(...answers.map((a) => a.ms)),
        writesAcknowledged: acknowledged.length,
        writesFound: acknowledged.filter((uuid) => storedUuids.has(uuid)).length,
        unacknowledgedButStored: stored.length - acknowledged.length,
        recoveryMs,
      }),
    );
  }, 120_000);
});

describe("readiness", () => {
  it("answers 503 while a migration is pending and 200 once it is applied", async () => {
    const [row] = await db.$queryRaw<Array<{ id: string; migration_name: string }>>`
      SELECT id, migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1`;
    await db.$executeRaw`UPDATE _prisma_migrations SET finished_at = NULL WHERE id = ${row.id}`;
    try {
      const pending = await request(`${app.url}/api/ready`);
      expect(pending.status).toBe(503);
      expect(pending.body).toMatchObject({ ok: false, database: "up", pendingMigrations: [row.migration_name] });
    } finally {
      await db.$executeRaw`UPDATE _prisma_migrations SET finished_at = now() WHERE id = ${row.id}`;
    }
    expect((await request(`${app.url}/api/ready`)).status).toBe(200);
  });
});

describe("pool exhaustion", () => {
  it("makes the excess wait a bounded time, then answers 503; never hangs; serves again once the pool frees", async () => {
    // Hold the tasks table so every task read keeps its pooled connection busy.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE");
    const started = Date.now();
    let answers: Answer[];
    try {
      answers = await Promise.all(Array.from({ length: 12 }, () => request(`${app.url}/api/tasks`, { headers: auth })));
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    const elapsed = Date.now() - started;
    // Statement timeout 3 s for the 3 that got a connection, 1.5 s pool wait for the rest (plus their session lookup).
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(DB_UNAVAILABLE);
      expect(answer.ms).toBeLessThan(8000);
    }
    expect((await request(`${app.url}/api/tasks`, { headers: auth })).status).toBe(200);
    console.log(JSON.stringify({ fault: "pool exhaustion", pool: 3, concurrent: 12, all503: true, slowestMs: Math.max(...answers.map((a) => a.ms)), elapsed }));
  }, 60_000);
});
