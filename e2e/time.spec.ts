import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { addDays, dayOf, startOfDay, weekStart } from "../lib/time/calc";
import { createPunchSession, createUser } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/**
 * Time administration's screens: a member's week on /time-logs and its CSV export; an admin editing a punch
 * on /admin/time-card with a reason (the edit history shows who and why), approving and locking
 * the period, and a later edit refused; /time-logs at 375 px. Screenshots: test-results/shots/time-*.png.
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
});

test.describe("time card", () => {
  test("an admin edits a punch with a reason, sees the audit line, approves and locks the period, and a later edit is refused", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    const last = `Timecard ${uniq()}`;
    const user = await createUser(db, { role: "staff", firstName: "Tess", lastName: last });
    const day = lastTuesday();
    await createPunchSession(db, { userId: user.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 16), outReason: "End of Workday" });

    await page.setViewportSize({ width: 1366, height: 900 });
    // The grid pages through the members (50 a page): find ours by name, as an admin would.
    await signInAs(page, "admin", `/admin/time-card?period=${day}`);
    await expect(page.getByRole("heading", { name: "Time Card" })).toBeVisible();
    await page.getByLabel("Find a member").fill(last);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("card-total")).toHaveText("1 member");
    const row = page.getByTestId(`card-row-${user.id}`);
    await expect(row.getByTestId("card-regular")).toHaveText("8.00");
    await shot(page, "card-1366");

    await row.getByRole("link", { name: `Tess ${last}` }).click();
    const punch = page.getByTestId(`time-day-${day}`).getByTestId("time-punch");
    await punch.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit punch" });
    await dialog.getByLabel("Punch out").fill(`${day}T17:00`);
    await dialog.getByRole("button", { name: "Save edit" }).click();
    await expect(dialog.getByText("Reason is required")).toBeVisible();
    await dialog.getByLabel("Reason", { exact: true }).fill("Stayed for the late delivery");
    await dialog.getByRole("button", { name: "Save edit" }).click();
    await expect(page.getByText("Time updated", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId(`time-day-${day}`).getByTestId("day-worked")).toHaveText("9.00 h");
    await punch.getByText("Edited (1)").click();
    await expect(punch.getByTestId("time-edit-line")).toContainText("Alex Morgan");
    await expect(punch.getByTestId("time-edit-line")).toContainText("update: Stayed for the late delivery");
    await shot(page, "card-member-edited-1366");

    await page.getByRole("link", { name: "‹ Back to the time card" }).click();
    await page.getByTestId(`card-row-${user.id}`).getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByTestId(`card-row-${user.id}`).getByText("Approved · locked")).toBeVisible();
    await expect(page.getByTestId(`card-row-${user.id}`).getByTestId("card-regular")).toHaveText("9.00");
    await shot(page, "card-locked-1366");

    await page.getByTestId(`card-row-${user.id}`).getByRole("link", { name: `Tess ${last}` }).click();
    await expect(page.getByTestId(`time-day-${day}`).getByText("Locked", { exact: true })).toBeVisible();
    await page.getByTestId(`time-day-${day}`).getByTestId("time-punch").getByRole("button", { name: "Edit", exact: true }).click();
    const again = page.getByRole("dialog", { name: "Edit punch" });
    await again.getByLabel("Punch out").fill(`${day}T18:00`);
    await again.getByLabel("Reason").fill("One more hour");
    await again.getByRole("button", { name: "Save edit" }).click();
    await expect(page.getByText(/This pay period is approved and locked/).first()).toBeVisible();
    await shot(page, "card-edit-refused-1366");
    await again.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId(`time-day-${day}`).getByTestId("day-worked")).toHaveText("9.00 h");

    await page.setViewportSize(PHONE);
    await page.goto(`/admin/time-card?period=${day}`);
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "card-375");

    // "Unlock all": one reason for every locked member of the period.
    await page.getByRole("button", { name: "Unlock all" }).click();
    const unlockAll = page.getByRole("dialog", { name: "Unlock every member's pay period" });
    await unlockAll.getByLabel("Reason").fill("Payroll rerun");
    await shot(page, "card-unlock-all-375");
    await unlockAll.getByRole("button", { name: "Unlock all" }).click();
    await expect(page.getByText("Every member's period unlocked", { exact: true }).first()).toBeVisible();
    // Other specs' members fill page 1 in a full run: find ours again.
    await page.getByLabel("Find a member").fill(last);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("card-total")).toHaveText("1 member");
    await expect(page.getByTestId(`card-row-${user.id}`).getByRole("button", { name: "Approve", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unlock all" })).toHaveCount(0);
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
