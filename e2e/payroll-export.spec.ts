import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { addDays, weekStart } from "../lib/dates";
import { startOfDay } from "../lib/dates/instants";
import { createPunchSession, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Pay data a payroll provider can match, as an admin meets it: the "Export payroll" dialog says who
 * in the file has no payroll ID (with links) and how many are not approved yet (Approve, or Export
 * anyway), at 1366 px and on a phone; the file is parsed as a provider would and every row names an
 * id. Locked punches offer no Edit, Split or Delete, and Unlock instead. Each test works in a pay
 * week of its own, years back, so only its own members have time there.
 * Screenshots: test-results/shots/payroll-*.png.
 */

const TZ = "America/Chicago";
const H = 3_600_000;
const WIDTHS = [
  { name: "1366", viewport: { width: 1366, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/payroll-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const wall = (day: string, hour: number) => new Date(startOfDay(day, TZ).getTime() + hour * H);
/** The Tuesday of a random week between 2001 and 2020: a pay period no other test uses. */
const oldTuesday = () => addDays(weekStart(`20${String(1 + Math.floor(Math.random() * 20)).padStart(2, "0")}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`, 1), 1);

/** A button's box lies inside the viewport (a phone keeps the dialog's primary action on screen). */
async function onScreen(page: Page, name: string | RegExp) {
  const box = (await page.getByRole("dialog", { name: "Export payroll" }).getByRole("button", { name }).boundingBox())!;
  const size = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

for (const { name: width, viewport } of WIDTHS) {
  test(`the export dialog names members without a payroll ID and those not approved, and the file names everyone by an id (${width} px)`, async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    const last = `Payroll ${uniq()}`;
    const day = oldTuesday();
    const ann = await createUser(db, { firstName: "Ann", lastName: last, payrollId: `E-${uniq()}` });
    const ben = await createUser(db, { firstName: "Ben", lastName: last });
    const cy = await createUser(db, { firstName: "Cy", lastName: last, memberType: "volunteer" });
    const cal = await createUser(db, { firstName: "Cal", lastName: last, memberType: "contractor" });
    for (const [i, member] of [ann, ben, cy, cal].entries()) {
      await createPunchSession(db, { userId: member.id, punchInAt: wall(day, 8 + i), punchOutAt: wall(day, 12 + i), outReason: "End of Workday" });
    }

    await page.setViewportSize(viewport);
    await signInAs(page, "admin", `/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
    const dialog = page.getByRole("dialog", { name: "Export payroll" });
    const set = async (label: string, on: boolean) => (on ? dialog.getByLabel(label).check() : dialog.getByLabel(label).uncheck());
    /** Opens the dialog and sets every option: the saved ones belong to the organization, and other tests change them. */
    const open = async (leaveOut: boolean) => {
      await page.getByRole("button", { name: "Export payroll" }).click();
      await dialog.getByLabel("Layout").selectOption({ label: "Generic CSV" });
      await dialog.getByLabel("File").selectOption("csv");
      await set("Leave out volunteers", leaveOut);
      await set("Leave out contractors", leaveOut);
      await set("Leave out members with no time", true);
      await set("Payroll ID instead of the internal id", true);
      await set("Total hours", true);
      await set("Approved by and approved at", false);
      await set("The period (start and end)", true);
    };
    await open(false);

    // Ben, Cy and Cal have time and no payroll ID: named, linked to their page, and Download waits.
    const missing = dialog.getByTestId("payroll-missing-ids");
    await expect(missing).toContainText("3 members in this export have no payroll ID.");
    for (const member of [ben, cy, cal]) await expect(missing.locator(`a[href="/members/${member.id}"]`)).toBeVisible();
    await expect(missing.locator(`a[href="/members/${ann.id}"]`)).toHaveCount(0);
    await expect(dialog.getByTestId("payroll-not-approved")).toContainText("4 of 4 members are not approved yet.");
    await expect(dialog.getByRole("button", { name: "Export anyway" })).toBeDisabled();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, `dialog-missing-${width}`);

    // Leaving out the volunteer and the contractor (by their member type) leaves Ben.
    await set("Leave out volunteers", true);
    await set("Leave out contractors", true);
    await expect(missing).toContainText("1 member in this export has no payroll ID.");
    await expect(missing.getByRole("link")).toHaveCount(1);
    await expect(missing.getByRole("link", { name: `Ben ${last}` })).toHaveAttribute("href", `/members/${ben.id}`);
    await expect(dialog.getByTestId("payroll-not-approved")).toContainText("2 of 2 members are not approved yet.");

    // Approve them from the dialog.
    await dialog.getByRole("button", { name: "Approve these 2" }).click();
    await expect(dialog.getByTestId("payroll-all-approved")).toHaveText("Every member in this export is approved.");
    await expect(dialog.getByTestId("payroll-not-approved")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Ben gets a payroll ID (as the member form gives one); the dialog then lets the file go.
    const benId = `E-${uniq()}`;
    await db.user.update({ where: { id: ben.id }, data: { payrollId: benId } });
    await page.reload();
    await open(true);
    await expect(dialog.getByTestId("payroll-all-approved")).toBeVisible();
    await expect(missing).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Download" })).toBeEnabled();
    await onScreen(page, "Download");
    await shot(page, `dialog-ready-${width}`);
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download" }).click()]);

    // Read as a payroll provider would: every row is matched by its Employee ID, never by a name.
    const rows: Record<string, string>[] = parse(await readFile((await download.path())!), { bom: true, columns: true, skip_empty_lines: true });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row["Employee ID"]).toMatch(/\S/);
    const ours = rows.filter((r) => r["Last name"] === last);
    expect(ours.map((r) => [r["Employee ID"], r["First name"], r["Total hours"]]).sort()).toEqual(
      [
        [(await db.user.findUniqueOrThrow({ where: { id: ann.id } })).payrollId!, "Ann", "4.00"],
        [benId, "Ben", "4.00"],
      ].sort(),
    );
  });
}

test("a payroll ID removed after the dialog checked is refused at download with a toast, not a file (1366 px)", async ({ page, db, signInAs }) => {
  test.setTimeout(90_000);
  const last = `Refused ${uniq()}`;
  const day = oldTuesday();
  const dee = await createUser(db, { firstName: "Dee", lastName: last, payrollId: `E-${uniq()}` });
  await createPunchSession(db, { userId: dee.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 12), outReason: "End of Workday" });

  await signInAs(page, "admin", `/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
  await page.getByRole("button", { name: "Export payroll" }).click();
  const dialog = page.getByRole("dialog", { name: "Export payroll" });
  await dialog.getByLabel("Leave out members with no time").check();
  await dialog.getByLabel("Payroll ID instead of the internal id").check();
  await expect(dialog.getByTestId("payroll-not-approved")).toContainText("1 of 1 member is not approved yet.");
  const exportAnyway = dialog.getByRole("button", { name: "Export anyway" });
  await expect(exportAnyway).toBeEnabled();

  await db.user.update({ where: { id: dee.id }, data: { payrollId: null } });
  let downloaded = false;
  page.on("download", () => void (downloaded = true));
  await exportAnyway.click();
  await expect(page.getByText("Could not export the payroll").first()).toBeVisible();
  await expect(page.getByText("1 member in this export has no payroll ID.", { exact: false }).first()).toBeVisible();
  await shot(page, "refused-1366");
  expect(downloaded).toBe(false);
});

test.describe("locked punches", () => {
  for (const { name: width, viewport } of WIDTHS) {
    test(`Edit, Split and Delete are disabled on a locked punch, and Unlock is offered (${width} px)`, async ({ page, db, signInAs }) => {
      test.setTimeout(120_000);
      const last = `Locked ${uniq()}`;
      const day = oldTuesday();
      const member = await createUser(db, { firstName: "Lou", lastName: last });
      await createPunchSession(db, { userId: member.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 16), outReason: "End of Workday" });

      await page.setViewportSize(viewport);
      await signInAs(page, "admin", `/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
      await page.getByRole("button", { name: "Lock this 1" }).click();
      await page.getByRole("dialog", { name: /Lock the pay period/ }).getByRole("button", { name: "Lock this 1" }).click();
      await expect(page.getByText("Period locked", { exact: true }).first()).toBeVisible();

      await page.goto(`/admin/time-card?member=${member.id}&period=${day}`);
      const punch = page.getByTestId(`time-day-${day}`).getByTestId("time-punch");
      await expect(punch.getByText("Locked", { exact: true })).toBeVisible();
      for (const action of ["Edit", "Split", "Delete"]) await expect(punch.getByRole("button", { name: action, exact: true })).toBeDisabled();
      await expect(punch.getByRole("button", { name: "Unlock" })).toBeEnabled();
      expect(await noHorizontalScroll(page)).toBe(true);
      await shot(page, `locked-punch-${width}`);

      await punch.getByRole("button", { name: "Unlock" }).click();
      const unlock = page.getByRole("dialog", { name: "Unlock pay period" });
      await unlock.getByLabel("Reason").fill("Fix a forgotten punch-out");
      await unlock.getByRole("button", { name: "Unlock" }).click();
      await expect(page.getByText("Period unlocked", { exact: true }).first()).toBeVisible();
      await expect(punch.getByRole("button", { name: "Edit", exact: true })).toBeEnabled();
      await expect(punch.getByRole("button", { name: "Unlock" })).toHaveCount(0);
    });
  }
});
