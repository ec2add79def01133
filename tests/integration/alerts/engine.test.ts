/**
 * The engine: one alert per (rule, subject, occurrence) however often and however many
 * evaluators run; alerts resolve when the condition ends; the e-mail outbox sends each alert's
 * mail exactly once, through a real SMTP conversation with a local sink; private titles are
 * redacted for recipients who can't see the task.
 */
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { GET as myAlerts } from "@/app/api/alerts/route";
import { POST as acknowledge } from "@/app/api/alerts/[id]/acknowledge/route";
import { POST as readAll } from "@/app/api/alerts/read-all/route";
import { evaluateRules } from "@/lib/services/alerts/evaluate-rules";
import { sendAlertEmails } from "@/lib/services/alerts/send-alert-emails";
import { backoffMs, MAX_ATTEMPTS } from "@/lib/services/mail/drain-outbox";
import { setMailer } from "@/lib/services/mail/mailer";
import { addMembership, createTask, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { PRIVATE_TASK_TITLE } from "@/lib/tasks/task-title";
import { HOUR, rule, team } from "./fixtures";

const testDb = useTestDatabase();

let smtp: SMTPServer;
const received: { to: string; subject: string; body: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), subject, body: raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  setMailer(null);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function overdueSetup(extra: { isPrivate?: boolean; channelEmail?: boolean; notifyAdmins?: boolean } = {}) {
  const admin = await createUser(testDb.prisma, { role: "admin" });
  const { unit, member } = await team(testDb.prisma);
  const task = await createTask(testDb.prisma, {
    title: "Collect ashes from the Hendersons",
    createdById: admin.id,
    organizationalUnitId: unit.id,
    assigneeId: member.id,
    assigneeType: "user",
    isPrivate: extra.isPrivate ?? false,
    dueDate: new Date(Date.now() - 5 * HOUR),
  });
  const r = await rule(testDb.prisma, admin.id, {
    kind: "task_overdue",
    config: { threshold: 2 },
    scope: "department",
    scopeUnitId: unit.id,
    notifyAdmins: extra.notifyAdmins ?? false,
    notifyUserIds: extra.notifyAdmins ? [] : [],
    channelEmail: extra.channelEmail ?? false,
  });
  return { admin, unit, member, task, rule: r };
}

describe("idempotency", () => {
  it("the same evaluation twice gives one alert, one recipient row", async () => {
    const { rule: r, member } = await overdueSetup();
    const first = await evaluateRules({ ruleId: r.id });
    const second = await evaluateRules({ ruleId: r.id });
    expect(first.raised).toBe(1);
    expect(second.raised).toBe(0);
    expect(await testDb.prisma.alert.count({ where: { ruleId: r.id } })).toBe(1);
    expect(await testDb.prisma.alertRecipient.count({ where: { alert: { ruleId: r.id } } })).toBe(1);
    expect((await testDb.prisma.alertRecipient.findFirstOrThrow({ where: { alert: { ruleId: r.id } } })).userId).toBe(member.id);
  });

  it("two evaluators at once give one alert", async () => {
    const { rule: r } = await overdueSetup({ channelEmail: true });
    const results = await Promise.all([evaluateRules({ ruleId: r.id }), evaluateRules({ ruleId: r.id }), evaluateRules({ ruleId: r.id })]);
    expect(results.reduce((n, x) => n + x.raised, 0)).toBe(1);
    expect(await testDb.prisma.alert.count({ where: { ruleId: r.id } })).toBe(1);
    expect(await testDb.prisma.alertEmail.count({ where: { alert: { ruleId: r.id } } })).toBe(1);
  });

  it("the database refuses a second row for the same rule, subject and occurrence", async () => {
    const { rule: r, task } = await overdueSetup();
    const data = { ruleId: r.id, kind: "task_overdue", subjectType: "task", subjectId: task.id, occurrence: "x", message: "m" };
    await testDb.prisma.alert.create({ data });
    await expect(testDb.prisma.alert.create({ data })).rejects.toThrow(/Unique constraint/);
  });
});

describe("self-resolve", () => {
  it("resolves when the task is completed, and a new due date is a new occurrence", async () => {
    const { rule: r, task } = await overdueSetup();
    await evaluateRules({ ruleId: r.id });
    await testDb.prisma.task.update({ where: { id: task.id }, data: { status: "completed", completedAt: new Date() } });
    const after = await evaluateRules({ ruleId: r.id });
    expect(after.resolved).toBe(1);
    const alert = await testDb.prisma.alert.findFirstOrThrow({ where: { ruleId: r.id } });
    expect(alert.resolvedAt).not.toBeNull();
    // Reopened with a new due date (still overdue): a new occurrence, a new alert.
    await testDb.prisma.task.update({ where: { id: task.id }, data: { status: "open", completedAt: null, dueDate: new Date(Date.now() - 3 * HOUR) } });
    expect((await evaluateRules({ ruleId: r.id })).raised).toBe(1);
    expect(await testDb.prisma.alert.count({ where: { ruleId: r.id, resolvedAt: null } })).toBe(1);
  });

  it("resolves a forgotten punch-out when the member punches out", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const { member } = await team(testDb.prisma);
    const punch = await testDb.prisma.punchSession.create({ data: { userId: member.id, inLocation: "desktop", punchInAt: new Date(Date.now() - 11 * HOUR) } });
    const r = await rule(testDb.prisma, admin.id, { kind: "punch_open", config: { threshold: 10 }, scope: "members", scopeUserIds: [member.id] });
    expect((await evaluateRules({ ruleId: r.id })).raised).toBe(1);
    await testDb.prisma.punchSession.update({ where: { id: punch.id }, data: { punchOutAt: new Date() } });
    expect((await evaluateRules({ ruleId: r.id })).resolved).toBe(1);
  });
});

