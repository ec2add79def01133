/**
 * Outgoing webhooks against a real https receiver on loopback (self-signed certificate, trusted
 * through WEBHOOKS_CA_FILE; loopback allowed through WEBHOOKS_ALLOW_PRIVATE_NETWORKS): the
 * outbox row written with the change, the signed POST, the retry after a 500, a run cut short
 * (the lease) losing nothing, giving up after 24 h, disabling after N failures with the admins'
 * alert, "Resend", rotation, the SSRF guard, and the admin API's refusals.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as listWebhooksRoute, POST as createWebhookRoute } from "@/app/api/admin/webhooks/route";
import { DELETE as deleteWebhookRoute, PATCH as patchWebhookRoute } from "@/app/api/admin/webhooks/[id]/route";
import { POST as rotateRoute } from "@/app/api/admin/webhooks/[id]/rotate/route";
import { GET as deliveriesRoute } from "@/app/api/admin/webhooks/[id]/deliveries/route";
import { POST as resendRoute } from "@/app/api/admin/webhooks/deliveries/[id]/resend/route";
import { POST as scanRoute } from "@/app/api/cases/[number]/scans/route";
import { GET as weekRoute } from "@/app/api/schedule/route";
import { POST as publishRoute } from "@/app/api/schedule/publish/route";
import { POST as createShiftRoute } from "@/app/api/schedule/shifts/route";
import { POST as punchInRoute } from "@/app/api/auth/punch/in/route";
import { POST as punchOutRoute } from "@/app/api/auth/punch/out-with-reason/route";
import { POST as completeRoute } from "@/app/api/tasks/[id]/complete/route";
import { GET as getTaskRoute } from "@/app/api/tasks/[id]/route";
import { POST as createTaskRoute } from "@/app/api/tasks/route";
import { setAuthClock } from "@/lib/auth/clock";
import { evaluateRules } from "@/lib/services/alerts/evaluate-rules";
import { createMemorialCase, createPunchSession, recordCaseScans } from "@/prisma/factories";
import { openSecret } from "@/lib/auth/secret-box";
import { isPrivateAddress } from "@/lib/services/webhooks/address-guard";
import { deliverWebhooks, LEASE_MS } from "@/lib/services/webhooks/deliver-webhooks";
import { pruneOutboxes, retentionDays } from "@/lib/services/webhooks/prune";
import { verifySignature } from "@/lib/services/webhooks/signature";
import { WEBHOOK_EVENT_DATA, webhookEnvelopeSchema } from "@/lib/validations/webhooks";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body as taskBody, person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}
let server: Server;
let baseUrl: string;
const received: Received[] = [];
/** Status codes the receiver answers, in turn; 200 once they run out. */
const answers: number[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "webhook-receiver-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
    "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
  ], { stdio: "ignore" });
  process.env.WEBHOOKS_CA_FILE = path.join(dir, "cert.pem");
  process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "true";
  server = createServer({ key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) }, (req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status >= 300 ? "receiver is down for maintenance" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `https://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete process.env.WEBHOOKS_CA_FILE;
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS;
});

beforeEach(async () => {
  received.length = 0;
  answers.length = 0;
  // Each test its own subscriptions: one test's outbox is not another's.
  await testDb.prisma.webhookSubscription.deleteMany({});
});
afterEach(() => {
  setAuthClock(null);
  delete process.env.WEBHOOKS_DISABLE_AFTER_FAILURES;
});

async function subscribe(admin: { headers: Record<string, string> }, eventTypes: string[], url = `${baseUrl}/hooks`) {
  const res = await call(createWebhookRoute, { method: "POST", path: "/api/admin/webhooks", headers: admin.headers, body: { url, eventTypes, description: "Accounting" } });
  expect(res.status).toBe(201);
  return res.body as { webhook: { id: string; secretHint: string }; secret: string };
}

const later = (ms: number) => setAuthClock(() => new Date(Date.now() + ms));

describe("subscriptions", () => {
  it("shows the secret once, stores it encrypted, and refuses others, http and bad events", async () => {
    const admin = await person(testDb.prisma, "admin");
    const staff = await person(testDb.prisma, "staff");
    const { webhook, secret } = await subscribe(admin, ["task.created", "task.created", "punch.in"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(webhook.secretHint).toBe(secret.slice(0, 10));
    const row = await testDb.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(row.secretCiphertext).not.toContain(secret.slice(6));
    expect(openSecret(row.secretCiphertext)).toBe(secret);
    expect(row.eventTypes).toEqual(["punch.in", "task.created"]);

    const list = await call(listWebhooksRoute, { path: "/api/admin/webhooks", headers: admin.headers });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.items).toEqual([expect.objectContaining({ id: webhook.id, status: "active", eventTypes: ["punch.in", "task.created"] })]);

    expect((await call(listWebhooksRoute, { path: "/api/admin/webhooks" })).status).toBe(401);
    expect((await call(listWebhooksRoute, { path: "/api/admin/webhooks", headers: staff.headers })).status).toBe(403);
    const http = await call(createWebhookRoute, { method: "POST", path: "/api/admin/webhooks", headers: admin.headers, body: { url: "http://example.com/x", eventTypes: ["task.created"] } });
    expect(http.status).toBe(400);
    expect(http.body.message).toBe("URL must start with https://");
    const unknown = await call(createWebhookRoute, { method: "POST", path: "/api/admin/webhooks", headers: admin.headers, body: { url: `${baseUrl}/x`, eventTypes: ["task.deleted"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/eventTypes/);
  });

  it("refuses loopback, private and link-local receivers unless the setting allows them", async () => {
    const admin = await person(testDb.prisma, "admin");
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "false";
    try {
      for (const url of ["https://127.0.0.1/x", "https://localhost/x", "https://[::1]/x", "https://169.254.169.254/latest", "https://10.1.2.3/x", "https://[::ffff:192.168.0.1]/x"]) {
        const res = await call(createWebhookRoute, { method: "POST", path: "/api/admin/webhooks", headers: admin.headers, body: { url, eventTypes: ["task.created"] } });
        expect([url, res.status, res.body.message]).toEqual([url, 400, "URL points to a private, loopback or link-local address"]);
      }
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "true";
    }
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2606:4700:4700::1111")).toBe(false);
    expect(isPrivateAddress("100.64.0.1")).toBe(true);
    expect(isPrivateAddress("fd00::1")).toBe(true);
  });

  it("refuses at delivery time a receiver that resolves to loopback once the setting is off (checked after DNS)", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    await subscribe(admin, ["task.created"]);
    await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id) });
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "false";
    try {
      expect(await deliverWebhooks()).toEqual({ sent: 1, succeeded: 0, failed: 1 });
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = "true";
    }
    expect(received).toHaveLength(0);
    const attempt = await testDb.prisma.webhookAttempt.findFirstOrThrow({});
    expect(attempt.error).toBe("localhost points to a private, loopback or link-local address");
  });
});

describe("delivery", () => {
  it("writes the outbox row with the change, signs the POST, and retries after a 500 with the same event", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    const { webhook, secret } = await subscribe(admin, ["task.created", "task.completed"]);

    const created = await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id, { title: "Order urns" }) });
    expect(created.status).toBe(201);
    // Nothing is sent inside the request: the delivery waits in the outbox.
    expect(received).toHaveLength(0);
    const pending = await testDb.prisma.webhookDelivery.findMany({ where: { subscriptionId: webhook.id }, include: { event: true } });
    expect(pending).toEqual([expect.objectContaining({ status: "pending", attempts: 0 })]);
    expect(pending[0]!.event.type).toBe("task.created");

    answers.push(500);
    expect(await deliverWebhooks()).toEqual({ sent: 1, succeeded: 0, failed: 1 });
    expect(received).toHaveLength(1);
    const afterFailure = await testDb.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: pending[0]!.id } });
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastResponseExcerpt: "receiver is down for maintenance" });
    const wait = afterFailure.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(40_000);
    // Not due yet: a run now sends nothing.
    expect(await deliverWebhooks()).toEqual({ sent: 0, succeeded: 0, failed: 0 });

    later(60_000);
    expect(await deliverWebhooks()).toEqual({ sent: 1, succeeded: 1, failed: 0 });
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers["bfs-event-id"]).toBe(first!.headers["bfs-event-id"]);
    for (const r of received) {
      expect(verifySignature(secret, String(r.headers["bfs-signature"]), r.body, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature(secret, String(r.headers["bfs-signature"]), `${r.body} `, Math.floor(Date.now() / 1000))).toBe(false);
      expect(verifySignature("whsec_other", String(r.headers["bfs-signature"]), r.body, Math.floor(Date.now() / 1000))).toBe(false);
    }
    // A replay after the tolerance fails the receiver's check.
    expect(verifySignature(secret, String(second!.headers["bfs-signature"]), second!.body, Math.floor(Date.now() / 1000) + 3600)).toBe(false);

    // The body: the event envelope with the task exactly as the API answers it (less the caller's permissions).
    const envelope = webhookEnvelopeSchema.parse(JSON.parse(second!.body));
    expect(envelope.type).toBe("task.created");
    const data = WEBHOOK_EVENT_DATA["task.created"].parse(envelope.data);
    const api = await call(getTaskRoute, { path: `/api/tasks/${created.body.id}`, headers: admin.headers, params: { id: created.body.id } });
    const { permissions: _p, description: _d, subTasks: _s, subTaskCount: _c, ...apiTask } = api.body;
    void [_p, _d, _s, _c];
    expect(data.task).toMatchObject(apiTask);

    const log = await call(deliveriesRoute, { path: `/api/admin/webhooks/${webhook.id}/deliveries`, headers: admin.headers, params: { id: webhook.id } });
    expect(log.status).toBe(200);
    expect(log.body.items[0]).toMatchObject({ status: "succeeded", attempts: 2, eventType: "task.created", eventId: envelope.id });
    expect(log.body.items[0].log.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 500]);
    expect(log.body.items[0].log[1].responseExcerpt).toBe("receiver is down for maintenance");
    expect(log.body.items[0].log[0].durationMs).toBeGreaterThanOrEqual(0);

    // Completing it: a task.completed event of its own.
    await call(completeRoute, { method: "POST", path: `/api/tasks/${created.body.id}/complete`, headers: admin.headers, params: { id: created.body.id } });
    await deliverWebhooks();
    expect(JSON.parse(received[2]!.body)).toMatchObject({ type: "task.completed", data: { task: { id: created.body.id, status: "completed" } } });
  });

  it("withholds a private task, as the API does", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    await subscribe(admin, ["task.created"]);
    const created = await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id, { title: "Secret surprise party", isPrivate: true }) });
    expect(created.status).toBe(201);
    await deliverWebhooks();
    expect(JSON.parse(received[0]!.body).data).toEqual({ task: { id: created.body.id, displayNumber: created.body.displayNumber, isPrivate: true } });
    expect(received[0]!.body).not.toContain("Secret surprise");
  });

  it("sends punch in and out with the member and the punch clock's answer", async () => {
    const admin = await person(testDb.prisma, "admin");
    const staff = await person(testDb.prisma, "staff", { firstName: "Pat", lastName: "Lee" });
    await subscribe(admin, ["punch.in", "punch.out"]);
    expect((await call(punchInRoute, { method: "POST", path: "/api/auth/punch/in", headers: staff.headers, body: { location: "desktop" } })).status).toBe(201);
    expect((await call(punchOutRoute, { method: "POST", path: "/api/auth/punch/out-with-reason", headers: staff.headers, body: { reason: "Lunch", location: "desktop" } })).status).toBe(200);
    await deliverWebhooks();
    const bodies = received.map((r) => JSON.parse(r.body)).sort((a, b) => (a.type < b.type ? -1 : 1));
    expect(bodies.map((b) => b.type)).toEqual(["punch.in", "punch.out"]);
    expect(WEBHOOK_EVENT_DATA["punch.in"].parse(bodies[0].data)).toMatchObject({ member: { id: staff.id, name: "Pat Lee" }, punch: { isPunchedIn: true } });
    expect(WEBHOOK_EVENT_DATA["punch.out"].parse(bodies[1].data)).toMatchObject({ member: { id: staff.id }, punch: { isPunchedIn: false, reason: "Lunch" } });
  });

  it("sends alert.raised with the alert as the admins' list answers it", async () => {
    const admin = await person(testDb.prisma, "admin");
    const staff = await person(testDb.prisma, "staff", { firstName: "Sam", lastName: "Ortiz" });
    await subscribe(admin, ["alert.raised"]);
    const rule = await testDb.prisma.alertRule.create({ data: { name: "Forgotten punch-out", kind: "punch_open", config: { threshold: 1 }, severity: "critical", scope: "members", scopeUserIds: [staff.id], createdById: admin.id } });
    await createPunchSession(testDb.prisma, { userId: staff.id, punchInAt: new Date(Date.now() - 3 * 3_600_000) });
    await evaluateRules({ ruleId: rule.id });
    await deliverWebhooks();
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0]!.body);
    expect(body.type).toBe("alert.raised");
    expect(WEBHOOK_EVENT_DATA["alert.raised"].parse(body.data).alert).toMatchObject({ ruleId: rule.id, ruleName: "Forgotten punch-out", kind: "punch_open", severity: "critical", memberName: "Sam Ortiz", resolvedAt: null });
    // Evaluating again raises nothing new, so nothing more is sent.
    await evaluateRules({ ruleId: rule.id });
    expect(await deliverWebhooks()).toEqual({ sent: 0, succeeded: 0, failed: 0 });
  });

  it("loses nothing when the delivering process dies mid-delivery: the lease runs out and the next run sends it", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    await subscribe(admin, ["task.created"]);
    await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id) });
    // A run claims the delivery (as deliverWebhooks does) and dies before recording anything.
    await testDb.prisma.$executeRaw`UPDATE webhook_deliveries SET lease_until = now() + interval '2 minutes'`;
    expect(await deliverWebhooks()).toEqual({ sent: 0, succeeded: 0, failed: 0 });
    expect(await testDb.prisma.webhookDelivery.findFirstOrThrow({})).toMatchObject({ status: "pending", attempts: 0 });
    later(LEASE_MS + 1000);
    expect(await deliverWebhooks()).toEqual({ sent: 1, succeeded: 1, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it("two runs at once send each delivery once", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    await subscribe(admin, ["task.created"]);
    for (let i = 0; i < 3; i++) await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id, { title: `Task ${i}` }) });
    const [a, b] = await Promise.all([deliverWebhooks(), deliverWebhooks()]);
    expect(a.sent + b.sent).toBe(3);
    expect(new Set(received.map((r) => r.headers["bfs-event-id"])).size).toBe(3);
    expect(received).toHaveLength(3);
  });

  it("writes no event when the change rolls back", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    const { webhook } = await subscribe(admin, ["task.completed"]);
    const created = await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id, { hasChecklist: true, checklistRequired: true, checklistItems: ["Sign"] }) });
    const refused = await call(completeRoute, { method: "POST", path: `/api/tasks/${created.body.id}/complete`, headers: admin.headers, params: { id: created.body.id } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await testDb.prisma.webhookDelivery.count({ where: { subscriptionId: webhook.id } })).toBe(0);
  });

  it("gives up after 24 hours of retries", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    await subscribe(admin, ["task.created"]);
    await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id) });
    answers.push(503);
    later(24 * 3600_000 - 10_000);
    await deliverWebhooks();
    expect(await testDb.prisma.webhookDelivery.findFirstOrThrow({})).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 503 });
  });

  it("disables the subscription after N failures in a row and alerts the admins; Resend and re-enabling work", async () => {
    process.env.WEBHOOKS_DISABLE_AFTER_FAILURES = "2";
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    const { webhook } = await subscribe(admin, ["task.created"]);
    await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id) });
    answers.push(500, 500);
    await deliverWebhooks();
    later(5 * 60_000);
    await deliverWebhooks();
    const sub = await testDb.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(sub).toMatchObject({ isActive: false, consecutiveFailures: 2, disabledReason: "2 deliveries in a row failed" });
    const alert = await testDb.prisma.alert.findFirstOrThrow({ where: { kind: "webhook_disabled", subjectId: webhook.id }, include: { recipients: true } });
    expect(alert.recipients.map((r) => r.userId)).toContain(admin.id);
    expect(alert.message).toBe(`The webhook to ${new URL(baseUrl).host} was disabled: 2 deliveries in a row failed.`);
    // Disabled: nothing more is sent, even when due.
    later(60 * 60_000);
    expect(await deliverWebhooks()).toEqual({ sent: 0, succeeded: 0, failed: 0 });

    const enabled = await call(patchWebhookRoute, { method: "PATCH", path: `/api/admin/webhooks/${webhook.id}`, headers: admin.headers, params: { id: webhook.id }, body: { isActive: true } });
    expect(enabled.body).toMatchObject({ status: "active", consecutiveFailures: 0, disabledReason: null });
    await deliverWebhooks();
    const delivery = await testDb.prisma.webhookDelivery.findFirstOrThrow({});
    expect(delivery.status).toBe("succeeded");

    const resent = await call(resendRoute, { method: "POST", path: `/api/admin/webhooks/deliveries/${delivery.id}/resend`, headers: admin.headers, params: { id: delivery.id } });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe("pending");
    await deliverWebhooks();
    expect(received).toHaveLength(4);
    expect(received[3]!.headers["bfs-event-id"]).toBe(received[0]!.headers["bfs-event-id"]);
  });

  it("rolling the secret: with no overlap only the new one signs; during the overlap both sign (two v1), after it the new one alone; delete removes the log", async () => {
    const admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, admin.id);
    const { webhook, secret: old } = await subscribe(admin, ["task.created"]);
    const roll = (body?: Record<string, unknown>) =>
      call(rotateRoute, { method: "POST", path: `/api/admin/webhooks/${webhook.id}/rotate`, headers: admin.headers, params: { id: webhook.id }, ...(body && { body }) });
    const sendOne = async () => {
      received.length = 0;
      await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: admin.headers, body: taskBody(unit.id) });
      await deliverWebhooks();
      const r = received[0]!;
      const header = String(r.headers["bfs-signature"]);
      const t = Number(/t=(\d+)/.exec(header)![1]);
      return { header, verifies: (secret: string) => verifySignature(secret, header, r.body, t) };
    };

    const bad = await roll({ overlapMinutes: 8 * 24 * 60 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/overlapMinutes/);

    const rotated = await roll({ overlapMinutes: 0 });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("cache-control")).toBe("no-store");
    expect(rotated.body.webhook.previousSecretExpiresAt).toBeNull();
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    let sent = await sendOne();
    expect(sent.header.match(/v1=/g)).toHaveLength(1);
    expect(sent.verifies(fresh)).toBe(true);
    expect(sent.verifies(old)).toBe(false);

    // The default overlap: 24 hours, both secrets sign.
    const rolled = await roll();
    expect(rolled.status).toBe(200);
    const newest = rolled.body.secret as string;
    const until = Date.parse(rolled.body.webhook.previousSecretExpiresAt);
    expect(until - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const stored = await testDb.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(openSecret(stored.previousSecretCiphertext!)).toBe(fresh);
    sent = await sendOne();
    expect(sent.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(sent.verifies(newest)).toBe(true);
    expect(sent.verifies(fresh)).toBe(true);
    expect(sent.verifies(old)).toBe(false);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: webhook.id, action: "webhook.rotate" }, orderBy: { createdAt: "desc" } });
    expect(JSON.stringify(audit)).not.toContain(newest);
    expect(JSON.stringify(audit)).not.toContain(fresh);

    // After the overlap, the new secret alone.
    later(24 * 3600_000 + 60_000);
    sent = await sendOne();
    expect(sent.header.match(/v1=/g)).toHaveLength(1);
    expect(sent.verifies(newest)).toBe(true);
    expect(sent.verifies(fresh)).toBe(false);
    const listed = await call(listWebhooksRoute, { path: "/api/admin/webhooks", headers: admin.headers });
    expect(listed.body.items[0].previousSecretExpiresAt).toBeNull();

    const gone = await call(deleteWebhookRoute, { method: "DELETE", path: `/api/admin/webhooks/${webhook.id}`, headers: admin.headers, params: { id: webhook.id } });
    expect(gone.status).toBe(200);
    expect(await testDb.prisma.webhookDelivery.count({ where: { subscriptionId: webhook.id } })).toBe(0);
    const again = await call(deleteWebhookRoute, { method: "DELETE", path: `/api/admin/webhooks/${webhook.id}`, headers: admin.headers, params: { id: webhook.id } });
    expect(again.status).toBe(404);
  });
});

describe("rolling races", () => {
  it("two rolls at once: one after the other under the row's lock, so the old secret kept is the one the second roll replaced", async () => {
    const admin = await person(testDb.prisma, "admin");
    const { webhook, secret: original } = await subscribe(admin, ["task.created"]);
    const roll = () => call(rotateRoute, { method: "POST", path: `/api/admin/webhooks/${webhook.id}/rotate`, headers: admin.headers, params: { id: webhook.id }, body: { overlapMinutes: 60 } });
    const [a, b] = await Promise.all([roll(), roll()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await testDb.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } });
    const current = openSecret(row.secretCiphertext);
    const previous = openSecret(row.previousSecretCiphertext!);
    // The current secret is one roll's answer and the kept one the other's: no answered secret is lost, the original is gone.
    expect(new Set([current, previous])).toEqual(new Set([a.body.secret, b.body.secret]));
    expect(previous).not.toBe(original);
  });
});

describe("case and schedule events", () => {
  it("a scan sends case.scanned with the scan's answer; the returned scan sends case.returned too; a refused scan sends nothing", async () => {
    const admin = await person(testDb.prisma, "admin");
    const staff = await person(testDb.prisma, "staff");
    await subscribe(admin, ["case.scanned", "case.returned"]);
    const kase = await createMemorialCase(testDb.prisma, { createdById: admin.id, petName: "Biscuit" });
    const scan = (body: Record<string, unknown>) =>
      call(scanRoute, { method: "POST", path: `/api/cases/${kase.number}/scans`, headers: staff.headers, params: { number: kase.number }, body: { clientUuid: randomUUID(), ...body } });

    const intake = await scan({ station: "intake" });
    expect(intake.status).toBe(201);
    // Out of order: refused, rolled back, no event.
    expect((await scan({ station: "ready" })).status).toBe(409);
    await deliverWebhooks();
    expect(received).toHaveLength(1);
    const first = JSON.parse(received[0]!.body);
    expect(first.type).toBe("case.scanned");
    // The data is the scan's own answer, less `created`.
    const { created: _created, ...answer } = intake.body;
    void _created;
    expect(WEBHOOK_EVENT_DATA["case.scanned"].parse(first.data)).toEqual(answer);

    received.length = 0;
    await recordCaseScans(testDb.prisma, { caseId: kase.id, memberId: staff.id, stations: ["cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready"] });
    const returned = await scan({ station: "returned", receiverName: "Ann Anderson", tagSerial: kase.tagSerial });
    expect(returned.status).toBe(201);
    await deliverWebhooks();
    const bodies = received.map((r) => JSON.parse(r.body)).sort((a, b) => (a.type < b.type ? -1 : 1));
    expect(bodies.map((b) => b.type)).toEqual(["case.returned", "case.scanned"]);
    const data = WEBHOOK_EVENT_DATA["case.returned"].parse(bodies[0].data);
    expect(data.case).toMatchObject({ id: kase.id, number: kase.number, status: "closed", currentStation: "returned", petName: "Biscuit" });
    expect(data.event).toMatchObject({ kind: "scan", station: "returned", details: { receiverName: "Ann Anderson", hasSignature: false, tagVerified: true } });
    expect(bodies[1].data).toEqual(bodies[0].data);
    expect(bodies[0].id).not.toBe(bodies[1].id);
  });

  it("publishing a schedule sends one shift.published listing the shifts it published; publishing again sends nothing", async () => {
    const admin = await person(testDb.prisma, "admin");
    const manager = await person(testDb.prisma, "manager", { firstName: "Mo", lastName: "Reyes" });
    const ana = await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" });
    const unit = await unitWith(testDb.prisma, manager.id, ana.id);
    await subscribe(admin, ["shift.published"]);
    const create = (body: Record<string, unknown>) => call(createShiftRoute, { method: "POST", path: "/api/schedule/shifts", headers: manager.headers, body: { unitId: unit.id, ...body } });
    const mine = await create({ userId: ana.id, startsAt: "2030-06-04T08:00", endsAt: "2030-06-04T16:00", roleLabel: "Front desk" });
    const open = await create({ startsAt: "2030-06-05T08:00", endsAt: "2030-06-05T12:00" });
    expect([mine.status, open.status]).toEqual([201, 201]);
    const publish = () => call(publishRoute, { method: "POST", path: "/api/schedule/publish", headers: manager.headers, body: { from: "2030-06-03", to: "2030-06-09", unitId: unit.id } });
    expect((await publish()).body).toMatchObject({ published: 2 });
    expect((await publish()).body).toMatchObject({ published: 0 });
    await deliverWebhooks();
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0]!.body);
    expect(body.type).toBe("shift.published");
    const data = WEBHOOK_EVENT_DATA["shift.published"].parse(body.data);
    expect(data).toMatchObject({ publishedBy: { id: manager.id, name: "Mo Reyes" }, from: "2030-06-03", to: "2030-06-09", unitId: unit.id });
    expect(data.shifts.map((sh) => sh.id)).toEqual([mine.body.id, open.body.id]);
    // Each shift as the schedule answers it, now published.
    const week = await call(weekRoute, { path: `/api/schedule?week=2030-06-04&unitId=${unit.id}`, headers: manager.headers });
    expect(week.status).toBe(200);
    for (const sh of data.shifts) expect(sh).toEqual(week.body.shifts.find((w: { id: string }) => w.id === sh.id));
    expect(data.shifts.every((sh) => sh.status === "published" && sh.publishedAt !== null)).toBe(true);
  });
});

describe("pruning (outbox-prune)", () => {
  it("deletes webhook events and push messages older than the retention window, keeps what is pending or recent, and is idempotent", async () => {
    const admin = await person(testDb.prisma, "admin");
    const { webhook } = await subscribe(admin, ["task.created"]);
    const days = (n: number) => new Date(Date.now() - n * 24 * 3600_000);
    const payload = { task: { id: "x", displayNumber: 1, isPrivate: true } };
    const event = async (createdAt: Date, delivery: { status: string; nextAttemptAt: Date } | null) => {
      const e = await testDb.prisma.webhookEvent.create({ data: { type: "task.created", payload, createdAt } });
      if (delivery) {
        const d = await testDb.prisma.webhookDelivery.create({ data: { subscriptionId: webhook.id, eventId: e.id, giveUpAt: createdAt, createdAt, ...delivery } });
        await testDb.prisma.webhookAttempt.create({ data: { deliveryId: d.id, attempt: 1, startedAt: createdAt, durationMs: 5, statusCode: 200 } });
      }
      return e.id;
    };
    const old = await event(days(31), { status: "succeeded", nextAttemptAt: days(31) });
    const oldNoDelivery = await event(days(40), null);
    const oldButResent = await event(days(31), { status: "succeeded", nextAttemptAt: days(2) });
    const oldStillPending = await event(days(31), { status: "pending", nextAttemptAt: days(31) });
    const recent = await event(days(29), { status: "succeeded", nextAttemptAt: days(29) });

    const alert = await testDb.prisma.alert.create({ data: { kind: "mention", subjectType: "task", subjectId: randomUUID(), occurrence: randomUUID(), href: "/", severity: "info", message: "m" } });
    const push = (createdAt: Date, status: string) => testDb.prisma.pushMessage.create({ data: { alertId: alert.id, userId: admin.id, createdAt, status } }).then((m) => m.id);
    const otherUser = await person(testDb.prisma, "staff");
    const oldPush = await push(days(31), "sent");
    const recentPush = await testDb.prisma.pushMessage.create({ data: { alertId: alert.id, userId: otherUser.id, createdAt: days(1), status: "sent" } }).then((m) => m.id);

    // A rolled secret whose overlap ended is not kept.
    await testDb.prisma.webhookSubscription.update({ where: { id: webhook.id }, data: { previousSecretCiphertext: "v1.x.y.z", previousSecretExpiresAt: days(1) } });

    const first = await pruneOutboxes();
    expect(first.webhookEvents).toBeGreaterThanOrEqual(2);
    expect(first.pushMessages).toBeGreaterThanOrEqual(1);
    expect(first.expiredSecrets).toBe(1);
    const left = new Set((await testDb.prisma.webhookEvent.findMany({ where: { id: { in: [old, oldNoDelivery, oldButResent, oldStillPending, recent] } }, select: { id: true } })).map((e) => e.id));
    expect(left).toEqual(new Set([oldButResent, oldStillPending, recent]));
    expect(await testDb.prisma.webhookAttempt.count({ where: { delivery: { eventId: old } } })).toBe(0);
    expect(await testDb.prisma.webhookDelivery.count({ where: { eventId: old } })).toBe(0);
    expect(await testDb.prisma.pushMessage.findMany({ where: { id: { in: [oldPush, recentPush] } }, select: { id: true } })).toEqual([{ id: recentPush }]);
    expect(await testDb.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } })).toMatchObject({ previousSecretCiphertext: null, previousSecretExpiresAt: null });

    // Twice, or two at once: nothing more.
    const [a, b] = await Promise.all([pruneOutboxes(), pruneOutboxes()]);
    expect(a.webhookEvents + b.webhookEvents + a.pushMessages + b.pushMessages + a.expiredSecrets + b.expiredSecrets).toBe(0);

    // The window is a setting.
    process.env.OUTBOX_RETENTION_DAYS = "7";
    try {
      expect(retentionDays()).toBe(7);
      await pruneOutboxes();
      expect(await testDb.prisma.webhookEvent.count({ where: { id: recent } })).toBe(0);
    } finally {
      delete process.env.OUTBOX_RETENTION_DAYS;
    }
  });
});
