import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Chooses an item of the floating "Quick actions" menu and waits for the dialog it opens (its
 * title heading visible); returns the dialog. Without trace recording the suite runs about three
 * times faster, and then roughly one such click in ten, on a loaded 2-core machine, left the menu
 * open with nothing opened (never reproduced with event logging attached, so the cause is not
 * pinned down). A person clicks again; so does this, only while the menu is still showing.
 */
export async function openQuickAction(page: Page, item: string, dialogName: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: dialogName });
  const menuItem = page.getByRole("menuitem", { name: item });
  await page.getByRole("button", { name: "Quick actions" }).click();
  await menuItem.click();
  await expect(async () => {
    if (await menuItem.isVisible()) await menuItem.click({ timeout: 2_000 });
    await expect(dialog.getByRole("heading", { name: dialogName })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  return dialog;
}
