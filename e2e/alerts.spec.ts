import type { Page } from "@playwright/test";
import { addMembership, createTask, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The alert screens: an admin creates an "overdue task" rule and tests it; the job evaluates;
 * the subject member sees the count on the bell (375 px: the menu's dot and the slide-out's
 * Alerts section) and acknowledges; the accountability screen with a drill-down and its CSV.
 * Screenshots: test-results/shots/alerts-*.png.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/alerts-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test("an admin creates and tests an overdue-task rule; the member's bell shows it and they acknowledge it", async ({ page, db, signInAs }) => {
  test.setTimeout(180_000);
  const tag = uniq();
  const admin = await db.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
  const member = await createUser(db, { role: "staff", firstName: "Morgan", lastName: `Bell ${tag}` });
  const unit = await createUnit(db, { name: `Pickups ${tag}` });
  await addMembership(db, unit.id, member.id);
  const title = `Collect urn for the Garcias ${tag}`;
  await createTask(db, { title, createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: new Date(Date.now() - 3 * 3_600_000) });

  await page.setViewportSize(DESKTOP);
  await signInAs(page, "admin", "/admin/alerts");
  await expect(page.getByRole("heading", { name: "Alerts Admin", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New alert rule" });
  await dialog.getByLabel("Name").fill(`Overdue work ${tag}`);
  await expect(dialog.getByLabel("Kind")).toHaveValue("task_overdue");
  await dialog.getByLabel("Overdue by more than (hours)", { exact: true }).fill("1");
  await dialog.getByLabel("Watches").selectOption("members");
  // The watched members are picked in the searchable chip picker.
  const members = dialog.getByRole("combobox", { name: "Members", exact: true });
  await members.fill(`Bell ${tag}`);
  await dialog.getByRole("option", { name: `Morgan Bell ${tag}` }).click();
  await expect(dialog.getByRole("button", { name: `Remove Morgan Bell ${tag}` })).toBeVisible();
  await dialog.getByRole("button", { name: "Test this rule" }).click();
  const preview = dialog.getByTestId("rule-preview");
  await expect(preview).toContainText("1 would fire now (nothing was sent)");
  await expect(preview).toContainText(title);
  await expect(preview).toContainText("Overdue by 3 h");
  await shot(page, "rule-preview");
  await dialog.getByRole("button", { name: "Create rule" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("alert-rule-row").filter({ hasText: `Overdue work ${tag}` });
  await expect(row).toBeVisible();

  // Saving the rule already queued an evaluation on the job runner; the test hook runs one now
  // (what the 5-minute schedule does), so the alert exists whichever ran first, and only once.
  const run = await page.request.post("/api/test-hooks/jobs/alerts-evaluate", { data: {} });
  expect(run.status()).toBe(200);
  await page.reload();
  await expect(row).toContainText("1 open");
  await expect(page.getByTestId("admin-alert-row").filter({ hasText: title })).toBeVisible();
  expect(await db.alert.count({ where: { task: { title } } })).toBe(1);
  await shot(page, "admin-1366");

  // The member, on a phone: a dot on the menu button, the count in the slide-out.
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await signInAs(page, { email: member.email }, "/");
  await expect(page.getByTestId("alert-dot")).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, "member-375-header");
  await page.getByRole("button", { name: /Account menu for Morgan/ }).click();
  const alerts = page.getByTestId("mobile-alerts");
  await expect(alerts.getByTestId("mobile-alert-count")).toHaveText("1 unread");
  await alerts.getByRole("button", { name: /Alerts/ }).click();
  await expect(alerts.getByText(title)).toBeVisible();
  await shot(page, "member-375-menu");
  await page.keyboard.press("Escape");

  // Desktop: the bell beside the avatar with the count; acknowledge.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  const bell = page.getByTestId("alert-bell");
  await expect(bell).toHaveAccessibleName("Alerts, 1 unread");
  await expect(page.getByTestId("alert-count")).toHaveText("1");
  await bell.click();
  const item = page.getByTestId("alert-item").filter({ hasText: title });
  await expect(item).toContainText("Overdue by 3 h");
  await expect(item.getByRole("link", { name: title })).toHaveAttribute("href", /\/tasks\//);
  // Not full-page: resizing the viewport for a full-page shot closes the anchored panel.
  await page.screenshot({ path: "test-results/shots/alerts-member-1366-bell.png" });
  if (!(await item.isVisible())) await bell.click();
  await item.getByRole("button", { name: new RegExp(`^Acknowledge: #\\d+ ${title}$`) }).click();
  await expect(item).toBeHidden();
  await expect(page.getByTestId("alert-count")).toBeHidden();
  await expect(bell).toHaveAccessibleName("Alerts");
  const stored = await db.alert.findFirstOrThrow({ where: { task: { title } } });
  expect(stored.acknowledgedById).toBe(member.id);
});

test("accountability: figures, a drill-down, the CSV export, and the phone layout", async ({ page, db, signInAs }) => {
  test.setTimeout(120_000);
  const tag = uniq();
  const admin = await db.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
  const member = await createUser(db, { role: "staff", firstName: "Quinn", lastName: `Owes ${tag}` });
  const unit = await createUnit(db, { name: `Desk ${tag}` });
  await addMembership(db, unit.id, member.id);
  await createTask(db, { title: `Late obituary ${tag}`, createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: new Date(Date.now() - 60_000) });

  await page.setViewportSize(DESKTOP);
  await signInAs(page, "admin", "/admin/accountability");
  await expect(page.getByRole("heading", { name: "Accountability", level: 1 })).toBeVisible();
  await page.getByLabel("Period").selectOption("last-30");
  const memberRow = page.getByTestId("acc-row-userId").filter({ hasText: `Quinn Owes ${tag}` });
  await expect(memberRow).toBeVisible();
  await memberRow.getByRole("button", { name: new RegExp(`Overdue tasks of Quinn Owes ${tag}: 1`) }).click();
  const drill = page.getByRole("dialog", { name: `Overdue tasks: Quinn Owes ${tag}` });
  // The drill-down recomputes the period on the server: slow on a loaded machine.
  await expect(drill.getByRole("link", { name: new RegExp(`Late obituary ${tag}`) })).toBeVisible({ timeout: 30_000 });
  await shot(page, "accountability-drill");
  await page.keyboard.press("Escape");
  await shot(page, "accountability-1366");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("accountability-export").click()]);
  expect(download.suggestedFilename()).toMatch(/^accountability-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.split("\r\n")[0]).toContain("Type,Name,Details,Overdue tasks");
  expect(text).toContain(`Member,Quinn Owes ${tag},Desk ${tag},1,`);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Accountability", level: 1 })).toBeVisible();
  await expect(page.getByTestId("acc-row-userId").first()).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, "accountability-375");
  await page.goto("/admin/alerts");
  await expect(page.getByRole("heading", { name: "Alerts Admin", level: 1 })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, "admin-375");
});

test("an admin sets a member's expected start by typing their name, sees it listed, and removes it", async ({ page, db, signInAs }) => {
  const tag = uniq();
  const member = await createUser(db, { role: "staff", firstName: "Sky", lastName: `Early ${tag}` });
  await page.setViewportSize(PHONE);
  await signInAs(page, "admin", "/admin/alerts");
  const form = page.getByRole("form", { name: "Set an expected start" });
  const who = form.getByRole("combobox", { name: "Member or department" });
  await who.click();
  await who.fill(`Early ${tag}`);
  await page.getByRole("option", { name: `Sky Early ${tag}` }).click();
  await form.getByLabel("Starts at").fill("07:30");
  await form.getByRole("button", { name: "Set" }).click();
  const list = page.getByRole("list", { name: "Expected start times" });
  await expect(list.getByRole("listitem").filter({ hasText: `Sky Early ${tag}` })).toContainText("07:30");
  // Saved, the picker is empty again for the next one.
  await expect(who).toHaveValue("");
  expect(await db.expectedStart.count({ where: { userId: member.id } })).toBe(1);
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, "expected-start-375");
  await list.getByRole("button", { name: `Remove the expected start of Sky Early ${tag}` }).click();
  await expect(list.getByText(`Sky Early ${tag}`)).toHaveCount(0);
});
