import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createTask } from "../prisma/factories";
import { expect, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

/**
 * The number people say: /tasks/{number} opens the task for whoever may see it and is the 404
 * page (status 404) for everyone else; detail pages of missing things answer 404; "#N" typed in a
 * comment is a link; Recurring Tasks in the Dashboards and phone menus; "Hide numbers" inside the
 * department picker's menu. Screenshots land in test-results/shots/task-numbers-*.png.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/task-numbers-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

// Several page loads each (every one waits for hydration): slow on a loaded 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.describe("task numbers", () => {
  test("/tasks/{number} redirects to the task; someone else's private task and missing pages are the 404 page with status 404", async ({ page, db, signInAs }) => {
    await page.setViewportSize(DESKTOP);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await db.organizationalUnit.findFirstOrThrow({ where: { name: "Transport & Pickup" } });
    const open = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Collect urn ${uniq()}` });
    const secret = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Private plan ${uniq()}`, isPrivate: true });

    await signInAs(page, "staff");
    const redirected = await page.goto(`/tasks/${open.displayNumber}`);
    expect(redirected?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/tasks/${open.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: open.title })).toBeVisible();
    await shot(page, "redirected-1366");
    // "#32" as typed, encoded in the path.
    await page.goto(`/tasks/%23${open.displayNumber}`);
    await expect(page).toHaveURL(new RegExp(`/tasks/${open.id}$`));

    // Someone else's private task, by number and by id, reads exactly like a missing one.
    for (const path of [`/tasks/${secret.displayNumber}`, `/tasks/%23${secret.displayNumber}`, `/tasks/${secret.id}`, "/tasks/2000000000", `/tasks/${randomUUID()}`]) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByText(secret.title)).toHaveCount(0);
      // The header stays: the 404 page renders inside the signed-in layout.
      await expect(page.getByRole("banner")).toBeVisible();
    }
    await shot(page, "private-404-1366");

    for (const path of [`/projects/${randomUUID()}`, `/processes/${randomUUID()}`, `/members/${randomUUID()}`, `/beta-issues/${randomUUID()}`, "/projects/123"]) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    }

    // The creator still opens the private task by its number.
    await page.context().clearCookies();
    await signInAs(page, "admin", `/tasks/${secret.displayNumber}`);
    await expect(page).toHaveURL(new RegExp(`/tasks/${secret.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: secret.title })).toBeVisible();
  });

  test("#N in a comment links to task N (390 px)", async ({ page, db, signInAs }) => {
    await page.setViewportSize(PHONE);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await db.organizationalUnit.findFirstOrThrow({ where: { name: "Transport & Pickup" } });
    const target = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Engrave plate ${uniq()}` });
    const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Deliver urn ${uniq()}` });

    await signInAs(page, "admin", `/tasks/${task.id}`);
    await expect(page.getByRole("heading", { level: 1, name: task.title })).toBeVisible();
    const composer = page.getByTestId("comment-composer").getByRole("textbox");
    await composer.click();
    await page.keyboard.type(`Waiting for #${target.displayNumber} first.`);
    await page.getByRole("button", { name: "Comment", exact: true }).click();

    const comment = page.getByLabel("Task activity").getByTestId("task-comment");
    const link = comment.getByRole("link", { name: `#${target.displayNumber}`, exact: true });
    await expect(link).toHaveAttribute("href", `/tasks/${target.displayNumber}`);
    await shot(page, "comment-link-390");

    // Still a link after a reload (linked when shown, not when stored).
    await page.reload();
    await page.getByLabel("Task activity").getByTestId("task-comment").getByRole("link", { name: `#${target.displayNumber}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${target.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: target.title })).toBeVisible();
  });
});

test.describe("small misses", () => {
  test("Recurring Tasks is in the Dashboards menu (1366 px) and the phone menu (390 px)", async ({ page, signInAs }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, "staff");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Dashboards" }).click();
    const entry = page.getByRole("menu").getByRole("menuitem", { name: "Recurring Tasks" });
    await expect(entry).toBeVisible();
    // Not full-page: scrolling for a full-page shot closes the open menu.
    await page.screenshot({ path: "test-results/shots/task-numbers-dashboards-menu-1366.png" });
    await entry.click();
    await page.waitForURL("**/recurring-tasks");
    await expect(page.getByRole("heading", { level: 1, name: "Recurring Tasks" })).toBeVisible();

    await page.setViewportSize(PHONE);
    await header.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    const link = menu.getByRole("link", { name: "Recurring Tasks" });
    await expect(link).toHaveAttribute("aria-current", "page");
    await shot(page, "phone-menu-390");
    await menu.getByRole("link", { name: "Task List" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await header.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Recurring Tasks" }).click();
    await page.waitForURL("**/recurring-tasks");
  });

  test('"Hide numbers" is a command in the department picker\'s own menu', async ({ page, signInAs }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, "admin");
    const dialog = await openQuickAction(page, "Create Task", "Create New Task");
    // Nothing beside the picker any more.
    await expect(page.getByRole("button", { name: /Hide numbers|Show numbers/ })).toHaveCount(0);
    const input = dialog.locator("#task-department");
    await input.click();
    const hide = page.getByRole("option", { name: "Hide numbers" });
    await expect(hide).toBeVisible();
    const numbered = await page.getByRole("option", { name: /Memorial Products/ }).first().textContent();
    await shot(page, "department-menu-1366");
    await hide.click();
    // The value is untouched; the labels lose their numbers, and the menu offers them back.
    await expect(input).toHaveValue("");
    // The input keeps the focus after a choice: the chevron opens the list again.
    await input.locator("xpath=..").getByRole("button", { name: "Show options" }).click();
    await expect(page.getByRole("option", { name: "Show numbers" })).toBeVisible();
    const plain = await page.getByRole("option", { name: /Memorial Products/ }).first().textContent();
    expect(plain?.trim()).toBe("Memorial Products");
    expect(numbered).not.toBe(plain);
    await page.getByRole("option", { name: /Memorial Products/ }).first().click();
    await expect(input).toHaveValue("Memorial Products");
  });
});
