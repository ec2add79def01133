import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { addDays, weekStart } from "../lib/dates";
import { startOfDay } from "../lib/dates/instants";
import { createPunchSession, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The payroll provider layouts as a bookkeeper meets them (docs/time.md, "Exports to payroll
 * providers"): the QuickBooks settings on the Policy tab; in "Export payroll", Gusto and QuickBooks
 * name who the provider could not match and whose period is not locked, before any download; once
 * the period is locked, the Gusto CSV and the IIF file are downloaded and read as Gusto and
 * QuickBooks read them, against the hours on the time card. Its own pay week, years back.
 * Screenshots: test-results/shots/payroll-providers-*.png.
 */

const TZ = "America/Chicago";
const H = 3_600_000;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/payroll-providers-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const wall = (day: string, hour: number, minute = 0) => new Date(startOfDay(day, TZ).getTime() + hour * H + minute * 60_000);
/** The Tuesday of a random week between 2001 and 2020: a pay period no other test uses. */
const oldTuesday = () => addDays(weekStart(`20${String(1 + Math.floor(Math.random() * 20)).padStart(2, "0")}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`, 1), 1);

test("Gusto and QuickBooks files: refusals named in the dialog, then the locked period's files read as the providers read them (1366 px)", async ({ page, db, signInAs }) => {
  test.setTimeout(180_000);
  const last = `Provider${uniq()}`;
  const day = oldTuesday();
  const ann = await createUser(db, { firstName: "Ann", lastName: last, payrollId: `G${uniq().slice(-5)}` });
  const sam = await createUser(db, { firstName: "Sam", lastName: last, payrollId: `E-${uniq()}` });
  const twin = await createUser(db, { firstName: "Sam", lastName: last });
  // Ann 9 h (7:00–16:00), Sam 4 h 15, the other Sam 3 h.
  await createPunchSession(db, { userId: ann.id, punchInAt: wall(day, 7), punchOutAt: wall(day, 16), outReason: "End of Workday" });
  await createPunchSession(db, { userId: sam.id, punchInAt: wall(day, 8), punchOutAt: wall(day, 12, 15), outReason: "End of Workday" });
  await createPunchSession(db, { userId: twin.id, punchInAt: wall(addDays(day, 1), 9), punchOutAt: wall(addDays(day, 1), 12), outReason: "End of Workday" });

  await page.setViewportSize({ width: 1366, height: 900 });

  // The QuickBooks settings, on the time card's Policy tab.
  await signInAs(page, "admin", "/admin/time-card?tab=settings");
  const providers = page.getByRole("form", { name: "Payroll providers" });
  await providers.getByLabel("Company name").fill("BFS Pet Memorial");
  await providers.getByLabel("Employee names (EMP)").selectOption({ label: "Last, First" });
  await providers.getByLabel("Payroll item: regular hours").fill("Hourly");
  await providers.getByRole("button", { name: "Save payroll providers" }).click();
  await expect(page.getByText("Payroll provider settings saved").first()).toBeVisible();
  await page.reload();
  await expect(providers.getByLabel("Company name")).toHaveValue("BFS Pet Memorial");
  await expect(providers.getByLabel("Employee names (EMP)")).toHaveValue("last-first");
  await shot(page, "settings-1366");

  await page.goto(`/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
  const dialog = page.getByRole("dialog", { name: "Export payroll" });
  const open = async (layout: string) => {
    await page.getByRole("button", { name: "Export payroll" }).click();
    await dialog.getByLabel("Layout").selectOption({ label: layout });
    await dialog.getByLabel("Leave out members with no time").check();
    await dialog.getByLabel("Leave out volunteers").uncheck();
    await dialog.getByLabel("Leave out contractors").uncheck();
  };
  const download = async () => {
    const button = dialog.getByRole("button", { name: /^(Download|Export anyway)$/ });
    await expect(button).toBeEnabled();
    const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  };

  // Gusto: the other Sam shares a name and has no payroll ID (Gusto's identifier fallback), and no period is locked.
  await open("Gusto hours (CSV)");
  await expect(dialog.getByTestId("payroll-provider-file")).toHaveText("CSV, with the provider's column titles");
  const unmatched = dialog.getByTestId("payroll-unmatched");
  await expect(unmatched).toContainText("1 member in this export shares a name with another and has no payroll ID.");
  await expect(unmatched.getByRole("link")).toHaveCount(1);
  await expect(unmatched.getByRole("link", { name: `Sam ${last}` })).toHaveAttribute("href", `/members/${twin.id}`);
  await expect(dialog.getByTestId("payroll-not-locked")).toContainText("3 members' pay period are not locked yet.");
  await expect(dialog.getByRole("button", { name: /^(Download|Export anyway)$/ })).toBeDisabled();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, "gusto-refused-1366");
  // Ticking "Include periods not locked yet" lifts only that refusal.
  await dialog.getByLabel("Include periods not locked yet").check();
  await expect(dialog.getByTestId("payroll-not-locked")).toHaveCount(0);
  await expect(unmatched).toBeVisible();
  // QuickBooks matches by the name alone: both Sams are named.
  await dialog.getByLabel("Layout").selectOption({ label: "QuickBooks Desktop timer activities (IIF)" });
  await expect(dialog.getByTestId("payroll-unmatched")).toContainText("2 members in this export share a name.");
  await expect(dialog.getByTestId("payroll-unmatched").getByRole("link")).toHaveCount(2);
  await shot(page, "iif-refused-1366");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The other Sam gets a payroll ID and his full name, as on the providers' lists; the period is locked.
  await db.user.update({ where: { id: twin.id }, data: { payrollId: `E-${uniq()}`, firstName: "Samuel" } });
  await page.reload();
  await page.getByRole("button", { name: "Lock these 3" }).click();
  const confirm = page.getByRole("dialog", { name: "Lock the pay period for 3 members?" });
  await confirm.getByRole("button", { name: "Lock these 3" }).click();
  await expect(page.getByText("3 periods locked", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId(`card-row-${ann.id}`).getByTestId("card-regular")).toHaveText("9.00");
  await expect(page.getByTestId(`card-row-${sam.id}`).getByTestId("card-regular")).toHaveText("4.25");

  // Gusto: read as Gusto reads it (no BOM, the template's titles, hours per employee).
  await open("Gusto hours (CSV)");
  await expect(dialog.getByTestId("payroll-unmatched")).toHaveCount(0);
  await expect(dialog.getByTestId("payroll-not-locked")).toHaveCount(0);
  await shot(page, "gusto-ready-1366");
  const gusto = await download();
  expect(gusto.name).toMatch(/^payroll-gusto-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(gusto.bytes[0]).not.toBe(0xef);
  const rows: Record<string, string>[] = parse(gusto.bytes, { columns: true });
  expect(Object.keys(rows[0]).slice(0, 6)).toEqual(["first_name", "last_name", "gusto_employee_id", "regular_hours", "overtime_hours", "double_overtime_hours"]);
  const ours = rows.filter((r) => r.last_name === last).map((r) => [r.first_name, r.gusto_employee_id, r.regular_hours, r.overtime_hours]);
  const ids = await db.user.findMany({ where: { id: { in: [ann.id, sam.id, twin.id] } }, select: { id: true, payrollId: true } });
  const idOf = (id: string) => ids.find((u) => u.id === id)!.payrollId;
  expect(ours.sort()).toEqual(
    [
      ["Ann", idOf(ann.id), "9.00", "0.00"],
      ["Sam", idOf(sam.id), "4.25", "0.00"],
      ["Samuel", idOf(twin.id), "3.00", "0.00"],
    ].sort(),
  );

  // QuickBooks: read as QuickBooks reads it (Windows code page, tabs, the header rows, a row per member per day).
  await open("QuickBooks Desktop timer activities (IIF)");
  await expect(dialog.getByTestId("payroll-provider-file")).toHaveText("IIF, for File › Utilities › Import › Timer Activities");
  const iif = await download();
  expect(iif.name).toMatch(/\.iif$/);
  const lines = iif.bytes.toString("latin1").trimEnd().split("\r\n").map((l) => l.split("\t"));
  expect(lines[0]).toEqual(["!TIMERHDR", "VER", "REL", "COMPANYNAME", "IMPORTEDBEFORE", "FROMTIMER", "COMPANYCREATETIME"]);
  expect(lines[1].slice(0, 6)).toEqual(["TIMERHDR", "8", "0", "BFS Pet Memorial", "N", "Y"]);
  expect(lines[2]).toEqual(["!TIMEACT", "DATE", "JOB", "EMP", "ITEM", "PITEM", "DURATION", "PROJ", "NOTE", "BILLINGSTATUS"]);
  for (const cells of lines.slice(3)) expect(cells).toHaveLength(10);
  const mmddyy = (key: string) => `${key.slice(5, 7)}/${key.slice(8, 10)}/${key.slice(2, 4)}`;
  const own = lines.filter((c) => c[3].startsWith(`${last},`)).map((c) => [c[1], c[3], c[5], c[6]]);
  expect(own.sort()).toEqual(
    [
      [mmddyy(day), `${last}, Ann`, "Hourly", "9:00"],
      [mmddyy(day), `${last}, Sam`, "Hourly", "4:15"],
      [mmddyy(addDays(day, 1)), `${last}, Samuel`, "Hourly", "3:00"],
    ].sort(),
  );

  // The dialog and the settings on phones.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await open("Gusto hours (CSV)");
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, `dialog-${width}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.goto("/admin/time-card?tab=settings");
    await expect(providers.getByLabel("Company name")).toHaveValue("BFS Pet Memorial");
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, `settings-${width}`);
    await page.goto(`/admin/time-card?period=${day}&q=${encodeURIComponent(last)}`);
  }
});