describe("the bell", () => {
  it("shows the subject member's unread count; acknowledge and mark all read", async () => {
    const { rule: r, member } = await overdueSetup();
    await evaluateRules({ ruleId: r.id });
    const headers = await signIn(member);
    const mine = await call(myAlerts, { path: "/api/alerts", headers });
    expect(mine.status).toBe(200);
    expect(mine.body.unreadCount).toBe(1);
    expect(mine.body.items[0]).toMatchObject({ title: expect.stringContaining("Collect ashes from the Hendersons"), message: "Overdue by 5 h", read: false });
    const someoneElse = await signIn(await createUser(testDb.prisma));
    expect((await call(acknowledge, { method: "POST", path: "/x", params: { id: mine.body.items[0].id }, headers: someoneElse })).status).toBe(404);
    expect((await call(acknowledge, { method: "POST", path: "/x", params: { id: mine.body.items[0].id }, headers })).status).toBe(200);
    const after = await call(myAlerts, { path: "/api/alerts", headers });
    expect(after.body).toEqual({ items: [], unreadCount: 0 });
    expect((await call(readAll, { method: "POST", path: "/api/alerts/read-all", headers })).status).toBe(200);
  });
});

describe("private tasks", () => {
  it("redacts the title for a recipient who can't see the task, and still counts it", async () => {
    const { rule: r, member, admin } = await overdueSetup({ isPrivate: true, channelEmail: true, notifyAdmins: true });
    const result = await evaluateRules({ ruleId: r.id });
    expect(result.raised).toBe(1);
    const memberView = await call(myAlerts, { path: "/api/alerts", headers: await signIn(member) });
    expect(memberView.body.unreadCount).toBe(1);
    expect(memberView.body.items[0]).toMatchObject({ title: PRIVATE_TASK_TITLE, href: null });
    expect(JSON.stringify(memberView.body)).not.toContain("Hendersons");
    const adminView = await call(myAlerts, { path: "/api/alerts", headers: await signIn(admin) });
    expect(adminView.body.items.find((a: { ruleId: string }) => a.ruleId === r.id).title).toContain("Hendersons");
    const mails = await testDb.prisma.alertEmail.findMany({ where: { alert: { ruleId: r.id } } });
    expect(mails.find((m) => m.userId === member.id)!.body).not.toContain("Hendersons");
    expect(mails.find((m) => m.userId === member.id)!.subject).not.toContain("Hendersons");
    expect(mails.find((m) => m.userId === admin.id)!.subject).toContain("Hendersons");
  });
});

