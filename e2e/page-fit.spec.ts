/**
 * The width guard: every signed-in page fits a 360 px and a 390 px phone while a punch and a task
 * clock run on a task with a 120-character title (the header, My day's timer cards and the
 * punch-out dialog all show it). One admin (who may open every page) in one browser context,
 * the pages of the authorization matrix visited in sequence; each page is laid out at 360 px,
 * measured, then resized to 390 px and measured again (the server's markup does not depend on
 * the width). It asserts `document.documentElement.scrollWidth <= innerWidth`, that each open
 * dialog's primary button and Cancel are inside a 360 × 640 viewport, and that checklist boxes are at
 * least 24 × 24 px (WCAG 2.2, 2.5.8). Screenshots: test-results/shots/fit-*.png.
 */
import type { Locator, Page } from "@playwright/test";
import { addMembership, createBetaIssue, createMemorialCase, createProcess, createProject, createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "../prisma/factories";
import { PAGE_MATRIX } from "../tests/authorization/pages";
import { expect, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

const WIDTHS = [360, 390] as const;
const PHONE_HEIGHT = 640;
// 120 characters, with one long word, as people type them.
const LONG_TITLE = "Call back the Hendersons about memorial options, the urn engraving, the paw print keepsake and Saturday's pickup window".padEnd(120, "!");

/** How far the page scrolls sideways (0 when it fits). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The widest elements that stick out past the right edge, to name the culprit in a failure. */
const culprits = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > window.innerWidth + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 80)} → ${Math.round(right)} px`),
  );

async function ready(page: Page): Promise<void> {
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The dialog's actions (its primary button first) lie inside the viewport: nothing to scroll to. */
async function expectDialogActionsOnScreen(dialog: Locator, names: string[], where: string): Promise<void> {
  for (const name of names) {
    const b = await dialog.getByRole("button", { name, exact: true }).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: window.innerWidth, height: window.innerHeight };
    });
    expect(b.top >= 0 && b.left >= 0 && b.bottom <= b.height && b.right <= b.width, `${where}: "${name}" at ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)} in ${b.width}×${b.height}`).toBe(true);
  }
}

test("every page fits a 360 and a 390 px phone while a punch and a task clock run", async ({ page, db, signInAs }) => {
  test.setTimeout(240_000);
  const unit = await createUnit(db);
  // Home is My day (a staff member's default), with both timer cards on top.
  const admin = await createUser(db, { role: "admin", firstName: "Maximiliana", lastName: "Featherstonehaugh-Worthington", preferences: { homeView: "my-day" } });
  await addMembership(db, unit.id, admin.id);
  const task = await createTask(db, {
    createdById: admin.id,
    organizationalUnitId: unit.id,
    assigneeId: admin.id,
    title: LONG_TITLE,
    dueDate: new Date(Date.now() + 60 * 60_000),
    checklist: ["Confirm the engraving text with the family", "Photograph the paw print"],
  });
  const punch = await createPunchSession(db, { userId: admin.id, punchInAt: new Date(Date.now() - 3 * 3_600_000) });
  await createTimeEntry(db, { userId: admin.id, taskId: task.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 25 * 60_000) });
  const kase = await createMemorialCase(db, { createdById: admin.id, petName: "Biscuit", familyName: "Henderson", familyEmail: "hendersons@example.test" });
  const ids: Record<string, string> = {
    "/tasks/[id]": `/tasks/${task.id}`,
    "/members/[id]": `/members/${admin.id}`,
    "/projects/[id]": `/projects/${(await createProject(db, { createdById: admin.id, name: LONG_TITLE.slice(0, 100) })).id}`,
    "/processes/[id]": `/processes/${(await createProcess(db, { createdById: admin.id })).id}`,
    "/beta-issues/[uuid]": `/beta-issues/${(await createBetaIssue(db, { reporterId: admin.id, title: `[BETA] ${LONG_TITLE.slice(0, 90)}` })).id}`,
    "/agent-discussion/[discussionId]": "/agent-discussion/new",
    "/cases/[number]": `/cases/${kase.number}`,
    "/cases/[number]/edit": `/cases/${kase.number}/edit`,
  };
  // The pages an admin sees rendered, the real ones among them (no "missing" cases, no family page).
  const paths = [...new Set(PAGE_MATRIX.filter((row) => row.expect.admin === "render" && !row.page.startsWith("/c/")).map((row) => ids[row.page] ?? row.page))];
  expect(paths.every((p) => !p.includes("["))).toBe(true);

  await page.setViewportSize({ width: WIDTHS[0], height: PHONE_HEIGHT });
  await signInAs(page, { email: admin.email }, "/");
  const failures: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: PHONE_HEIGHT });
    await page.goto(path);
    await ready(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: PHONE_HEIGHT });
      const over = await overflowOf(page);
      if (over > 0) failures.push(`${path} at ${width} px is ${over} px too wide: ${(await culprits(page)).join("; ")}`);
    }
  }
  expect.soft(failures, failures.join("\n")).toEqual([]);

  // My day with both clocks: the cards show the title cut short and the timers whole.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONE_HEIGHT });
    await page.goto("/");
    await ready(page);
    const timers = page.getByTestId("my-day-timers");
    await expect(timers).toContainText("On the clock");
    for (const timer of await timers.getByRole("timer").all()) {
      const box = (await timer.boundingBox())!;
      expect(box.x + box.width, "a running timer is whole on screen").toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: `test-results/shots/fit-my-day-${width}.png` });

    // Punch Out from there: the reason dialog's buttons stay on screen, also with "Other" and its text box open.
    await page.getByRole("banner").getByTestId("punch-button").click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await expect(dialog.getByRole("button", { name: "Confirm Punch Out" })).toBeVisible();
    await expect(dialog).toContainText(LONG_TITLE);
    await expectDialogActionsOnScreen(dialog, ["Confirm Punch Out", "Cancel"], `Punch Out at ${width} px`);
    await dialog.getByRole("radio").last().check();
    await expect(dialog.getByRole("textbox")).toBeVisible();
    await expectDialogActionsOnScreen(dialog, ["Confirm Punch Out", "Cancel"], `Punch Out with Other at ${width} px`);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/shots/fit-punch-out-${width}.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  }

  // The longest form dialog (Create Task) keeps Create Task on screen at 360 × 640.
  await page.setViewportSize({ width: 360, height: PHONE_HEIGHT });
  const create = await openQuickAction(page, "Create Task", "Create New Task");
  await expectDialogActionsOnScreen(create, ["Create Task", "Cancel"], "Create New Task at 360 px");
  await page.screenshot({ path: "test-results/shots/fit-create-task-360.png" });
  await create.getByRole("button", { name: "Cancel" }).click();

  // The case page: the family link wraps, Copy link is there.
  await page.goto(`/cases/${kase.number}`);
  await ready(page);
  await expect(page.getByTestId("family-link")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/shots/fit-case-360.png", fullPage: true });

  // Checklist boxes are touch targets of at least 24 × 24 px.
  await page.goto(`/tasks/${task.id}`);
  await ready(page);
  const items = page.getByRole("checkbox", { name: "Photograph the paw print" });
  await expect(items).toBeVisible();
  for (const box of await page.getByRole("checkbox").all()) {
    const target = (await box.evaluate((el) => {
      const r = (el.closest("label") ?? el).getBoundingClientRect();
      return { width: r.width, height: r.height };
    }))!;
    expect(Math.min(target.width, target.height), "a checkbox's target").toBeGreaterThanOrEqual(24);
  }
  await page.screenshot({ path: "test-results/shots/fit-task-360.png", fullPage: true });
});
