/**
 * Time-off types are configurable (docs/schedules.md "Time off"): admins add a type, rename it,
 * switch paid, deactivate it (it can no longer be requested; its history stays) and order it
 * (the same move twice changes nothing); a name taken whatever its case is a 409; each change
 * is audited; staff and managers get 403.
 */
import { GET as myHandler, POST as requestHandler } from "@/app/api/time-off/route";
import { PATCH as patchHandler } from "@/app/api/time-off/types/[id]/route";
import { GET as listHandler, POST as createHandler } from "@/app/api/time-off/types/route";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, ana: Who;

beforeAll(async () => {
  [admin, manager, ana] = [await person(testDb.prisma, "admin"), await person(testDb.prisma, "manager"), await person(testDb.prisma, "staff")];
});

const create = (who: Who, body: unknown) => call(createHandler, { method: "POST", path: "/api/time-off/types", headers: who.headers, body });
const patch = (who: Who, id: string, body: unknown) => call(patchHandler, { method: "PATCH", path: `/api/time-off/types/${id}`, headers: who.headers, params: { id }, body });
const list = async () => (await call(listHandler, { path: "/api/time-off/types", headers: admin.headers })).body.types as Array<{ id: string; name: string; paid: boolean; active: boolean; position: number }>;
const names = async () => (await list()).map((t) => t.name);
const auditOf = (id: string) => testDb.prisma.auditLog.findMany({ where: { entityType: "time_off_type", entityId: id }, orderBy: { createdAt: "asc" } });

describe("time-off types", () => {
  it("adds, renames, switches paid and audits each change; 400 names the field; staff and managers get 403", async () => {
    const made = await create(admin, { name: "  Jury duty ", paid: false });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Jury duty", paid: false, active: true, key: "jury-duty", position: 5 });
    expect(await names()).toEqual(["Vacation", "Sick", "Unpaid", "Bereavement", "Jury duty"]);
    const id = made.body.id as string;

    const renamed = await patch(admin, id, { name: "Jury service" });
    expect([renamed.status, renamed.body.name]).toEqual([200, "Jury service"]);
    const paid = await patch(admin, id, { paid: true });
    expect([paid.status, paid.body.paid]).toEqual([200, true]);
    // A paid type shows among the policies' types; members see it in their list.
    expect((await call(myHandler, { path: "/api/time-off", headers: ana.headers })).body.types.map((t: { name: string }) => t.name)).toContain("Jury service");

    expect((await auditOf(id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ["time_off_type.create", null, { name: "Jury duty", paid: false, active: true, position: 5 }],
      ["time_off_type.update", { name: "Jury duty" }, { name: "Jury service" }],
      ["time_off_type.update", { paid: false }, { paid: true }],
    ]);

    const bad: Array<[unknown, RegExp]> = [
      [{ paid: true }, /name/],
      [{ name: "", paid: true }, /name/],
      [{ name: "x".repeat(61), paid: true }, /name/],
      [{ name: "Ok", paid: "yes" }, /paid/],
      [{ name: "Ok\u0000", paid: true }, /name/],
      [{ name: "Ok", paid: true, extra: 1 }, /extra/],
    ];
    for (const [body, field] of bad) {
      const res = await create(admin, body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(field)]);
    }
    for (const [body, field] of [[{ position: 0 }, /position/], [{ active: "no" }, /active/], [{ name: " " }, /name/]] as const) {
      const res = await patch(admin, id, body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(field)]);
    }
    expect((await patch(admin, "00000000-0000-4000-8000-000000000000", { active: false })).status).toBe(404);

    for (const who of [ana, manager]) {
      expect((await create(who, { name: "Sabbatical", paid: true })).status).toBe(403);
      expect((await patch(who, id, { active: false })).status).toBe(403);
      expect((await call(listHandler, { path: "/api/time-off/types", headers: who.headers })).status).toBe(403);
    }
  });

  it("answers 409 with a sentence for a name taken whatever its case, on create and on rename", async () => {
    const dup = await create(admin, { name: "vacation", paid: true });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^A time-off type named "vacation" already exists\./);
    expect(dup.body.field).toBe("name");
    const sick = (await list()).find((t) => t.name === "Sick")!;
    const clash = await patch(admin, sick.id, { name: "BEREAVEMENT" });
    expect(clash.status).toBe(409);
    // Changing only the case of its own name is no clash.
    expect((await patch(admin, sick.id, { name: "SICK" })).body.name).toBe("SICK");
    await patch(admin, sick.id, { name: "Sick" });
    // Two adds of one name at once: one is made, the other gets 409.
    const both = await Promise.all([create(admin, { name: "Parental", paid: true }), create(admin, { name: "PARENTAL", paid: true })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("a deactivated type can no longer be requested, keeps its requests, and comes back when reactivated", async () => {
    const type = (await create(admin, { name: "Moving day", paid: false })).body as { id: string };
    const before = await call(requestHandler, { method: "POST", path: "/api/time-off", headers: ana.headers, body: { typeId: type.id, startDay: "2031-03-03", endDay: "2031-03-03" } });
    expect(before.status).toBe(201);

    const off = await patch(admin, type.id, { active: false });
    expect([off.status, off.body.active]).toEqual([200, false]);
    const refused = await call(requestHandler, { method: "POST", path: "/api/time-off", headers: ana.headers, body: { typeId: type.id, startDay: "2031-03-04", endDay: "2031-03-04" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/typeId/);
    const mine = (await call(myHandler, { path: "/api/time-off", headers: ana.headers })).body;
    expect(mine.types.map((t: { id: string }) => t.id)).not.toContain(type.id);
    expect(mine.requests.map((r: { typeName: string }) => r.typeName)).toContain("Moving day");
    expect((await list()).find((t) => t.id === type.id)).toMatchObject({ active: false });

    expect((await patch(admin, type.id, { active: true })).body.active).toBe(true);
    expect((await auditOf(type.id)).map((a) => a.action)).toEqual(["time_off_type.create", "time_off_type.deactivate", "time_off_type.reactivate"]);
  });

  it("moves a type to a position; the same move again changes nothing", async () => {
    const start = await list();
    const last = start[start.length - 1];
    const moved = await patch(admin, last.id, { position: 2 });
    expect(moved.body.position).toBe(2);
    const once = await list();
    expect(once.map((t) => t.id)).toEqual([start[0].id, last.id, ...start.slice(1, -1).map((t) => t.id)]);
    expect(once.map((t) => t.position)).toEqual(once.map((_, i) => i + 1));
    const audits = (await auditOf(last.id)).length;

    expect((await patch(admin, last.id, { position: 2 })).status).toBe(200);
    expect((await list()).map((t) => t.id)).toEqual(once.map((t) => t.id));
    expect((await auditOf(last.id)).length).toBe(audits);

    // Past the end = last; up and down from the screen are position ∓ 1.
    await patch(admin, last.id, { position: 999 });
    expect((await list()).map((t) => t.id)).toEqual(start.map((t) => t.id));
    const rows = await testDb.prisma.timeOffType.findMany({ orderBy: { sortOrder: "asc" }, select: { id: true, sortOrder: true } });
    expect(rows.map((r) => r.sortOrder)).toEqual(rows.map((_, i) => i + 1));
  });
});
