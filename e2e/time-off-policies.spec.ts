import type { Page } from "@playwright/test";
import { createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The time-off policies on the time card's Policy tab (admins): each paid type's yearly grant or
 * accrual per hours worked, carry-over cap and start date, saved through PUT
 * /api/time-off/policies/{typeId}. docs/schedules.md "Policies". Screenshots:
 * test-results/shots/time-off-policies-*.png (and /tmp/shots/sched2 when that folder exists).
 * Above them, the time-off types (docs/schedules.md "Time off"): an admin adds one and deactivates
 * it; a taken name is refused on the field.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/time-off-policies-${name}.png`, fullPage: true });

test.describe("time-off policies", () => {
  // The three widths edit the same seeded "Sick" policy: one after another, not side by side.
  test.describe.configure({ mode: "serial" });
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    test(`an admin sets a paid type's policy at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      const admin = await createUser(db, { email: `top-${size.width}-${Date.now().toString(36)}@example.test`, firstName: "Ada", lastName: "Admin", role: "admin" });
      const sick = await db.timeOffType.findFirstOrThrow({ where: { name: "Sick" } });
      await db.timeOffPolicy.deleteMany({ where: { typeId: sick.id } });

      await signInAs(page, { email: admin.email }, "/admin/time-card?tab=settings");
      await expect(page.getByRole("heading", { name: "Time-off policies" })).toBeVisible();
      await expect(page.getByRole("form", { name: "Unpaid policy" })).toHaveCount(0);
      const form = page.getByRole("form", { name: "Sick policy" });
      await expect(form).toContainText("No policy yet");
      await shot(page, `before-${size.width}`);

      // Accrual without "per hours worked": the field says so, nothing is saved.
      await form.getByLabel("How it grows").selectOption("accrual");
      await form.getByLabel("Hours earned").fill("1");
      await form.getByRole("button", { name: "Save Sick policy" }).click();
      await expect(form).toContainText("perHoursWorked is required for accrual");
      expect(await db.timeOffPolicy.count({ where: { typeId: sick.id } })).toBe(0);

      await form.getByLabel("Per hours worked").fill("30");
      await form.getByLabel("Carry-over cap (hours, blank = none)").fill("40");
      await form.getByLabel("Start date").fill("2026-01-01");
      await form.getByRole("button", { name: "Save Sick policy" }).click();
      await expect(page.getByText("Time-off policy saved").first()).toBeVisible();
      await expect
        .poll(() => db.timeOffPolicy.findUnique({ where: { typeId: sick.id }, select: { method: true, accrualMinutes: true, perWorkedMinutes: true, carryOverCapMinutes: true, yearlyMinutes: true } }))
        .toEqual({ method: "accrual", accrualMinutes: 60, perWorkedMinutes: 1800, carryOverCapMinutes: 2400, yearlyMinutes: null });
      await shot(page, `saved-${size.width}`);

      // After a reload the form shows what was saved.
      await page.reload();
      const again = page.getByRole("form", { name: "Sick policy" });
      await expect(again.getByLabel("How it grows")).toHaveValue("accrual");
      await expect(again.getByLabel("Per hours worked")).toHaveValue("30");
      await expect(again.getByLabel("Carry-over cap (hours, blank = none)")).toHaveValue("40");
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  }

  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`an admin adds a time-off type and deactivates it at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      const admin = await createUser(db, { email: `tot-${size.width}-${Date.now().toString(36)}@example.test`, firstName: "Ada", lastName: "Admin", role: "admin" });
      const name = `Jury duty ${size.width}`;
      await db.timeOffType.deleteMany({ where: { name } });

      await signInAs(page, { email: admin.email }, "/admin/time-card?tab=settings");
      await expect(page.getByRole("heading", { name: "Time-off types" })).toBeVisible();
      const add = page.getByRole("form", { name: "Add a time-off type" });

      // A name taken whatever its case: the field says so.
      await add.getByLabel("New type").fill("VACATION");
      await add.getByRole("button", { name: "Add type" }).click();
      await expect(add).toContainText('A time-off type named "VACATION" already exists');

      await add.getByLabel("New type").fill(name);
      await add.getByLabel("Paid").uncheck();
      await add.getByRole("button", { name: "Add type" }).click();
      const row = page.getByRole("listitem", { name });
      await expect(row).toBeVisible();
      await expect.poll(() => db.timeOffType.findFirst({ where: { name }, select: { paid: true, active: true } })).toEqual({ paid: false, active: true });
      await expect(row.getByLabel("Paid")).not.toBeChecked();
      await shot(page, `type-added-${size.width}`);

      await row.getByRole("button", { name: "Deactivate" }).click();
      await expect(row.getByText("Inactive")).toBeVisible();
      await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();
      await expect.poll(() => db.timeOffType.findFirst({ where: { name }, select: { active: true } })).toEqual({ active: false });
      await page.getByRole("heading", { name: "Time-off types" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/shots/time-off-policies-type-deactivated-${size.width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  }
});
