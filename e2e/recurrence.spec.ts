import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

/**
 * Recurring tasks: a weekly recurring task with the holiday option, its live preview, the occurrence
 * the job creates (triggered through the test hook with a moved clock), pausing it on
 * /recurring-tasks, and the list at 375 px. Screenshots: test-results/shots/recurrence-*.png.
 */

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/recurrence-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("weekly series with holidays: preview, the job's occurrence, pause on /recurring-tasks, 375 px", async ({ page, db, signInAs }) => {
  test.setTimeout(150_000);
  const title = `Sanitize transport carriers ${uniq()}`;
  await signInAs(page, "admin");
  const dialog = await openQuickAction(page, "Create Task", "Create New Task");
  await dialog.getByLabel("Title").fill(title);
  const department = dialog.locator("#task-department");
  await department.click();
  await department.fill("Memorial");
  await page.getByRole("option", { name: /Memorial Products/ }).first().click();
  // Mondays from Jan 13 2031, 9:00; Jan 20 2031 is Martin Luther King Jr. Day.
  await dialog.locator("#task-due-date").fill("2031-01-13");
  await dialog.locator("#task-due-time").fill("9:00");

  await dialog.getByLabel("Recurring").check();
  await dialog.getByRole("button", { name: "Mon" }).click();
  await dialog.getByLabel("Exclude holidays").check();
  await expect(dialog.getByLabel("Holiday calendar")).toHaveValue("US");
  const preview = dialog.getByRole("region", { name: "Next dates" });
  await expect(preview.getByTestId("rule-in-words")).toHaveText("Every week on Monday at 9:00 AM; skips US holidays");
  await expect(preview.getByText("Skips Mon, Jan 20, 2031 (Martin Luther King Jr. Day)")).toBeVisible();

  await dialog.getByLabel("When a date falls on an excluded day").selectOption("next");
  await expect(preview.getByTestId("rule-in-words")).toHaveText("Every week on Monday at 9:00 AM; US holidays move to the next business day");
  const dates = preview.getByRole("list", { name: "Next 5 dates" }).getByRole("listitem");
  await expect(dates).toHaveCount(5);
  await expect(dates.nth(0)).toContainText("Mon, Jan 13, 2031");
  await expect(dates.nth(1)).toContainText("Tue, Jan 21, 2031");
  await expect(dates.nth(1)).toContainText("moved from Jan 20, 2031 (Martin Luther King Jr. Day)");
  // An unfinished ending says what is missing instead of the dates; finished, the dates return.
  await dialog.getByRole("radio", { name: "After" }).check();
  await expect(preview).toHaveText("The next dates show once the settings are complete: Max occurrences must be at least 1.");
  await dialog.getByRole("radio", { name: "Never" }).check();
  await expect(dates).toHaveCount(5);
  await dialog.getByRole("region", { name: "Next dates" }).scrollIntoViewIfNeeded();
  await shot(page, "form-preview-desktop");

  await dialog.getByRole("button", { name: "Create Task" }).click();
  // The dialog element itself has no box (its panel is positioned), so toBeHidden() passes while
  // it is still open; it leaves the DOM once the create succeeded and the form closed.
  await expect(dialog).toHaveCount(0);
  const series = await db.task.findFirstOrThrow({ where: { title, isRecurring: true } });
  expect(series.recurringSchedule).toEqual({ excludedDayPolicy: "next", monthlyWeek: null });
  expect(await db.task.count({ where: { recurrenceSourceId: series.id } })).toBe(0); // 2031 is beyond the window

  // The job runs "on Jan 12 2031": the Jan 13 occurrence appears on the task list.
  const run = await page.request.post("/api/test-hooks/jobs/recurrence-generate", { data: { now: "2031-01-12T18:00:00.000Z", seriesId: series.id } });
  expect(run.status()).toBe(200);
  await page.goto("/");
  await page.getByRole("combobox", { name: "Show" }).selectOption("all");
  await page.getByLabel("Search tasks").fill(title);
  const row = page.getByRole("link", { name: title });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByTestId("occurrence-line")).toHaveText(`Occurrence of ${title} · 1 of ∞`);
  await shot(page, "occurrence-desktop");

  // /recurring-tasks: the row, then pause it.
  await page.goto("/recurring-tasks");
  await expect(page.getByRole("heading", { name: "Recurring Tasks" })).toBeVisible();
  const item = page.getByRole("listitem", { name: title });
  await expect(item.getByText("Every week on Monday at 9:00 AM; US holidays move to the next business day")).toBeVisible();
  await expect(item.getByText("Active")).toBeVisible();
  await expect(item.getByText("Tue, Jan 21, 2031, 9:00 AM")).toBeVisible(); // the next date, moved off MLK day (another year: with it)
  await expect(item.getByText("Memorial Products")).toBeVisible();
  await shot(page, "list-desktop");
  await item.getByRole("button", { name: `Pause ${title}` }).click();
  await expect(page.getByText("Recurring task paused", { exact: true }).first()).toBeVisible();
  await expect(item.getByText("Paused", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("listitem", { name: title }).getByRole("button", { name: `Resume ${title}` })).toBeVisible();
  expect((await db.task.findUniqueOrThrow({ where: { id: series.id } })).recurrencePausedAt).not.toBeNull();

  // Paused: the job creates nothing more.
  await page.request.post("/api/test-hooks/jobs/recurrence-generate", { data: { now: "2031-01-26T18:00:00.000Z", seriesId: series.id } });
  expect(await db.task.count({ where: { recurrenceSourceId: series.id } })).toBe(1);

  // Phone width.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("listitem", { name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole("listitem", { name: title }).scrollIntoViewIfNeeded();
  await shot(page, "list-phone");

  // The series' own page lists its occurrences.
  await page.goto(`/tasks/${series.id}`);
  await expect(page.getByRole("region", { name: "Occurrences" }).getByRole("link", { name: /Mon, Jan 13/ })).toBeVisible();
  await shot(page, "series-phone");
});
