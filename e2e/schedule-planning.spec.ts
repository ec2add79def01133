import type { Page } from "@playwright/test";
import { addDays, businessToday, dayOfWeek, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { holidaysOn } from "@/lib/dates/holidays";
import { addMembership, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Schedule planning on screen (docs/schedules.md "Templates", "Availability"), at 1366 px and on
 * a 390 px phone: a manager builds next week from a template (holidays skipped), sees a shift
 * outside a member's availability marked, opens the day view, publishes, (desktop) copies the
 * week into the one after; the member sets her weekly availability on /schedule/me, the manager
 * approves it and sees it on the grid. Screenshots: test-results/shots/planning-*.png.
 */
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/planning-${name}.png`, fullPage: true });

let seq = 0;
async function team(db: Parameters<Parameters<typeof test>[2]>[0]["db"]) {
  const tag = `${Date.now().toString(36)}-${++seq}`;
  const unit = await createUnit(db, { name: `Front desk ${tag}` });
  const manager = await createUser(db, { email: `plan-m-${tag}@example.test`, firstName: "Priya", lastName: "Shah", role: "manager" });
  const ana = await createUser(db, { email: `plan-a-${tag}@example.test`, firstName: "Ana", lastName: "Lee" });
  const ben = await createUser(db, { email: `plan-b-${tag}@example.test`, firstName: "Ben", lastName: "Ortiz" });
  for (const u of [manager, ana, ben]) await addMembership(db, unit.id, u.id);
  // "Standard week": Ana Monday 8:00–4:30, Ben Tuesday 9:00–5:30, an open Wednesday 10:00–2:00.
  const template = await db.shiftTemplate.create({
    data: {
      name: `Standard week ${tag}`,
      createdById: manager.id,
      shifts: {
        create: [
          { weekday: 1, userId: ana.id, unitId: unit.id, startMinute: 480, lengthMinutes: 510, breakMinutes: 30, roleLabel: "Front desk" },
          { weekday: 2, userId: ben.id, unitId: unit.id, startMinute: 540, lengthMinutes: 510, breakMinutes: 30 },
          { weekday: 3, unitId: unit.id, startMinute: 600, lengthMinutes: 240, roleLabel: "Crematory" },
        ],
      },
    },
  });
  // Ana works Mondays from noon only (approved): her 8:00 start is outside it.
  await db.availabilityRequest.create({ data: { userId: ana.id, blocks: [{ weekday: 1, from: "12:00", to: "20:00", kind: "available" }], status: "approved", decidedAt: new Date() } });
  return { unit, manager, ana, ben, template };
}

test.describe("schedule planning", () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`build a week from a template, see the day view, publish; availability set and approved at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      const { manager, ana, template } = await team(db);
      const monday = addDays(weekStart(businessToday(), WEEK_STARTS_ON), 7);
      const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
      const shiftDays = week.filter((d) => [1, 2, 3].includes(dayOfWeek(d)));
      const holidays = shiftDays.filter((d) => holidaysOn(d).length > 0);
      const added = shiftDays.length - holidays.length;
      const anaMonday = week.find((d) => dayOfWeek(d) === 1)!;

      await signInAs(page, { email: manager.email }, "/schedule");
      await page.getByRole("button", { name: "Next week" }).click();
      await expect(page.getByText(`Week of ${dayLabel(monday)}`)).toBeVisible();

      // Apply the template to the week, holidays skipped.
      await page.getByRole("button", { name: "Apply template" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Template").selectOption({ label: `${template.name} (3 shifts)` });
      await expect(dialog.getByLabel("From")).toHaveValue(monday);
      await expect(dialog.getByLabel("Skip holidays")).toBeChecked();
      await dialog.getByRole("button", { name: "Apply", exact: true }).click();
      const summary = `${added} ${added === 1 ? "shift" : "shifts"} added${holidays.length ? `, ${holidays.length} skipped` : ""}`;
      await expect(page.getByTestId("apply-summary")).toContainText(summary);
      await expect(dialog).toBeHidden();

      // Ana's Monday shift is outside her availability: marked on the grid (phone: in the day list).
      if (!holidays.includes(anaMonday)) {
        if (size === DESKTOP) {
          const anaRow = page.locator("tr", { hasText: "Ana Lee" });
          await expect(anaRow.getByTestId("availability-note").first()).toHaveText("Available 12:00–20:00");
          await expect(anaRow.getByTestId("shift-conflict")).toHaveText("⚠ Outside Ana Lee's availability");
        } else {
          await expect(page.getByTestId("schedule-day-list").getByRole("region", { name: dayLabel(anaMonday) })).toContainText("⚠ Availability");
        }
      }
      await shot(page, `grid-from-template-${size.width}`);

      // A new shift for Ana on Monday morning: the dialog warns before the save.
      if (size === DESKTOP) {
        await page.getByRole("button", { name: `Add shift: Ana Lee, ${dayLabel(addDays(anaMonday, 0))}` }).click();
        await page.getByRole("dialog").getByLabel("Start").fill("17:00");
        await page.getByRole("dialog").getByLabel("End").fill("21:00");
        await expect(page.getByTestId("shift-conflicts")).toContainText("Outside Ana Lee's availability");
        await shot(page, "dialog-conflict-1366");
        await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      }

      // The day view of Monday.
      await page.getByRole("button", { name: `Day view: ${dayLabel(anaMonday)}` }).click();
      const dayView = page.getByTestId("day-view");
      await expect(dayView.getByRole("heading", { name: new RegExp(dayLabel(anaMonday)) })).toBeVisible();
      if (!holidays.includes(anaMonday)) {
        const shifts = size === DESKTOP ? dayView.getByTestId("day-shift") : dayView.getByTestId("day-list-shifts").getByRole("listitem");
        await expect(shifts).toHaveCount(1);
        await expect(shifts.first()).toContainText("8:00–4:30");
        if (size === PHONE) await expect(dayView.getByTestId("day-notes")).toContainText("Ana Lee · Available 12:00–20:00");
      }
      await shot(page, `day-view-${size.width}`);
      if (size === PHONE) {
        await page.setViewportSize(NARROW);
        await shot(page, "day-view-360");
        await page.setViewportSize(size);
      }
      await dayView.getByRole("button", { name: "Back to week" }).click();

      await page.getByRole("button", { name: /Publish week/ }).click();
      await expect(page.getByText(`Published ${added} ${added === 1 ? "shift" : "shifts"}`, { exact: true })).toBeVisible();

      if (size === DESKTOP) {
        // The week after: Copy last week brings the same shifts as drafts.
        await page.getByRole("button", { name: "Next week" }).click();
        await expect(page.getByText(`Week of ${dayLabel(addDays(monday, 7))}`)).toBeVisible();
        await page.getByRole("button", { name: "Copy last week" }).click();
        const nextHolidays = week.map((d) => addDays(d, 7)).filter((d) => [1, 2, 3].includes(dayOfWeek(d)) && !holidays.includes(addDays(d, -7)));
        await expect(page.getByTestId("apply-summary")).toContainText(`${nextHolidays.length} ${nextHolidays.length === 1 ? "shift" : "shifts"} added`);
        await expect(page.getByTestId("shift-chip")).toHaveCount(nextHolidays.length);
      }

      // Ana sets her weekly availability: unavailable Tuesday 8:00–5:00.
      await signInAs(page, { email: ana.email }, "/schedule/me");
      const mine = page.getByTestId("my-availability");
      await expect(mine).toContainText("In force: Mon: Available 12:00–20:00");
      await mine.getByRole("button", { name: "Add time on Tue" }).click();
      await mine.getByLabel("Tue: kind").selectOption("unavailable");
      await mine.getByRole("button", { name: "Save availability" }).click();
      await expect(page.getByText("Availability sent for approval", { exact: true })).toBeVisible();
      await expect(page.getByTestId("availability-waiting")).toContainText("Tue: Unavailable 08:00–17:00");
      await mine.scrollIntoViewIfNeeded();
      await shot(page, `my-availability-${size.width}`);
      if (size === PHONE) {
        await page.setViewportSize(NARROW);
        await shot(page, "my-availability-360");
        await page.setViewportSize(size);
      }

      // The manager approves it; the grid shows it.
      await signInAs(page, { email: manager.email }, "/schedule");
      const request = page.getByTestId("availability-requests").getByRole("listitem").filter({ hasText: "Ana Lee" });
      await expect(request).toContainText("Asks: Mon: Available 12:00–20:00 · Tue: Unavailable 08:00–17:00");
      await request.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText("Availability approved", { exact: true })).toBeVisible();
      await expect(page.getByTestId("availability-requests").getByRole("listitem").filter({ hasText: "Ana Lee" })).toHaveCount(0);
      if (size === DESKTOP) {
        await expect(page.locator("tr", { hasText: "Ana Lee" }).getByTestId("availability-note")).toContainText(["Available 12:00–20:00", "Unavailable 08:00–17:00"]);
      }
      await shot(page, `grid-availability-${size.width}`);
    });
  }
});
