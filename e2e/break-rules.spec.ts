import type { Page } from "@playwright/test";
import { addDays, weekStart } from "../lib/dates";
import { fromLocalInput } from "../lib/dates/wall-clock";
import { createPunchSession, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Break and overtime rules as an admin meets them (docs/time.md): a California day without a meal
 * shows "Missed break" on the time card with the premium owed; the admin waives it with a reason
 * and the flag says who and why. On the Policy tab the organization's preset is chosen from the
 * list. Screenshots at 1366, 390 and 360 px: test-results/shots/break-rules-*.png.
 */

const TZ = "America/Chicago";
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const at = (day: string, time: string) => new Date(fromLocalInput(`${day}T${time}`, TZ));
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/break-rules-${name}.png`, fullPage: true });
/** The Tuesday of a random week of 2002–2020: a pay period no other test uses. */
const oldTuesday = () => addDays(weekStart(`20${String(2 + Math.floor(Math.random() * 19)).padStart(2, "0")}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`, 1), 1);

test("a missed meal is flagged on the time card with its premium, and the admin waives it with a reason (1366 px)", async ({ page, db, signInAs }) => {
  test.setTimeout(120_000);
  const last = `Breaks ${uniq()}`;
  const day = oldTuesday();
  const member = await createUser(db, { firstName: "Rosa", lastName: last });
  const location = `e2e-ca-${uniq()}`;
  await db.punchStation.create({ data: { location, name: "Fresno site", jurisdiction: "california" } });
  // 08:00–17:00 with two 10-minute rests and no meal: 9 h worked, a California meal premium of 1 h.
  await createPunchSession(db, { userId: member.id, punchInAt: at(day, "08:00"), punchOutAt: at(day, "11:00"), outReason: "Break", inLocation: location });
  await createPunchSession(db, { userId: member.id, punchInAt: at(day, "11:10"), punchOutAt: at(day, "14:00"), outReason: "Break", inLocation: location });
  await createPunchSession(db, { userId: member.id, punchInAt: at(day, "14:10"), punchOutAt: at(day, "17:00"), outReason: "End of Workday", inLocation: location });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, "admin", `/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
  const row = page.getByTestId(`card-row-${member.id}`);
  const issues = row.getByTestId("card-break-issues");
  await expect(issues.getByText("Missed break")).toBeVisible();
  await expect(issues).toContainText("meal missed (30 min owed)");
  await expect(row.getByTestId("card-premium")).toHaveText("Break premium owed: 1.00 h");
  await expect(row.getByTestId("card-overtime")).toHaveText("1.00");
  await shot(page, "flag-1366");

  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(issues.getByText("Missed break")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, `flag-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  await issues.getByRole("button", { name: /Waive the meal break/ }).click();
  const dialog = page.getByRole("dialog", { name: /Waive the meal break/ });
  await dialog.getByLabel("Reason").fill("Signed on-duty meal agreement");
  await shot(page, "waive-dialog-1366");
  await dialog.getByRole("button", { name: "Waive" }).click();
  await expect(dialog).toBeHidden();
  await expect(issues.getByText("Break waived")).toBeVisible();
  await expect(issues).toContainText("Signed on-duty meal agreement");
  await expect(row.getByTestId("card-premium")).toHaveCount(0);
  await shot(page, "waived-1366");
  const audit = await db.auditLog.findFirst({ where: { action: "time.break.waive", entityId: member.id } });
  expect(audit).not.toBeNull();
});

test("the organization's preset is chosen on the Policy tab (1366 px)", async ({ page, db, signInAs }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, "admin", "/admin/time-card?tab=settings");
  const select = page.getByLabel("Organization", { exact: true });
  const before = await select.inputValue();
  try {
    await select.selectOption({ label: "California" });
    await expect(page.getByTestId("rules-summary")).toContainText("double time over 12 h a day");
    await page.getByRole("button", { name: "Save rules" }).click();
    await expect(page.getByText("Break and overtime rules saved", { exact: true })).toBeVisible();
    await expect.poll(async () => (await db.timePolicy.findUnique({ where: { id: "default" } }))?.jurisdiction).toBe("california");
    await page.reload();
    await expect(page.getByLabel("Organization", { exact: true })).toHaveValue("california");
    await shot(page, "policy-1366");
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole("heading", { name: "Break and overtime rules" })).toBeVisible();
      await shot(page, `policy-${width}`);
    }
  } finally {
    // The setting belongs to the whole organization: other tests expect the default.
    await db.timePolicy.update({ where: { id: "default" }, data: { jurisdiction: before || "federal" } });
  }
});
