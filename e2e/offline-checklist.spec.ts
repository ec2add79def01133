import { OFFLINE_MESSAGES } from "../lib/offline/rules";
import { addMembership, createTask, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * A checklist tick on a phone (390 px) without a signal: the box ticks at once and the item says
 * "Saved on this phone — will send when online"; nothing reaches the server. Back online, the
 * queue sends it once (the replay ledger, withReplay): the item is stored ticked at the time of
 * the tap and says "Sent ✓". Screenshots: /tmp/shots-replay/offline-checklist-*.png.
 */
const PHONE = { width: 390, height: 844 };

test.describe("offline checklist ticks", () => {
  test.use({ viewport: PHONE });

  test("tick offline, back online: stored once at the device's time, pending then sent", async ({ page, context, db, signInAs }) => {
    const user = await createUser(db, { email: `offline-tick-${Date.now().toString(36)}@example.test`, firstName: "Ines", lastName: "Moreau", role: "staff" });
    const unit = await createUnit(db, {});
    await addMembership(db, unit.id, user.id);
    const task = await createTask(db, { createdById: user.id, assigneeId: user.id, organizationalUnitId: unit.id, title: "Kennel round", checklist: ["Water bowls", "Bedding"] });
    const item = [...task.checklistItems].sort((a, b) => a.position - b.position)[0]!;

    await signInAs(page, { email: user.email }, `/tasks/${task.id}`);
    const box = page.getByRole("checkbox", { name: "Water bowls" });
    await expect(box).not.toBeChecked();

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await box.check();
    await expect(box).toBeChecked();
    const state = page.getByTestId("tick-state");
    await expect(state).toHaveAttribute("data-state", "waiting");
    await expect(state).toHaveText(OFFLINE_MESSAGES.savedOnPhone);
    const queued = await page.evaluate(() => JSON.parse(localStorage.getItem("bfs.offlineQueue.v1") ?? "{}"));
    expect(queued.entries).toHaveLength(1);
    expect(queued.entries[0]).toMatchObject({ kind: "checklist-tick", payload: { isCompleted: true }, target: `${task.id}/${item.id}` });
    const deviceTime: string = queued.entries[0].deviceTime;
    expect((await db.checklistItem.findUniqueOrThrow({ where: { id: item.id } })).isCompleted).toBe(false);
    await page.screenshot({ path: "/tmp/shots-replay/offline-checklist-saved-390.png", fullPage: true });

    await context.setOffline(false);
    await expect(state).toHaveAttribute("data-state", "sent", { timeout: 20_000 });
    await expect(state).toHaveText(OFFLINE_MESSAGES.sent);
    await expect(box).toBeChecked();
    await page.screenshot({ path: "/tmp/shots-replay/offline-checklist-sent-390.png", fullPage: true });

    const stored = await db.checklistItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(stored.isCompleted).toBe(true);
    expect(stored.completedAt?.toISOString()).toBe(deviceTime);
    expect(await db.offlineWrite.count({ where: { userId: user.id, kind: "checklist-tick" } })).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("bfs.offlineQueue.v1"))).toBeNull();

    // A reload online sends nothing twice; the tick is the server's now.
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Water bowls" })).toBeChecked();
    expect(await db.auditLog.count({ where: { action: "task.checklist", entityId: task.id } })).toBe(1);
  });
});
