import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { addDays, weekStart } from "../lib/dates";
import { dayOf } from "../lib/time/calc";
import { startOfDay } from "../lib/dates/instants";
import { createPunchSession, createUser } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/**
 * Time administration's screens: a member's week on /time-logs and its CSV export; an admin editing a punch
 * on /admin/time-card with a reason (the edit history shows who and why), approving, then locking
 * the rows shown after a confirmation, a locked punch's edits disabled, the payroll export, unlocking at 375 px;
 * /time-logs at 375 px. Screenshots: test-results/shots/time-*.png.
 */

const TZ = "America/Chicago";
const H = 3_600_000;
const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/time-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Tuesday of last week (business time zone) and a wall-clock instant on it. */
const lastTuesday = () => addDays(weekStart(dayOf(new Date(), TZ), 1), -6);
const wall = (day: string, hour: number, minute = 0) => new Date(startOfDay(day, TZ).getTime() + hour * H + minute * 60_000);

test.describe("time logs", () => {
  test("a member sees their week with breaks and totals, exports it, and the page fits a phone", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    const user = await createUser(db, { role: "staff", firstName: "Wren", lastName: `Weekly ${uniq()}` });
    const day = lastTuesday();
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 12), outReason: "Lunch", inSource: "qr", inLocation: "facility" });
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 12, 30), punchOutAt: wall(day, 16, 30), outReason: "End of Workday" });

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, { email: user.email }, "/time-logs");
    await expect(page.getByRole("heading", { name: "Time Logs" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Week" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Previous range" }).click();
    const dayCard = page.getByTestId(`time-day-${day}`);
    await expect(dayCard.getByTestId("day-worked")).toHaveText("8.00 h");
    await expect(dayCard.getByTestId("time-punch")).toHaveCount(2);
    await expect(dayCard).toContainText("QR");
    await expect(dayCard).toContainText("Lunch 12:00 PM – 12:30 PM: 0:30 unpaid");
    await expect(page.getByTestId("total-regular")).toHaveText("8.00 h");
    await expect(page.getByTestId("total-unpaid")).toHaveText("0.50 h");
    await shot(page, "member-week-1366");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toContain("Date,Punch in,Punch out");
    expect(csv).toContain(`${day},08:00,12:00`);
    expect(csv).toMatch(/Total,,,,,,8\.00,8\.00,0\.00,0\.00,0\.50/);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByTestId(`time-day-${day}`).getByTestId("day-worked")).toHaveText("8.00 h");
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "member-week-375");
  });

  test("an admin finds a member by name on /time-logs and keeps the range", async ({ page, db, signInAs }) => {
    const tag = uniq();
    const user = await createUser(db, { role: "staff", firstName: "Fern", lastName: `Findable ${tag}` });
    const day = lastTuesday();
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 9), punchOutAt: wall(day, 13), outReason: "End of Workday" });

    await page.setViewportSize(PHONE);
    await signInAs(page, "admin", `/time-logs?range=week&date=${day}`);
    await expect(page.getByText("Your time")).toBeVisible();
    // A type-ahead, not a select of every member (the e2e database has hundreds).
    await expect(page.locator("select")).toHaveCount(0);
    const member = page.getByRole("combobox", { name: "Member" });
    await member.click();
    await member.fill(`Findable ${tag}`);
    await page.getByRole("option", { name: `Fern Findable ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`member=${user.id}&range=week`));
    await expect(page.getByText(`Fern Findable ${tag} · times in`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Week" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId(`time-day-${day}`).getByTestId("day-worked")).toHaveText("4.00 h");
    await expect(member).toHaveValue(`Fern Findable ${tag}`);
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "member-picker-375");
  });
});

test.describe("time card", () => {
  test("an admin edits a punch with a reason, approves, locks after a confirmation with the totals, a locked punch offers Unlock instead of edits, exports, and unlocks at 375 px", async ({ page, db, signInAs }) => {
    test.setTimeout(240_000);
    const last = `Timecard ${uniq()}`;
    const user = await createUser(db, { role: "staff", firstName: "Tess", lastName: last });
    const other = await createUser(db, { role: "staff", firstName: "Theo", lastName: last });
    await db.user.update({ where: { id: user.id }, data: { payrollId: `PR-${last.slice(-6)}` } });
    const day = lastTuesday();
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 16), outReason: "End of Workday" });
    await createPunchSession(db, { userId: other.id, punchInAt: wall(day, 9), punchOutAt: wall(day, 11), outReason: "Lunch" });

    await page.setViewportSize({ width: 1366, height: 900 });
    // The grid pages through the members (50 a page): find ours by name, as an admin would; it filters as one types.
    await signInAs(page, "admin", `/admin/time-card?period=${day}`);
    await expect(page.getByRole("heading", { name: "Time Card" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Quick actions" })).toHaveCount(0);
    await page.getByLabel("Find a member").fill(last);
    await expect(page.getByTestId("card-total")).toHaveText("2 members");
    const row = page.getByTestId(`card-row-${user.id}`);
    await expect(row.getByTestId("card-regular")).toHaveText("8.00");
    await expect(page.getByTestId("total-worked")).toHaveText("10.00");
    await expect(page.getByRole("button", { name: "Approve these 2" })).toBeVisible();
    await shot(page, "card-1366");

    await row.getByRole("link", { name: `Tess ${last}` }).click();
    const punch = page.getByTestId(`time-day-${day}`).getByTestId("time-punch");
    await punch.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit punch" });
    await expect(dialog.getByLabel("Punch-out reason")).toHaveValue("End of Workday");
    await dialog.getByLabel("Punch out").fill(`${day}T17:00`);
    await dialog.getByRole("button", { name: "Save edit" }).click();
    await expect(dialog.getByText("Reason is required")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Reason", exact: true }).fill("Stayed for the late delivery");
    await dialog.getByRole("button", { name: "Save edit" }).click();
    await expect(page.getByText("Time updated", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId(`time-day-${day}`).getByTestId("day-worked")).toHaveText("9.00 h");
    await punch.getByText("Edited (1)").click();
    await expect(punch.getByTestId("time-edit-line")).toContainText("Alex Morgan");
    await expect(punch.getByTestId("time-edit-line")).toContainText("update: Stayed for the late delivery");
    await shot(page, "card-member-edited-1366");

    // Approve one row: it is approved, not locked, and can be withdrawn.
    await page.getByRole("link", { name: "‹ Back to the time card" }).click();
    await expect(page.getByTestId("card-total")).toHaveText("2 members");
    await page.getByTestId(`card-row-${user.id}`).getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByTestId(`card-row-${user.id}`).getByText("Approved", { exact: true })).toBeVisible();
    await expect(page.getByTestId(`card-row-${user.id}`).getByRole("button", { name: "Withdraw" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve this 1" })).toBeVisible();
    await expect(page.getByTestId(`card-row-${user.id}`).getByTestId("card-regular")).toHaveText("9.00");

    // Lock the rows shown: the confirmation shows the totals and the member not approved yet.
    await page.getByRole("button", { name: "Lock these 2" }).click();
    const confirm = page.getByRole("dialog", { name: "Lock the pay period for 2 members?" });
    await expect(confirm.getByTestId("lock-totals")).toContainText("Worked11.00");
    await expect(confirm.getByTestId("lock-not-approved")).toHaveText("1 of them is not approved yet.");
    await shot(page, "card-lock-confirm-1366");
    await confirm.getByRole("button", { name: "Lock these 2" }).click();
    await expect(page.getByText("2 periods locked", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId(`card-row-${user.id}`).getByText("Approved · locked")).toBeVisible();
    await expect(page.getByTestId(`card-row-${other.id}`).getByText("Locked", { exact: true })).toBeVisible();
    await shot(page, "card-locked-1366");

    await page.getByTestId(`card-row-${user.id}`).getByRole("link", { name: `Tess ${last}` }).click();
    await expect(page.getByTestId(`time-day-${day}`).getByText("Locked", { exact: true })).toBeVisible();
    // A locked punch offers no Edit, Split or Delete (the server would refuse them), and Unlock instead.
    const lockedPunch = page.getByTestId(`time-day-${day}`).getByTestId("time-punch");
    for (const action of ["Edit", "Split", "Delete"]) await expect(lockedPunch.getByRole("button", { name: action, exact: true })).toBeDisabled();
    await expect(lockedPunch.getByRole("button", { name: "Unlock" })).toBeEnabled();
    await shot(page, "card-edit-locked-1366");
    await expect(page.getByTestId(`time-day-${day}`).getByTestId("day-worked")).toHaveText("9.00 h");

    // Export: Generic CSV with the payroll ID, total hours and the approval; the choices are remembered.
    await page.getByRole("link", { name: "‹ Back to the time card" }).click();
    await page.getByRole("button", { name: "Export payroll" }).click();
    const exportDialog = page.getByRole("dialog", { name: "Export payroll" });
    await exportDialog.getByLabel("Layout").selectOption({ label: "Generic CSV" });
    for (const option of ["Payroll ID instead of the internal id", "Total hours", "Approved by and approved at"]) await exportDialog.getByLabel(option).check();
    // Theo has no payroll ID: he is named and linked, and the file waits (a provider matches people by id).
    await expect(exportDialog.getByTestId("payroll-missing-ids").locator(`a[href="/members/${other.id}"]`)).toBeVisible();
    await expect(exportDialog.getByRole("button", { name: /^(Download|Export anyway)$/ })).toBeDisabled();
    await shot(page, "card-export-1366");
    // With the internal id every row has an id again.
    await exportDialog.getByLabel("Payroll ID instead of the internal id").uncheck();
    const [download] = await Promise.all([page.waitForEvent("download"), exportDialog.getByRole("button", { name: /^(Download|Export anyway)$/ }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Employee ID,First name,Last name,Pay type,Period start,Period end,Regular hours,Overtime hours,Total hours,Approved by,Approved at");
    expect(lines.find((l) => l.includes(`,Tess,${last},`))).toMatch(new RegExp(`^${user.id},Tess,${last},hourly,\\d{4}-\\d{2}-\\d{2},\\d{4}-\\d{2}-\\d{2},9\\.00,0\\.00,9\\.00,Alex Morgan,`));
    await page.reload();
    await page.getByRole("button", { name: "Export payroll" }).click();
    await expect(page.getByRole("dialog", { name: "Export payroll" }).getByLabel("Layout")).toHaveValue("generic-csv");
    await page.getByRole("dialog", { name: "Export payroll" }).getByRole("button", { name: "Cancel" }).click();

    // 375 px: the page does not scroll sideways and the approval badge is whole on screen.
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
    expect(await noHorizontalScroll(page)).toBe(true);
    const badge = page.getByTestId(`card-row-${user.id}`).getByText("Approved · locked");
    await expect(badge).toBeVisible();
    const box = (await badge.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await shot(page, "card-375");

    // Unlock the rows shown, with one reason.
    await page.getByRole("button", { name: "Unlock these 2" }).click();
    const unlockAll = page.getByRole("dialog", { name: "Unlock the pay period of 2 members" });
    await unlockAll.getByLabel("Reason").fill("Payroll rerun");
    await shot(page, "card-unlock-375");
    await unlockAll.getByRole("button", { name: "Unlock these 2" }).click();
    await expect(page.getByText("2 periods unlocked", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId(`card-row-${user.id}`).getByText("Approved", { exact: true })).toBeVisible();
    await expect(page.getByTestId(`card-row-${other.id}`).getByRole("button", { name: "Approve", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Unlock these/ })).toHaveCount(0);
  });
});

test.describe("time screens accessibility", () => {
  test("axe: 0 serious/critical on /time-logs and /admin/time-card (desktop and 375 px) and in the edit dialog", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    const user = await createUser(db, { role: "staff", firstName: "Axel", lastName: `Axe ${uniq()}` });
    const day = lastTuesday();
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 12), outReason: "Break" });
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 12, 20), punchOutAt: wall(day, 16), outReason: "End of Workday" });
    const serious = async () => (await seriousViolations(page)).map((v) => `${v.rule}: ${v.targets.join(", ")}`);
    for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      await signInAs(page, { email: user.email }, `/time-logs?date=${day}`);
      expect(await serious()).toEqual([]);
      await signInAs(page, "admin", `/admin/time-card?period=${day}`);
      expect(await serious()).toEqual([]);
      await page.goto(`/admin/time-card?member=${user.id}&period=${day}`);
      expect(await serious()).toEqual([]);
      await page.goto(`/admin/time-card?tab=settings`);
      expect(await serious()).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/time-card?member=${user.id}&period=${day}`);
    await page.getByTestId("time-punch").first().getByRole("button", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Edit punch" }).getByLabel("Punch in")).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.goto(`/admin/time-card?tab=settings`);
    await shot(page, "policy-1366");
  });
});
