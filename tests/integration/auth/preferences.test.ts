import { GET as getPreferences, PATCH as patchPreferences } from "@/app/api/user/preferences/route";
import { API_KEY_CLOSED_MESSAGE } from "@/lib/http/route";
import { createApiKey } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

/** GET / PATCH /api/user/preferences: what `/` opens on and the task list's density, remembered per member. */

const testDb = useTestDatabase();

const read = (headers?: Record<string, string>) => call(getPreferences, { path: "/api/user/preferences", headers });
const save = (headers: Record<string, string> | undefined, body: unknown) => call(patchPreferences, { method: "PATCH", path: "/api/user/preferences", headers, body });

describe("/api/user/preferences", () => {
  it("401 for anonymous callers", async () => {
    expect((await read()).status).toBe(401);
    expect((await save(undefined, { homeView: "my-day" })).status).toBe(401);
  });

  it("403 for an API key: preferences are the signed-in member's own", async () => {
    const admin = await person(testDb.prisma, "admin");
    const member = await person(testDb.prisma, "staff");
    const { token } = await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: member.id, scopes: ["tasks:read", "tasks:write"] });
    const res = await save({ authorization: `Bearer ${token}` }, { homeView: "task-list" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(API_KEY_CLOSED_MESSAGE);
    expect((await testDb.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).preferences).toEqual({});
  });

  it("400 naming the field for an unknown view", async () => {
    const member = await person(testDb.prisma, "staff");
    const res = await save(member.headers, { homeView: "kanban" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("homeView");
    expect((await save(member.headers, {})).status).toBe(400);
    const density = await save(member.headers, { taskListDensity: "tiny" });
    expect(density.status).toBe(400);
    expect(density.body.message).toContain("taskListDensity");
    expect((await testDb.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).preferences).toEqual({});
  });

  it("defaults by role: staff start on My day, admins and managers on the task list", async () => {
    expect((await read((await person(testDb.prisma, "staff")).headers)).body).toEqual({ homeView: "my-day", taskListDensity: "comfortable" });
    expect((await read((await person(testDb.prisma, "manager")).headers)).body).toEqual({ homeView: "task-list", taskListDensity: "comfortable" });
    expect((await read((await person(testDb.prisma, "admin")).headers)).body).toEqual({ homeView: "task-list", taskListDensity: "comfortable" });
  });

  it("remembers the choice per member, keeps other stored keys, and a repeat is harmless", async () => {
    const manager = await person(testDb.prisma, "manager");
    const other = await person(testDb.prisma, "manager");
    await testDb.prisma.user.update({ where: { id: manager.id }, data: { preferences: { theme: "light" } } });
    const res = await save(manager.headers, { homeView: "my-day" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ homeView: "my-day", taskListDensity: "comfortable" });
    expect((await save(manager.headers, { homeView: "my-day" })).status).toBe(200);
    expect((await read(manager.headers)).body).toEqual({ homeView: "my-day", taskListDensity: "comfortable" });
    expect((await testDb.prisma.user.findUniqueOrThrow({ where: { id: manager.id } })).preferences).toEqual({ theme: "light", homeView: "my-day" });
    expect((await read(other.headers)).body).toEqual({ homeView: "task-list", taskListDensity: "comfortable" });
  });

  it("remembers the task list's density per member, beside the home view, and a repeat is harmless", async () => {
    const member = await person(testDb.prisma, "staff");
    const other = await person(testDb.prisma, "staff");
    await save(member.headers, { homeView: "task-list" });
    const res = await save(member.headers, { taskListDensity: "compact" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ homeView: "task-list", taskListDensity: "compact" });
    expect((await save(member.headers, { taskListDensity: "compact" })).body).toEqual({ homeView: "task-list", taskListDensity: "compact" });
    expect((await read(member.headers)).body).toEqual({ homeView: "task-list", taskListDensity: "compact" });
    expect((await testDb.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).preferences).toEqual({ homeView: "task-list", taskListDensity: "compact" });
    // Both keys at once; the other member keeps the default.
    expect((await save(member.headers, { homeView: "my-day", taskListDensity: "comfortable" })).body).toEqual({ homeView: "my-day", taskListDensity: "comfortable" });
    expect((await read(other.headers)).body).toEqual({ homeView: "my-day", taskListDensity: "comfortable" });
  });

  it("two tabs saving different keys at once keep both", async () => {
    const member = await person(testDb.prisma, "manager");
    await Promise.all([save(member.headers, { homeView: "my-day" }), save(member.headers, { taskListDensity: "compact" })]);
    expect((await read(member.headers)).body).toEqual({ homeView: "my-day", taskListDensity: "compact" });
  });

  it("a stored value the app no longer knows reads as the default", async () => {
    const member = await person(testDb.prisma, "staff");
    await testDb.prisma.user.update({ where: { id: member.id }, data: { preferences: { taskListDensity: "cosy", homeView: 3 } } });
    expect((await read(member.headers)).body).toEqual({ homeView: "my-day", taskListDensity: "comfortable" });
  });
});
