import type { Page } from "@playwright/test";
import { createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The alert rule form's recipients: "the member it is about" and "you" ticked by default, and
 * extra people chosen in the searchable chip picker by tap, at 1366 and 390 px. Screenshots in
 * test-results/shots/tasksflow-chips-*.png.
 */

const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/tasksflow-chips-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`alert rule recipients: defaults and the chip picker (${size})`, async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    const tag = uniq();
    await createUser(db, { role: "staff", firstName: "Quinn", lastName: `Chip ${tag}` });
    await createUser(db, { role: "staff", firstName: "Riley", lastName: `Chip ${tag}` });
    await page.setViewportSize(viewport);
    await signInAs(page, "admin", "/admin/alerts");
    await page.getByRole("button", { name: "New rule" }).click();
    const dialog = page.getByRole("dialog", { name: "New alert rule" });
    await dialog.getByLabel("Name").fill(`Chips ${tag}`);
    await expect(dialog.getByLabel("The member it is about")).toBeChecked();
    await expect(dialog.getByLabel("You (the rule's creator)")).toBeChecked();

    const search = dialog.getByRole("combobox", { name: "Also these people" });
    await search.click();
    await search.fill(`Chip ${tag}`);
    await dialog.getByRole("option", { name: `Quinn Chip ${tag}` }).click();
    await search.fill(`Riley`);
    await dialog.getByRole("option", { name: `Riley Chip ${tag}` }).click();
    await expect(dialog.getByRole("button", { name: `Remove Quinn Chip ${tag}` })).toBeVisible();
    await expect(dialog.getByRole("button", { name: `Remove Riley Chip ${tag}` })).toBeVisible();
    await shot(page, size);
    await dialog.getByRole("button", { name: `Remove Riley Chip ${tag}` }).click();
    await expect(dialog.getByRole("button", { name: `Remove Riley Chip ${tag}` })).toHaveCount(0);

    await dialog.getByRole("button", { name: "Create rule" }).click();
    await expect(dialog).toBeHidden();
    // The dialog may close as the request leaves; the row is there once the answer came back.
    await expect.poll(() => db.alertRule.count({ where: { name: `Chips ${tag}` } })).toBe(1);
    const saved = await db.alertRule.findFirstOrThrow({ where: { name: `Chips ${tag}` } });
    const quinn = await db.user.findFirstOrThrow({ where: { lastName: `Chip ${tag}`, firstName: "Quinn" } });
    expect(saved).toMatchObject({ notifySubject: true, notifyCreator: true, notifyUserIds: [quinn.id] });
  });
}
