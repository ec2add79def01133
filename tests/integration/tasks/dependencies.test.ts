import { GET as listHandler, POST as addHandler } from "@/app/api/tasks/[id]/dependencies/route";
import { DELETE as removeHandler } from "@/app/api/tasks/[id]/dependencies/[dependsOnId]/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let owner: Who, other: Who;
let unitId: string;

beforeAll(async () => {
  owner = await person(testDb.prisma);
  other = await person(testDb.prisma);
  unitId = (await unitWith(testDb.prisma, owner.id)).id;
});

const task = (extra = {}) => createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId, ...extra });
const add = (who: Who, id: string, dependsOnTaskId: string) =>
  call(addHandler, { method: "POST", path: `/api/tasks/${id}/dependencies`, headers: who.headers, params: { id }, body: { dependsOnTaskId } });

describe("task dependencies (finish-to-start)", () => {
  it("adds, lists both ways and removes; 401 signed out, 403 for someone who cannot edit, 400 for a bad id", async () => {
    const [a, b] = [await task(), await task()];
    expect((await call(addHandler, { method: "POST", path: `/api/tasks/${b.id}/dependencies`, params: { id: b.id }, body: { dependsOnTaskId: a.id } })).status).toBe(401);
    expect((await add(other, b.id, a.id)).status).toBe(403);
    expect((await add(owner, b.id, "nope")).status).toBe(400);
    const res = await add(owner, b.id, a.id);
    expect(res.status).toBe(200);
    expect(res.body.waitsFor.map((d: { dependsOn: { id: string } }) => d.dependsOn.id)).toEqual([a.id]);
    const back = await call(listHandler, { path: `/api/tasks/${a.id}/dependencies`, headers: other.headers, params: { id: a.id } });
    expect(back.body.blocks.map((d: { task: { id: string } }) => d.task.id)).toEqual([b.id]);
    const removed = await call(removeHandler, { method: "DELETE", path: `/api/tasks/${b.id}/dependencies/${a.id}`, headers: owner.headers, params: { id: b.id, dependsOnId: a.id } });
    expect(removed.body.waitsFor).toEqual([]);
  });

  it("refuses a self-dependency and every cycle, however long", async () => {
    const [a, b, c] = [await task(), await task(), await task()];
    const self = await add(owner, a.id, a.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("A task cannot depend on itself");
    expect((await add(owner, b.id, a.id)).status).toBe(200);
    expect((await add(owner, c.id, b.id)).status).toBe(200);
    const direct = await add(owner, a.id, b.id);
    expect(direct.status).toBe(400);
    expect(direct.body.message).toBe("That dependency would create a cycle");
    expect((await add(owner, a.id, c.id)).status).toBe(400);
    // The database refuses a self edge too.
    await expect(testDb.prisma.taskDependency.create({ data: { taskId: a.id, dependsOnTaskId: a.id } })).rejects.toThrow(/task_dependencies_not_self/);
  });

  it("two opposite additions at once cannot both pass (the graph lock serializes them)", async () => {
    const [a, b] = [await task(), await task()];
    const results = await Promise.all([add(owner, a.id, b.id), add(owner, b.id, a.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await testDb.prisma.taskDependency.count({ where: { taskId: { in: [a.id, b.id] } } })).toBe(1);
  });

  it("a private task of someone else cannot be named as a prerequisite (it is not there)", async () => {
    const mine = await createTask(testDb.prisma, { createdById: other.id, organizationalUnitId: unitId });
    const secret = await task({ isPrivate: true });
    const res = await add(other, mine.id, secret.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Prerequisite task not found");
  });
});
