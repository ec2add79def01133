import type { Page } from "@playwright/test";
import { createTask } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Completing a task that still has open work: the prompt (counts, the list, Complete anyway),
 * and the refusal of a required checklist. Desktop 1366 and phone 390; screenshots in
 * test-results/shots/tasksflow-*.png.
 */

const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/tasksflow-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`Mark Complete asks first when work is open, and a required checklist refuses (${size})`, async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const admin = await db.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await db.organizationalUnit.findFirstOrThrow({ orderBy: { name: "asc" } });
    const base = { createdById: admin.id, organizationalUnitId: unit.id };
    const parent = await createTask(db, { ...base, title: `Memorial service ${uniq()}`, checklist: ["Print the programme"] });
    await createTask(db, { ...base, title: "Book the chapel", parentTaskId: parent.id });
    await createTask(db, { ...base, title: "Order flowers", parentTaskId: parent.id });
    await createTask(db, { ...base, title: "Done already", parentTaskId: parent.id, status: "completed", completedAt: new Date() });

    await signInAs(page, "admin", `/tasks/${parent.id}`);
    await page.getByRole("button", { name: "Mark Complete" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("1 checklist item and 2 sub-tasks are still open. Complete anyway?")).toBeVisible();
    await expect(dialog.getByText("Print the programme")).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Book the chapel/ })).toBeVisible();
    await expect(dialog.getByText("Done already")).toHaveCount(0);
    await shot(page, `complete-prompt-${size}`);
    await dialog.getByRole("button", { name: "Complete anyway" }).click();
    await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();

    const strict = await createTask(db, { ...base, title: `Cremation paperwork ${uniq()}`, checklist: ["Authorization signed", "ID tag recorded"], checklistRequired: true });
    await page.goto(`/tasks/${strict.id}`);
    await page.getByRole("button", { name: "Mark Complete" }).click();
    await expect(dialog.getByRole("heading", { name: "Complete the checklist first" })).toBeVisible();
    await expect(dialog.getByText("ID tag recorded")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Complete anyway" })).toHaveCount(0);
    await shot(page, `checklist-required-${size}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
    expect((await db.task.findUniqueOrThrow({ where: { id: strict.id } })).status).toBe("open");
  });
}
