import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Chooses an item of the floating "Quick actions" menu and waits until `opened` (what the item
 * opens) is visible. Without trace recording the suite runs about three times faster, and then
 * roughly one such click in ten, on a loaded 2-core machine, left the menu open with nothing
 * opened (never reproduced with event logging attached, so the cause is not pinned down). A
 * person clicks again; so does this, only while the menu is still showing.
 */
export async function chooseQuickAction(page: Page, item: string, opened: Locator): Promise<void> {
  const menuItem = page.getByRole("menuitem", { name: item });
  await page.getByRole("button", { name: "Quick actions" }).click();
  await menuItem.click();
  await expect(async () => {
    if (await menuItem.isVisible()) await menuItem.click({ timeout: 2_000 });
    await expect(opened).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}

/** chooseQuickAction for an item that opens a dialog: waits for its title heading, returns the dialog. */
export async function openQuickAction(page: Page, item: string, dialogName: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await chooseQuickAction(page, item, dialog.getByRole("heading", { name: dialogName }));
  return dialog;
}
