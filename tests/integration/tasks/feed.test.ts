import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { PATCH as tickHandler } from "@/app/api/tasks/[id]/checklist/[itemId]/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { POST as clockOutHandler } from "@/app/api/tasks/[id]/clock-out/route";
import { GET as historyHandler } from "@/app/api/tasks/[id]/history/route";
import { POST as postTask } from "@/app/api/tasks/route";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

describe("the task's activity feed: checklist ticks and clock-ins and outs", () => {
  it("lists them with the field changes, newest first; another member's clock only for who may read their time", async () => {
    const [worker, colleague, admin] = [await person(testDb.prisma), await person(testDb.prisma), await person(testDb.prisma, "admin")];
    const unit = await unitWith(testDb.prisma, worker.id, colleague.id);
    const created = await call(postTask, { method: "POST", path: "/api/tasks", headers: worker.headers, body: body(unit.id, { assigneeId: worker.id, hasChecklist: true, checklistItems: ["Check the ID tag", "Place in cooler bay 2"] }) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const item = created.body.checklist[1] as { id: string };

    expect((await call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers: worker.headers, body: { location: "desktop" } })).status).toBeLessThan(300);
    expect((await call(clockInHandler, { method: "POST", path: `/api/tasks/${id}/clock-in`, headers: worker.headers, params: { id }, body: {} })).status).toBeLessThan(300);
    const tick = await call(tickHandler, { method: "PATCH", path: `/api/tasks/${id}/checklist/${item.id}`, headers: worker.headers, params: { id, itemId: item.id }, body: { isCompleted: true } });
    expect(tick.status).toBe(200);
    expect((await call(clockOutHandler, { method: "POST", path: `/api/tasks/${id}/clock-out`, headers: worker.headers, params: { id }, body: {} })).status).toBeLessThan(300);

    const history = (who: typeof worker) => call(historyHandler, { path: `/api/tasks/${id}/history`, headers: who.headers, params: { id } });
    const mine = await history(worker);
    expect(mine.status).toBe(200);
    const actions = (mine.body.items as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(["task.clock_out", "task.checklist", "task.clock_in", "task.create"]);
    const tickEntry = mine.body.items[1];
    expect(tickEntry.after).toEqual({ title: "Place in cooler bay 2", isCompleted: true });
    expect(mine.body.items[0].actor.id).toBe(worker.id);
    expect(mine.body.items[0].metadata).toMatchObject({ endedByForce: false });

    // A staff colleague sees the task's history but not another member's time; an admin does.
    const theirs = (await history(colleague)).body.items.map((e: { action: string }) => e.action);
    expect(theirs).toEqual(["task.checklist", "task.create"]);
    expect((await history(admin)).body.items.map((e: { action: string }) => e.action)).toEqual(actions);
  });
});