describe("the e-mail outbox", () => {
  it("sends each alert's mail exactly once through SMTP, however often evaluation and sending run", async () => {
    await testDb.prisma.alertEmail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    received.length = 0;
    const { rule: r, member } = await overdueSetup({ channelEmail: true });
    const manager = await createUser(testDb.prisma, { role: "manager" });
    await addMembership(testDb.prisma, r.scopeUnitId!, manager.id);
    await testDb.prisma.alertRule.update({ where: { id: r.id }, data: { notifyManagers: true } });
    await evaluateRules({ ruleId: r.id });
    await evaluateRules({ ruleId: r.id });
    const sends = await Promise.all([sendAlertEmails(), sendAlertEmails()]);
    await sendAlertEmails();
    await evaluateRules({ ruleId: r.id });
    await sendAlertEmails();
    expect(sends.reduce((n, s) => n + s.sent, 0)).toBe(2);
    expect(received.map((m) => m.to).sort()).toEqual([member.email, manager.email].sort());
    expect(received[0].subject).toContain("Collect ashes");
    expect(await testDb.prisma.alertEmail.count({ where: { alert: { ruleId: r.id }, status: "sent" } })).toBe(2);
  });

  it("retries a failed send with backoff, then sends it once", async () => {
    await testDb.prisma.alertEmail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const { rule: r } = await overdueSetup({ channelEmail: true });
    await evaluateRules({ ruleId: r.id });
    let calls = 0;
    setMailer({
      send: async () => {
        calls += 1;
        throw new Error("421 try later");
      },
    });
    const first = await sendAlertEmails();
    expect(first).toEqual({ sent: 0, failed: 0, retrying: 1 });
    const row = await testDb.prisma.alertEmail.findFirstOrThrow({ where: { alert: { ruleId: r.id } } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "421 try later" });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 5000);
    // Not due yet: nothing happens.
    expect((await sendAlertEmails()).retrying).toBe(0);
    setMailer(null);
    received.length = 0;
    const later = await sendAlertEmails({ now: new Date(Date.now() + backoffMs(1) + 1000) });
    expect(later.sent).toBe(1);
    expect(received).toHaveLength(1);
    expect(calls).toBe(1);
    expect((await sendAlertEmails({ now: new Date(Date.now() + 10 * HOUR) })).sent).toBe(0);
  });

  it("gives a row up as failed on its last attempt, stamping when it was claimed", async () => {
    await testDb.prisma.alertEmail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const { rule: r } = await overdueSetup({ channelEmail: true });
    await evaluateRules({ ruleId: r.id });
    await testDb.prisma.alertEmail.updateMany({ where: { alert: { ruleId: r.id } }, data: { attempts: MAX_ATTEMPTS - 1 } });
    setMailer({ send: async () => Promise.reject(new Error("550 mailbox unavailable")) });
    try {
      const now = new Date();
      expect(await sendAlertEmails({ now })).toEqual({ sent: 0, failed: 1, retrying: 0 });
      const row = await testDb.prisma.alertEmail.findFirstOrThrow({ where: { alert: { ruleId: r.id } } });
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable", lockedAt: now });
      // Failed is final: a later run does not pick it up again.
      expect(await sendAlertEmails({ now: new Date(now.getTime() + 10 * HOUR) })).toEqual({ sent: 0, failed: 0, retrying: 0 });
    } finally {
      setMailer(null);
    }
  });
});
