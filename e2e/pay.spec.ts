import type { Page } from "@playwright/test";
import { addDays, businessToday, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { fromLocalInput } from "@/lib/dates/wall-clock";
import { payPeriodOf, DEFAULT_TIME_POLICY } from "@/lib/time/calc";
import { createPunchSession, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Pay rates and labour cost on screen (docs/time.md "Pay rates and labour cost"), at 1366 px: an
 * admin sets a member's rate on the member's page, sees the member's cost on the time card, and a
 * cremation's labour cost on its case page, opened to the minutes behind it. Then the same screens
 * at 390 and 360 px. Screenshots: test-results/shots/wages-rates-*.png (or E2E_SHOTS).
 */
const SHOTS = process.env.E2E_SHOTS ?? "test-results/shots";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/wages-rates-${name}.png`, fullPage: true });

test.describe("pay rates and labour cost", () => {
  test("an admin sets a rate, sees the time card's cost and a case's labour cost at 1366 px", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const tag = Date.now().toString(36);
    const rory = await createUser(db, { email: `pay-${tag}@example.test`, firstName: "Rory", lastName: `Pay${tag}` });
    // An 8-hour day last week (9:00–17:00 business time).
    const day = addDays(businessToday(), -7);
    await createPunchSession(db, { userId: rory.id, punchInAt: new Date(fromLocalInput(`${day}T09:00`)), punchOutAt: new Date(fromLocalInput(`${day}T17:00`)), outReason: "End of Workday" });

    await signInAs(page, "admin", `/members/${rory.id}`);
    const pay = page.getByRole("heading", { name: "Pay", exact: true });
    await expect(pay).toBeVisible();
    await expect(page.getByText("No pay rate yet")).toBeVisible();
    const form = page.getByRole("form", { name: "Add a pay rate" });
    await form.getByLabel("Hourly rate ($)").fill("21.405");
    await form.getByLabel("Effective from").fill(addDays(day, -30));
    await form.getByRole("button", { name: "Save rate" }).click();
    await expect(form.getByText("Amount must be an amount with at most two decimals")).toBeVisible();
    await form.getByLabel("Hourly rate ($)").fill("21.40");
    await form.getByRole("button", { name: "Save rate" }).click();
    await expect(page.getByText("Pay rate saved").first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("pay-rate").first()).toContainText("$21.40 an hour");
    await page.getByText("History (1)").click();
    await expect(page.getByRole("list", { name: "Pay rate history" })).toContainText("Added by Alex Morgan");
    await shot(page, "member-pay-1366");

    // The time card: 8 h × $21.40 = $171.20 for the period, and on the day.
    const period = payPeriodOf(day, DEFAULT_TIME_POLICY).start;
    await page.goto(`/admin/time-card?period=${period}&q=${encodeURIComponent(`Pay${tag}`)}`);
    const row = page.getByTestId(`card-row-${rory.id}`);
    await expect(row.getByTestId("card-cost")).toHaveText("$171.20");
    await expect(row.getByTestId("card-day-cost")).toHaveText("$171.20");
    await shot(page, "time-card-1366");

    // A cremation's labour cost (the demo's Luna: her run's tasks' clocked minutes), opened to its minutes.
    const luna = await db.memorialCase.findFirstOrThrow({ where: { petName: "Luna" } });
    await page.goto(`/cases/${luna.number}`);
    const card = page.getByRole("heading", { name: "Labour cost of this cremation" });
    await expect(card).toBeVisible();
    await expect(page.getByTestId("labour-cost-total")).toHaveText(/^\$\d[\d,]*\.\d\d$/);
    await page.getByRole("button", { name: /Show the minutes/ }).click();
    const table = page.getByRole("table", { name: "The minutes behind the cost" });
    await expect(table).toBeVisible();
    await expect(table.locator("tfoot")).toContainText(await page.getByTestId("labour-cost-total").innerText());
    await card.scrollIntoViewIfNeeded();
    await shot(page, "case-cost-1366");

    // The statistics page's panel, by department.
    await page.goto("/statistics");
    await expect(page.getByRole("heading", { name: "Labour cost" })).toBeVisible();
    await expect(page.getByTestId("labour-cost-period-total")).toHaveText(/^\$/);
    await shot(page, "statistics-1366");

    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/members/${rory.id}`);
      await expect(page.getByTestId("pay-rate").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, `member-pay-${width}`);
      await page.goto(`/cases/${luna.number}`);
      await page.getByRole("button", { name: /Show the minutes/ }).click();
      await shot(page, `case-cost-${width}`);
      await page.goto(`/admin/time-card?period=${period}&q=${encodeURIComponent(`Pay${tag}`)}`);
      await expect(page.getByTestId(`card-row-${rory.id}`).getByTestId("card-cost")).toHaveText("$171.20");
      await shot(page, `time-card-${width}`);
    }
  });

  test("the schedule grid shows each shift's cost and the overtime it would make, at 1366 px", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const tag = Date.now().toString(36);
    const unit = await createUnit(db, { name: `Aftercare ${tag}` });
    const sol = await createUser(db, { email: `sol-${tag}@example.test`, firstName: "Sol", lastName: `Shift${tag}` });
    await db.unitMembership.create({ data: { unitId: unit.id, userId: sol.id } });
    const admin = await db.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
    await db.payRate.create({ data: { userId: sol.id, kind: "hourly", amountCents: 2000, effectiveFrom: new Date("2026-01-01"), createdById: admin.id } });
    // Next week, Monday to Friday, 8:00-17:30 with a 30-minute unpaid break: 45 paid hours.
    const monday = addDays(weekStart(businessToday(), WEEK_STARTS_ON), 7);
    for (let i = 0; i < 5; i++) {
      const day = addDays(monday, i);
      await db.shift.create({
        data: { unitId: unit.id, userId: sol.id, startsAt: new Date(fromLocalInput(`${day}T08:00`)), endsAt: new Date(fromLocalInput(`${day}T17:30`)), breakMinutes: 30, createdById: admin.id },
      });
    }

    await signInAs(page, "admin", "/schedule");
    await page.getByRole("button", { name: "Next week" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`Sol Shift${tag}`) }) });
    await expect(row.getByRole("rowheader")).toContainText("45h · overtime");
    const costs = row.getByTestId("shift-cost");
    await expect(costs).toHaveCount(5);
    // Four days at 9 h × $20; Friday's last 5 hours past the 40-hour week at $30.
    for (let i = 0; i < 4; i++) await expect(costs.nth(i)).toHaveText("$180.00");
    await expect(costs.nth(4)).toHaveText("$230.00 · 5h overtime");
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/wages-rates-schedule-shift-cost-1366.png` });
  });

  test("a manager sees no Pay section and no labour cost", async ({ page, db, signInAs }) => {
    const luna = await db.memorialCase.findFirstOrThrow({ where: { petName: "Luna" } });
    const jamie = await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" } });
    await signInAs(page, "manager", `/members/${jamie.id}`);
    await expect(page.getByRole("heading", { name: jamie.firstName + " " + jamie.lastName }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pay", exact: true })).toHaveCount(0);
    await page.goto(`/cases/${luna.number}`);
    await expect(page.getByRole("heading", { name: /Tasks/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Labour cost of this cremation" })).toHaveCount(0);
  });
});
