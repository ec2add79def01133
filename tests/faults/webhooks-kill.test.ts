/**
 * kill -9 of the app in the middle of a webhook delivery run: every acknowledged change's event
 * still reaches the receiver (a loopback https receiver, trusted through WEBHOOKS_CA_FILE and
 * allowed through WEBHOOKS_ALLOW_PRIVATE_NETWORKS, as in tests/integration/webhooks), signed,
 * and a delivery repeated after the crash (at least once) carries the same event id and body.
 *
 * A killed process leaves two timeouts behind, both meant for a process that died: the
 * deliveries it had claimed stay leased for LEASE_MS (2 min), and the pg-boss run it held stays
 * "active" until the job's expiry (10 min), which keeps the queue's one running slot (the
 * "stately" policy). The test moves both past their end (the database's view of "that much time
 * has passed") instead of waiting them out; everything after is the restarted app's own work.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sealSecret } from "@/lib/auth/secret-box";
import { createPrismaClient } from "@/lib/db-admin/client";
import { newWebhookSecret, secretHint, verifySignature } from "@/lib/services/webhooks/signature";
import { addMembership, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { AUTH_SECRET, APP_PORTS, AppServer, bearer, ensureBuild, FaultPostgres, request, sleep, type Answer } from "./support";


interface Received {
  eventId: string;
  signature: string;
  body: string;
}

const postgres = new FaultPostgres();
let databaseUrl: string;
let db: PrismaClient;
let app: AppServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Requests the receiver has read but not answered yet (in flight from the app's side). */
let holding = 0;
let lastReceivedAt = 0;
/** How long the receiver waits before answering, so a delivery run is mid-flight when the app dies. */
let answerDelayMs = 400;
/** WEBHOOKS_DELIVER_JOB (lib/services/webhooks/record-event.ts, which opens the app's own database client on import). */
const DELIVER_JOB = "webhooks-deliver";

