/** Who a rule notifies by default (the member it is about and the rule's creator), and the rule name's text rules. */
import { POST as createRule } from "@/app/api/alerts/rules/route";
import { PATCH as updateRule } from "@/app/api/alerts/rules/[id]/route";
import { evaluateRules } from "@/lib/services/alerts/evaluate-rules";
import { createTask, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { HOUR, team } from "./fixtures";

const testDb = useTestDatabase();
const post = (headers: Record<string, string> | undefined, body: unknown) => call(createRule, { method: "POST", path: "/api/alerts/rules", headers, body });

describe("alert rule recipients and name", () => {
  it("by default notifies the member it is about and the rule's creator; unticked, only the member", async () => {
    const creator = await createUser(testDb.prisma, { role: "admin" });
    const headers = await signIn(creator);
    const { unit, member } = await team(testDb.prisma);
    const task = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: new Date(Date.now() - 30 * HOUR) });

    const created = await post(headers, { name: "Late work", kind: "task_overdue", params: { threshold: 24 }, scope: "department", scopeUnitId: unit.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ notifySubject: true, notifyCreator: true, notifyManagers: false, notifyAdmins: false, notifyUserIds: [] });
    await evaluateRules({ ruleId: created.body.id });
    const alert = await testDb.prisma.alert.findFirstOrThrow({ where: { ruleId: created.body.id, subjectId: task.id }, include: { recipients: true } });
    expect(alert.recipients.map((r) => r.userId).sort()).toEqual([creator.id, member.id].sort());

    const id = created.body.id;
    const off = await call(updateRule, { method: "PATCH", path: `/api/alerts/rules/${id}`, params: { id }, headers, body: { notifyCreator: false } });
    expect(off.status).toBe(200);
    expect(off.body.notifyCreator).toBe(false);
  });

  it("the name is single-line text: NUL and CR/LF are a 400 naming the field; 401 signed out", async () => {
    const headers = await signIn(await createUser(testDb.prisma, { role: "admin" }));
    const base = { kind: "punch_open", params: { threshold: 1 } };
    expect((await post(undefined, { ...base, name: "x" })).status).toBe(401);
    for (const name of ["Pickups\u0000waiting", "Pickups\r\nwaiting", "Pickups\nwaiting"]) {
      const res = await post(headers, { ...base, name });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/name/);
      expect(res.body.message).toMatch(/control characters/);
    }
    expect(await testDb.prisma.alertRule.count({ where: { name: { startsWith: "Pickups" } } })).toBe(0);
    const ok = await post(headers, { ...base, name: "  Open punches  " });
    expect(ok.status).toBe(201);
    expect(ok.body.name).toBe("Open punches");
  });
});
