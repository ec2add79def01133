import type { Page } from "@playwright/test";
import { addDays, businessToday, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { fromLocalInput } from "@/lib/dates/wall-clock";
import { addMembership, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Time off on screen (docs/schedules.md "Time off"), at 1366 px and on a 390 px phone: a member
 * requests two days of vacation on /schedule/me, the manager approves it from /schedule's
 * Requests, the grid (the phone's day list) shows it in her cells and marks her shift on it; her
 * balance went down by 16 h. Screenshots: /tmp/shots-timeoff/ (or E2E_SHOTS).
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = process.env.E2E_SHOTS ?? "test-results/shots";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/time-off-${name}.png`, fullPage: true });

let seq = 0;

test.describe("time off", () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`a member requests time off, the manager approves, the grid shows it at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const tag = `${Date.now().toString(36)}-${++seq}`;
      const unit = await createUnit(db, { name: `Crematory ${tag}` });
      const manager = await createUser(db, { email: `off-m-${tag}@example.test`, firstName: "Priya", lastName: "Shah", role: "manager" });
      const tess = await createUser(db, { email: `off-t-${tag}@example.test`, firstName: "Tess", lastName: "Vale" });
      for (const u of [manager, tess]) await addMembership(db, unit.id, u.id);
      const vacation = await db.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } });
      await db.timeOffLedgerEntry.create({ data: { userId: tess.id, typeId: vacation.id, kind: "grant", minutes: 80 * 60, reason: "Yearly grant", actorId: manager.id } });
      const monday = addDays(weekStart(businessToday(), WEEK_STARTS_ON), 7);
      const tuesday = addDays(monday, 1);
      // A draft shift on the Tuesday: it will be on approved time off.
      await db.shift.create({ data: { unitId: unit.id, userId: tess.id, startsAt: new Date(fromLocalInput(`${tuesday}T08:00`)), endsAt: new Date(fromLocalInput(`${tuesday}T16:30`)), createdById: manager.id } });

      // Tess requests Monday and Tuesday.
      await signInAs(page, { email: tess.email }, "/schedule/me");
      const section = page.getByTestId("time-off");
      await expect(section.getByRole("heading", { name: "Time off" })).toBeVisible();
      await expect(page.getByTestId("time-off-balances")).toContainText("Vacation 80 h");
      await section.getByLabel("Type").selectOption({ label: "Vacation" });
      await section.getByLabel("First day").fill(monday);
      await section.getByLabel("Last day").fill(tuesday);
      await section.getByLabel("Note").fill("Family visit");
      await section.getByRole("button", { name: "Request time off" }).click();
      await expect(page.getByText("Time off requested", { exact: true })).toBeVisible();
      const mine = page.getByTestId("my-time-off").getByRole("listitem").first();
      await expect(mine).toContainText(`Vacation · ${dayLabel(monday)} – ${dayLabel(tuesday)} · 16 h`);
      await expect(mine).toContainText("pending");
      await shot(page, `me-requested-${size.width}`);

      // Priya approves it on /schedule.
      await signInAs(page, { email: manager.email }, "/schedule");
      const requests = page.getByTestId("time-off-requests");
      const row = requests.getByRole("listitem").filter({ hasText: "Tess Vale" });
      await expect(row).toContainText("Family visit");
      await row.getByLabel("Note to Tess Vale").fill("Enjoy");
      await row.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText("Time off approved", { exact: true })).toBeVisible();
      await expect(requests).toContainText("No time-off requests waiting.");
      await page.getByRole("button", { name: "Next week" }).click();
      await expect(page.getByText(`Week of ${dayLabel(monday)}`)).toBeVisible();
      if (size === DESKTOP) {
        const tessRow = page.getByTestId("schedule-grid").locator("tr", { hasText: "Tess Vale" });
        await expect(tessRow.getByTestId("time-off-chip")).toHaveCount(2);
        await expect(tessRow.getByTestId("time-off-chip").first()).toHaveText("Off · Vacation");
        await expect(tessRow.getByTestId("shift-on-time-off")).toHaveCount(1);
      } else {
        const days = page.getByTestId("schedule-day-list");
        await expect(days.getByRole("region", { name: dayLabel(monday) }).getByTestId("time-off-chip")).toHaveText("Tess Vale · Off · Vacation");
        await expect(days.getByRole("region", { name: dayLabel(tuesday) })).toContainText("On time off");
      }
      await shot(page, `grid-${size.width}`);

      // Tess sees it approved and her balance went down by 16 h; she was told.
      expect(await db.alertRecipient.count({ where: { userId: tess.id, alert: { kind: "schedule", subjectType: "time_off_decision" } } })).toBe(1);
      await signInAs(page, { email: tess.email }, "/schedule/me");
      await expect(page.getByTestId("my-time-off").getByRole("listitem").first()).toContainText("approved");
      await expect(page.getByTestId("my-time-off")).toContainText("Priya Shah: Enjoy");
      await expect(page.getByTestId("time-off-balances")).toContainText("Vacation 64 h");
      await shot(page, `me-approved-${size.width}`);
    });
  }
});
