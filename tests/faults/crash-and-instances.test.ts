/**
 * kill -9 in the middle of writes, two app instances on one database, and graceful shutdown:
 * acknowledged writes survive whole, retries with the same uuids create nothing twice, sessions
 * and lockouts hold across instances, a punch-in race across both yields one open punch, and
 * SIGTERM lets in-flight requests finish before the pool closes.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "@/lib/db-admin/client";
import { addMembership, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { APP_PORTS, AppServer, bearer, ensureBuild, FaultPostgres, request, sleep, type Answer } from "./support";

const postgres = new FaultPostgres();
let databaseUrl: string;
let db: PrismaClient;
let a: AppServer;
let b: AppServer;
let unitId: string;

beforeAll(async () => {
  ensureBuild();
  await postgres.start();
  databaseUrl = await postgres.freshDatabase("bfs_faults_instances");
  db = createPrismaClient(databaseUrl);
  unitId = (await createUnit(db)).id;
  a = new AppServer(APP_PORTS[0], { DATABASE_URL: databaseUrl });
  b = new AppServer(APP_PORTS[1], { DATABASE_URL: databaseUrl });
  await Promise.all([a.start(), b.start()]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.$disconnect();
  await postgres.stop();
});

async function member() {
  const user = await createUser(db, { role: "staff" });
  await addMembership(db, unitId, user.id);
  return user;
}

const taskBody = (uuid: string) => ({
  uuid,
  title: `Burst ${uuid.slice(0, 8)}`,
  department: unitId,
  dueDate: new Date(Date.now() + 86_400_000).toISOString(),
  hasChecklist: true,
  checklistItems: ["one", "two"],
});

describe("kill -9 of the app during a burst of task creates and punches", () => {
  it("keeps every acknowledged write, leaves no partial rows, and retries create no duplicates", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => member()));
    const tokens = await Promise.all(users.map((u) => bearer(a, u.email, DEFAULT_TEST_PASSWORD)));
    const creates: Array<{ uuid: string; answer?: Answer; auth: Record<string, string> }> = [];
    const punches: Array<{ userId: string; kind: "in" | "out"; answer: Answer }> = [];
    let running = true;

    const creator = async (auth: Record<string, string>) => {
      while (running) {
        const entry: (typeof creates)[number] = { uuid: randomUUID(), auth };
        creates.push(entry);
        entry.answer = await request(`${a.url}/api/tasks`, { method: "POST", headers: auth, body: taskBody(entry.uuid), timeoutMs: 10_000 });
      }
    };
    const puncher = async (i: number) => {
      let kind: "in" | "out" = "in";
      while (running) {
        const answer = await request(`${a.url}/api/auth/punch/${kind === "in" ? "in" : "out-with-reason"}`, {
          method: "POST",
          headers: tokens[i],
          body: kind === "in" ? { location: "desktop" } : { location: "desktop", reason: "Break" },
          timeoutMs: 10_000,
        });
        punches.push({ userId: users[i].id, kind, answer });
        if (answer.status < 300) kind = kind === "in" ? "out" : "in";
      }
    };
    const work = [creator(tokens[0]), creator(tokens[1]), puncher(2), puncher(3)];
    // Kill once a fair number of writes have been acknowledged.
    while (creates.filter((c) => c.answer?.status === 201).length < 15) await sleep(50);
    await a.stop("SIGKILL");
    running = false;
    await Promise.all(work);
    await a.start();

    const acknowledged = creates.filter((c) => c.answer?.status === 201);
    const stored = await db.task.findMany({ where: { uuid: { in: creates.map((c) => c.uuid) } }, select: { uuid: true, _count: { select: { checklistItems: true } } } });
    const storedUuids = new Set(stored.map((t) => t.uuid));
    expect(acknowledged.filter((c) => !storedUuids.has(c.uuid))).toEqual([]);
    expect(stored.filter((t) => t._count.checklistItems !== 2)).toEqual([]);

    // Punches: every acknowledged punch-in is there; never more than one open punch per user.
    const punchIns = punches.filter((p) => p.kind === "in" && p.answer.status === 201);
    const sessions = await db.punchSession.findMany({ where: { userId: { in: [users[2].id, users[3].id] } } });
    expect(sessions.length).toBeGreaterThanOrEqual(punchIns.length);
    for (const user of [users[2], users[3]]) expect(sessions.filter((s) => s.userId === user.id && !s.punchOutAt).length).toBeLessThanOrEqual(1);

    // The client retries everything it sent, acknowledged or not (after a restart the access token is still valid).
    const retries = await Promise.all(creates.map((c) => request(`${a.url}/api/tasks`, { method: "POST", headers: c.auth, body: taskBody(c.uuid) })));
    for (const retry of retries) expect([200, 201]).toContain(retry.status);
    const counts = await db.task.groupBy({ by: ["uuid"], where: { uuid: { in: creates.map((c) => c.uuid) } }, _count: true });
    expect(counts.filter((c) => c._count !== 1)).toEqual([]);
    expect(counts.length).toBe(creates.length);

    console.log(
      JSON.stringify({
        fault: "kill -9",
        createsSent: creates.length,
        createsAcknowledged: acknowledged.length,
        createsFound: acknowledged.filter((c) => storedUuids.has(c.uuid)).length,
        punchInsAcknowledged: punchIns.length,
        punchSessionsFound: sessions.length,
        duplicatesAfterRetry: counts.filter((c) => c._count !== 1).length,
      }),
    );
  }, 120_000);
});

describe("two app instances on one database", () => {
  it("a session created on one works on the other", async () => {
    const user = await member();
    const login = await fetch(`${a.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: user.email, password: DEFAULT_TEST_PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const onB = await request(`${b.url}/api/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ email: user.email });
    // Signing out on B ends the session on A too.
    expect((await request(`${b.url}/api/logout`, { method: "POST", headers: { cookie } })).status).toBe(200);
    expect((await request(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  });

  it("a lockout counted on one holds on the other", async () => {
    const user = await member();
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await request(`${server.url}/api/login`, { method: "POST", body: { email: user.email, password: "wrong-password" } })).status).toBe(401);
    }
    const locked = await request(`${b.url}/api/login`, { method: "POST", body: { email: user.email, password: DEFAULT_TEST_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.headers?.get("retry-after")).toBeTruthy();
    expect((await request(`${a.url}/api/login`, { method: "POST", body: { email: user.email, password: DEFAULT_TEST_PASSWORD } })).status).toBe(429);
  });

  it("a punch-in race across both yields one open punch", async () => {
    const user = await member();
    const auth = await bearer(a, user.email, DEFAULT_TEST_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => request(`${(i % 2 === 0 ? a : b).url}/api/auth/punch/in`, { method: "POST", headers: auth, body: { location: "desktop" } })),
    );
    expect(answers.filter((x) => x.status === 201)).toHaveLength(1);
    expect(answers.filter((x) => x.status !== 201).every((x) => x.status === 409)).toBe(true);
    expect(await db.punchSession.count({ where: { userId: user.id, punchOutAt: null } })).toBe(1);
  });
});

describe("two app instances with the poll and caller caches on", () => {
  const login = async (server: AppServer, email: string) => {
    const res = await fetch(`${server.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: DEFAULT_TEST_PASSWORD }) });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0];
  };

  it("a punch on A is seen by a poll on B within 5 s (B's cached answer ended by A's NOTIFY)", async () => {
    const user = await member();
    const cookie = await login(a, user.email);
    // B answers (and caches) the punched-out state first.
    const before = await request(`${b.url}/api/auth/punch/status`, { headers: { cookie } });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ isPunchedIn: false });
    expect((await request(`${b.url}/api/auth/punch/status`, { headers: { cookie } })).body).toMatchObject({ isPunchedIn: false });
    const punched = await request(`${a.url}/api/auth/punch/in`, { method: "POST", headers: { cookie, origin: a.url }, body: { location: "desktop" } });
    expect(punched.status).toBe(201);
    const started = Date.now();
    let seen: Answer | null = null;
    while (Date.now() - started < 5_000) {
      const poll = await request(`${b.url}/api/auth/punch/status`, { headers: { cookie } });
      if ((poll.body as { isPunchedIn?: boolean }).isPunchedIn) {
        seen = poll;
        break;
      }
      await sleep(50);
    }
    expect(seen).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("logout on B ends the session on A at once, though A had it cached", async () => {
    const user = await member();
    const cookie = await login(a, user.email);
    for (let i = 0; i < 3; i++) expect((await request(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    expect((await request(`${b.url}/api/logout`, { method: "POST", headers: { cookie, origin: b.url } })).status).toBe(200);
    expect((await request(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(401);
    expect((await request(`${a.url}/api/auth/punch/status`, { headers: { cookie } })).status).toBe(401);
  });

  it("deactivation by another connection ends the member's cached sessions on both", async () => {
    const user = await member();
    const cookie = await login(a, user.email);
    expect((await request(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    expect((await request(`${b.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await request(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(401);
    expect((await request(`${b.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  });
});

describe("graceful shutdown", () => {
  it("on SIGTERM stops taking connections, finishes the request in flight, runs the hooks and closes the pool", async () => {
    const user = await member();
    const auth = await bearer(b, user.email, DEFAULT_TEST_PASSWORD);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE");
    const inFlight = request(`${b.url}/api/tasks`, { headers: auth });
    await sleep(500);
    const exited = b.stop("SIGTERM");
    await sleep(500);
    const refused = await request(`${b.url}/api/health`, { timeoutMs: 3000 });
    await locker.query("ROLLBACK");
    await locker.end();
    const finished = await inFlight;
    const code = await exited;

    expect([finished.status, finished.error]).toEqual([200, undefined]);
    expect(refused.status === 0 || refused.status === 503).toBe(true);
    expect(code).toBe(0);
    const stopped = b.output.split("\n").find((line) => line.includes('"event":"stopped"'));
    expect(JSON.parse(stopped!)).toMatchObject({ unfinishedRequests: 0, hooks: { "database pool": "ok" } });
    // No connection is left: with A stopped the same way and this test's own client closed, nobody is connected.
    expect(await a.stop("SIGTERM")).toBe(0);
    await db.$disconnect();
    const probe = new pg.Client({ connectionString: postgres.serverUrl });
    await probe.connect();
    const { rows } = await probe.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'bfs_faults_instances'");
    await probe.end();
    expect(rows[0].n).toBe(0);
  }, 60_000);
});
