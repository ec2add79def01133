import type { Page } from "@playwright/test";
import { addDays, businessToday, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { fromLocalInput } from "@/lib/dates/wall-clock";
import { addMembership, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Schedules on screen (docs/schedules.md), at 1366 px and on a 390 px phone: a manager builds
 * next week on /schedule (a member's shift and an open shift; on the desktop a drag moves one),
 * publishes it; the member sees it on /schedule/me and on My day, claims the open shift; with a
 * shift today, /mobile-punch says "Your shift: …". Screenshots: test-results/shots/schedules-*.png.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/schedules-${name}.png`, fullPage: true });

let seq = 0;
async function team(db: Parameters<Parameters<typeof test>[2]>[0]["db"]) {
  const tag = `${Date.now().toString(36)}-${++seq}`;
  const unit = await createUnit(db, { name: `Front desk ${tag}` });
  const manager = await createUser(db, { email: `sched-m-${tag}@example.test`, firstName: "Priya", lastName: "Shah", role: "manager" });
  const ana = await createUser(db, { email: `sched-a-${tag}@example.test`, firstName: "Ana", lastName: "Lee" });
  const ben = await createUser(db, { email: `sched-b-${tag}@example.test`, firstName: "Ben", lastName: "Ortiz" });
  for (const u of [manager, ana, ben]) await addMembership(db, unit.id, u.id);
  return { unit, manager, ana, ben };
}

test.describe("schedules", () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`build a week, publish, the member sees it and claims an open shift at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const { unit, manager, ana } = await team(db);
      const monday = addDays(weekStart(businessToday(), WEEK_STARTS_ON), 7);
      const tuesday = addDays(monday, 1);

      await signInAs(page, { email: manager.email }, "/schedule");
      await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
      await page.getByRole("button", { name: "Next week" }).click();
      await expect(page.getByText(`Week of ${dayLabel(monday)}`)).toBeVisible();

      const addShift = async (member: string, day: string, role: string) => {
        if (size === DESKTOP) {
          await page.getByRole("button", { name: `Add shift: ${member}, ${dayLabel(day)}` }).click();
        } else {
          await page.getByRole("button", { name: `Add shift on ${dayLabel(day)}` }).click();
        }
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByRole("heading", { name: "Add shift" })).toBeVisible();
        await dialog.getByLabel("Department").selectOption(unit.id);
        await dialog.getByLabel("Member").selectOption({ label: member === "Open shifts" ? "Open shift (anyone may claim)" : member });
        await dialog.getByLabel("Role").fill(role);
        await dialog.getByRole("button", { name: "Add shift" }).click();
        await expect(page.getByText("Shift added", { exact: true })).toBeVisible();
        await expect(dialog).toBeHidden();
      };
      await addShift("Ana Lee", monday, "Front desk");
      await addShift("Open shifts", tuesday, "Crematory");

      if (size === DESKTOP) {
        // Drag Ana's Monday shift to Wednesday.
        const chip = page.getByTestId("shift-chip").filter({ hasText: "Front desk" });
        const target = page.getByRole("button", { name: `Add shift: Ana Lee, ${dayLabel(addDays(monday, 2))}` });
        const from = (await chip.boundingBox())!;
        const to = (await target.boundingBox())!;
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
        await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
        await page.mouse.up();
        await expect(page.getByText("Shift moved", { exact: true })).toBeVisible();
        await expect(page.locator("tr", { hasText: "Ana Lee" }).getByTestId("shift-chip")).toHaveCount(1);
        await expect(page.locator("tr", { hasText: "Ana Lee" })).toContainText("8h");
      }
      await shot(page, `grid-draft-${size.width}`);
      await page.getByRole("button", { name: /Publish week/ }).click();
      await expect(page.getByText("Published 2 shifts", { exact: true })).toBeVisible();
      await expect(page.getByText("1 member was told.", { exact: true })).toBeVisible();
      await shot(page, `grid-published-${size.width}`);
      const anaDay = size === DESKTOP ? addDays(monday, 2) : monday;

      // Ana: the bell's notification, /schedule/me, My day; then she claims the open shift.
      const told = await db.alertRecipient.count({ where: { userId: ana.id, alert: { kind: "schedule" } } });
      expect(told).toBe(1);
      await signInAs(page, { email: ana.email }, "/schedule/me");
      await expect(page.getByRole("heading", { level: 1, name: "My schedule" })).toBeVisible();
      await expect(page.getByTestId("my-shifts")).toContainText(dayLabel(anaDay));
      await expect(page.getByTestId("my-shifts")).toContainText("8:00–4:30");
      await expect(page.getByTestId("team-schedule")).toContainText("Ana Lee");
      const open = page.getByTestId("open-shifts").getByRole("listitem").filter({ hasText: "Crematory" });
      await expect(open).toContainText(dayLabel(tuesday));
      await shot(page, `me-${size.width}`);
      await open.getByRole("button", { name: "Claim" }).click();
      await expect(page.getByText("Shift claimed", { exact: true })).toBeVisible();
      await expect(page.getByTestId("my-shifts")).toContainText(dayLabel(tuesday));
      await expect(page.getByTestId("open-shifts")).not.toContainText("Crematory");

      await page.goto("/");
      const card = page.getByTestId("my-day-shifts");
      await expect(card).toContainText(`Next: ${dayLabel(monday === anaDay ? monday : tuesday)}`);
      await shot(page, `my-day-${size.width}`);

      if (size === PHONE) {
        // A shift today (published): /mobile-punch names it.
        const today = businessToday();
        await db.shift.create({
          data: { unitId: unit.id, userId: ana.id, startsAt: new Date(fromLocalInput(`${today}T00:00`)), endsAt: new Date(fromLocalInput(`${today}T23:59`)), status: "published", publishedAt: new Date(), createdById: manager.id },
        });
        await page.goto("/mobile-punch");
        await expect(page.getByTestId("your-shift")).toHaveText("Your shift: 12:00–11:59");
        await shot(page, "mobile-punch-390");
      }
    });
  }
});