beforeAll(async () => {
  // The subscription's secret is sealed with the app's key, derived (on first use) from NEXTAUTH_SECRET.
  process.env.NEXTAUTH_SECRET = AUTH_SECRET;
  ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), "faults-webhook-receiver-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
    "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
  ], { stdio: "ignore" });
  receiver = createServer({ key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) }, (req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ eventId: String(req.headers["bfs-event-id"]), signature: String(req.headers["bfs-signature"]), body });
      holding += 1;
      lastReceivedAt = Date.now();
      setTimeout(() => {
        holding -= 1;
        // The sender may be gone (killed): writing to its closed socket is not the receiver's failure.
        res.on("error", () => undefined);
        if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }, answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `https://localhost:${(receiver.address() as AddressInfo).port}/hooks`;

  await postgres.start();
  databaseUrl = await postgres.freshDatabase("bfs_faults_webhooks");
  db = createPrismaClient(databaseUrl);
  app = new AppServer(APP_PORTS[0], { DATABASE_URL: databaseUrl, WEBHOOKS_CA_FILE: path.join(dir, "cert.pem"), WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" });
}, 120_000);

afterAll(async () => {
  await app?.stop("SIGKILL");
  await db?.$disconnect();
  await postgres.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const taskBody = (uuid: string, unitId: string) => ({
  uuid,
  title: `Hook ${uuid.slice(0, 8)}`,
  department: unitId,
  dueDate: new Date(Date.now() + 86_400_000).toISOString(),
});

describe("kill -9 of the app during webhook deliveries", () => {
  it("delivers every acknowledged change's event after the restart, signed, duplicates carrying the same event id", async () => {
    const unitId = (await createUnit(db)).id;
    const admin = await createUser(db, { role: "admin" });
    const staff = await Promise.all([0, 1].map(() => createUser(db, { role: "staff" })));
    for (const user of staff) await addMembership(db, unitId, user.id);
    const secret = newWebhookSecret();
    await db.webhookSubscription.create({
      data: { url: receiverUrl, eventTypes: ["task.created"], description: "Fault test", secretCiphertext: sealSecret(secret), secretHint: secretHint(secret), createdById: admin.id },
    });
    await app.start();
    const tokens = await Promise.all(staff.map((u) => bearer(app, u.email, DEFAULT_TEST_PASSWORD)));

    const creates: Array<{ uuid: string; answer?: Answer }> = [];
    let running = true;
    const creator = async (auth: Record<string, string>) => {
      while (running) {
        const entry: (typeof creates)[number] = { uuid: randomUUID() };
        creates.push(entry);
        entry.answer = await request(`${app.url}/api/tasks`, { method: "POST", headers: auth, body: taskBody(entry.uuid, unitId), timeoutMs: 10_000 });
        await sleep(50);
      }
    };
    const work = tokens.map((auth) => creator(auth));
    const acknowledgedCount = () => creates.filter((c) => c.answer?.status === 201).length;
    // Kill once deliveries are going out and one is held by the receiver (sent, not answered, and
    // well before its answer is due, so the app cannot record it before the signal lands).
    const deadline = Date.now() + 30_000;
    while (!(acknowledgedCount() >= 10 && received.length >= 3 && holding > 0 && Date.now() - lastReceivedAt < 150)) {
      if (Date.now() > deadline) throw new Error(`no delivery in flight: ${JSON.stringify({ acknowledged: acknowledgedCount(), received: received.length, holding })}\n${app.output.slice(-2000)}`);
      await sleep(20);
    }
    await app.stop("SIGKILL");
    running = false;
    await Promise.all(work);
    const receivedBeforeKill = received.length;

    // "LEASE_MS and the job's expiry have passed": the claims and the run the dead process held end now.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const leased = await client.query("UPDATE webhook_deliveries SET lease_until = now() - interval '1 second' WHERE status = 'pending' AND lease_until IS NOT NULL");
    const runs = await client.query("UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE name = $1 AND state = 'active'", [DELIVER_JOB]);
    await client.end();
    expect(leased.rowCount).toBeGreaterThan(0);
    expect(runs.rowCount).toBe(1);

    answerDelayMs = 0;
    await app.start();
    // Drained: no delivery left pending (the run at start sends them; a later run would too).
    const drainDeadline = Date.now() + 30_000;
    for (;;) {
      const pending = await db.webhookDelivery.count({ where: { status: { not: "succeeded" } } });
      if (pending === 0) break;
      if (Date.now() > drainDeadline) throw new Error(`${pending} deliveries still pending\n${app.output.slice(-2000)}`);
      await sleep(250);
    }

    const acknowledged = creates.filter((c) => c.answer?.status === 201);
    const ackIds = acknowledged.map((c) => (c.answer!.body as { id: string }).id);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const bodies = received.map((r) => ({ ...r, parsed: JSON.parse(r.body) as { id: string; type: string; data: { task: { id: string } } } }));
    // Every request: signed with the subscription's secret over its raw body, and the header's event id is the body's.
    expect(bodies.filter((r) => !verifySignature(secret, r.signature, r.body, nowSeconds) || r.eventId !== r.parsed.id)).toEqual([]);
    // Every acknowledged change's event arrived at least once.
    const deliveredTaskIds = new Set(bodies.filter((r) => r.parsed.type === "task.created").map((r) => r.parsed.data.task.id));
    expect(ackIds.filter((id) => !deliveredTaskIds.has(id))).toEqual([]);
    // Every event the database holds arrived (changes committed but not acknowledged before the kill included).
    const events = await db.webhookEvent.findMany({ select: { id: true } });
    const receivedIds = new Set(bodies.map((r) => r.eventId));
    expect(events.filter((e) => !receivedIds.has(e.id))).toEqual([]);
    // Duplicates: the delivery in flight at the kill went again, with the same event id and the same body.
    const byEvent = new Map<string, string[]>();
    for (const r of bodies) byEvent.set(r.eventId, [...(byEvent.get(r.eventId) ?? []), r.body]);
    const duplicated = [...byEvent.entries()].filter(([, list]) => list.length > 1);
    expect(duplicated.length).toBeGreaterThanOrEqual(1);
    for (const [, list] of duplicated) expect(new Set(list).size).toBe(1);
    // One event per task.created change: the duplicates are deliveries, not new events.
    expect(byEvent.size).toBe(events.length);

    console.log(
      JSON.stringify({
        fault: "kill -9 mid-delivery",
        createsSent: creates.length,
        createsAcknowledged: acknowledged.length,
        events: events.length,
        requestsBeforeKill: receivedBeforeKill,
        deliveriesLeasedAtKill: leased.rowCount,
        requestsTotal: received.length,
        eventsDeliveredTwiceOrMore: duplicated.length,
      }),
    );
  }, 120_000);
});
