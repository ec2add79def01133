/** Rule CRUD through the routes: validation, audit of every change, pause resolves, preview writes nothing. */
import { GET as listRules, POST as createRule } from "@/app/api/alerts/rules/route";
import { DELETE as deleteRule, PATCH as updateRule } from "@/app/api/alerts/rules/[id]/route";
import { POST as previewRule } from "@/app/api/alerts/rules/preview/route";
import { GET as adminAlerts } from "@/app/api/admin/alerts/route";
import { POST as bulkAck } from "@/app/api/admin/alerts/acknowledge/route";
import { evaluateRules } from "@/lib/services/alerts/evaluate-rules";
import { createTask, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { HOUR, team } from "./fixtures";

const testDb = useTestDatabase();
let admin: Awaited<ReturnType<typeof createUser>>;
let headers: Record<string, string>;

beforeAll(async () => {
  admin = await createUser(testDb.prisma, { role: "admin" });
  headers = await signIn(admin);
});

describe("alert rules", () => {
  it("creates, pauses, resumes and deletes a rule, auditing each change", async () => {
    const { unit } = await team(testDb.prisma);
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unit.id, dueDate: new Date(Date.now() - 30 * HOUR) });
    const created = await call(createRule, { method: "POST", path: "/api/alerts/rules", headers, body: { name: "Late work", kind: "task_overdue", params: { threshold: 24 }, scope: "department", scopeUnitId: unit.id, notifyAdmins: true } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Late work", severity: "warning", isActive: true, openCount: 0, lastFiredAt: null });
    const id = created.body.id;

    await evaluateRules({ ruleId: id });
    const listed = await call(listRules, { path: "/api/alerts/rules", headers });
    expect(listed.body.items.find((r: { id: string }) => r.id === id)).toMatchObject({ openCount: 1, totalCount: 1, lastFiredAt: expect.any(String) });

    const paused = await call(updateRule, { method: "PATCH", path: `/api/alerts/rules/${id}`, params: { id }, headers, body: { isActive: false } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ isActive: false, openCount: 0 });
    expect((await call(updateRule, { method: "PATCH", path: `/api/alerts/rules/${id}`, params: { id }, headers, body: { isActive: true, params: { threshold: 48 } } })).status).toBe(200);
    expect((await call(deleteRule, { method: "DELETE", path: `/api/alerts/rules/${id}`, params: { id }, headers })).status).toBe(200);
    expect((await call(deleteRule, { method: "DELETE", path: `/api/alerts/rules/${id}`, params: { id }, headers })).status).toBe(404);

    const audit = await testDb.prisma.auditLog.findMany({ where: { entityType: "alert_rule", entityId: id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["alert-rule.create", "alert-rule.pause", "alert-rule.resume", "alert-rule.delete"]);
    // The history stays, without its rule.
    expect(await testDb.prisma.alert.count({ where: { ruleId: null, subjectType: "task", resolvedAt: { not: null } } })).toBeGreaterThanOrEqual(1);
  });

  it("refuses invalid rules with a flat 400", async () => {
    const bad = await call(createRule, { method: "POST", path: "/api/alerts/rules", headers, body: { name: "x", kind: "task_overdue", params: { threshold: 1 }, scope: "department" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: expect.any(String), message: expect.stringContaining("department") });
    const noChannel = await call(createRule, { method: "POST", path: "/api/alerts/rules", headers, body: { name: "x", kind: "punch_open", params: { threshold: 1 }, channelInApp: false } });
    expect(noChannel.status).toBe(400);
    const unknown = await call(updateRule, { method: "PATCH", path: "/x", params: { id: "00000000-0000-4000-8000-000000000000" }, headers, body: { name: "y" } });
    expect(unknown.status).toBe(404);
  });

  it("previews what would fire without writing or sending anything", async () => {
    const { unit, member } = await team(testDb.prisma);
    await createTask(testDb.prisma, { title: "Order urn", createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: new Date(Date.now() - 3 * HOUR) });
    const before = await testDb.prisma.alert.count();
    const res = await call(previewRule, { method: "POST", path: "/api/alerts/rules/preview", headers, body: { name: "Preview", kind: "task_overdue", params: { threshold: 2 }, scope: "department", scopeUnitId: unit.id, channelEmail: true } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ title: expect.stringContaining("Order urn"), message: "Overdue by 3 h", memberName: expect.stringContaining("Test") });
    expect(await testDb.prisma.alert.count()).toBe(before);
    expect(await testDb.prisma.alertEmail.count()).toBe(0);
  });

  it("lists the organization's open alerts with filters and acknowledges them in bulk", async () => {
    const { unit } = await team(testDb.prisma);
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unit.id, dueDate: new Date(Date.now() - 5 * HOUR) });
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unit.id, dueDate: new Date(Date.now() - 6 * HOUR) });
    const rule = await testDb.prisma.alertRule.create({ data: { name: "Bulk", kind: "task_overdue", config: { threshold: 1 }, severity: "critical", scope: "department", scopeUnitId: unit.id, createdById: admin.id } });
    await evaluateRules({ ruleId: rule.id });
    const list = await call(adminAlerts, { path: `/api/admin/alerts?ruleId=${rule.id}&severity=critical&unitId=${unit.id}`, headers });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect((await call(adminAlerts, { path: `/api/admin/alerts?ruleId=${rule.id}&severity=info`, headers })).body.total).toBe(0);
    const ack = await call(bulkAck, { method: "POST", path: "/api/admin/alerts/acknowledge", headers, body: { ids: list.body.items.map((a: { id: string }) => a.id) } });
    expect(ack.body).toMatchObject({ count: 2 });
    expect((await call(adminAlerts, { path: `/api/admin/alerts?ruleId=${rule.id}`, headers })).body.total).toBe(0);
  });
});
