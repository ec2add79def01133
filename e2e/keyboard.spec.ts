/**
 * Keyboard walks: the task form and the punch dialogs open, trap focus, and close
 * from the keyboard alone, and focus comes back to what opened them. (The header's Settings menu
 * walk is in shell.spec.ts.)
 */
import type { Page } from "@playwright/test";
import { addMembership, createPunchSession, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

const focusIsInside = (page: Page, selector: string) => page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);

/** Tabs through the open dialog `presses` times, forwards then backwards: focus never leaves it. */
async function expectFocusTrapped(page: Page, presses = 6) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      expect(await focusIsInside(page, '[role="dialog"]'), `${key} #${i + 1} stays in the dialog`).toBe(true);
    }
  }
}

test.beforeEach(async ({ page, db, signInAs }) => {
  test.setTimeout(90_000);
  const unit = await createUnit(db);
  const user = await createUser(db, { role: "staff" });
  await addMembership(db, unit.id, user.id);
  test.info().annotations.push({ type: "user", description: user.email });
  await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
  await signInAs(page, { email: user.email });
});

test("task form: Quick actions → Create Task by keyboard, focus trapped, Escape closes and returns focus", async ({ page }) => {
  const quick = page.getByRole("button", { name: "Quick actions" });
  await quick.focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: "Create Task" });
  await expect(item).toBeVisible();
  while ((await item.getAttribute("data-focus")) === null) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create New Task" })).toBeVisible();
  // The form is loaded when the dialog opens (next/dynamic): focus lands in its first field once it mounts.
  await expect.poll(() => focusIsInside(page, '[role="dialog"] form')).toBe(true);
  await page.keyboard.type("Typed without a mouse");
  await expectFocusTrapped(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(quick).toBeFocused();
});

test("punch-out reason: Enter on Punch Out opens it, arrows pick a reason, Escape closes and returns focus", async ({ page }) => {
  const punch = page.getByRole("banner").getByTestId("punch-button");
  await expect(punch).toContainText("Punch Out");
  await punch.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Punch Out" })).toBeVisible();
  expect(await focusIsInside(page, '[role="dialog"]')).toBe(true);
  const confirm = dialog.getByRole("button", { name: "Confirm Punch Out" });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(1);
  await expect(confirm).toBeEnabled();
  await expectFocusTrapped(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(punch).toBeFocused();
});
