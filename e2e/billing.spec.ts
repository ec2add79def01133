import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { monthLabel, monthOf, previousMonth } from "../lib/billing/pricing";
import { businessToday } from "../lib/dates";
import { formatMoney, parseMoney } from "../lib/money";
import { createMemorialCase } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The Billing screen (docs/billing.md "Screens"). At 1366 px the bookkeeper (the admin) adds a
 * price list version for a clinic of this spec's own (the server's and the form's field errors
 * next to their fields), a case of that clinic is charged last month, its statement is previewed
 * and issued (a case of this month, priced at intake from the new version, waits for the next), and its PDF (read back with pdftotext) and QuickBooks IIF are checked; a second
 * issue of an issued month shows the server's 409; a payment is recorded and shows on this
 * month's preview; a price in the closed month is refused next to its date. Then the page fits a
 * 390 and a 360 px phone, and a manager reads the statements without the Issue button.
 * Its own clinic keeps it apart from any other statement of last month in a shared database.
 * Screenshots: /tmp/shots-billing/.
 */
const SHOTS = "/tmp/shots-billing";
const THIS_MONTH = monthOf(businessToday());
const LAST_MONTH = previousMonth(THIS_MONTH);
const TWO_AGO = previousMonth(LAST_MONTH);

test.describe.configure({ mode: "serial" });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A signed IIF amount ("-123.45") in cents. */
function iifCents(text: string): number {
  const negative = text.startsWith("-");
  const cents = parseMoney(negative ? text.slice(1) : text);
  if (cents === null) throw new Error(`not an amount: ${text}`);
  return negative ? -cents : cents;
}

async function download(page: Page, link: Locator, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = `${SHOTS}/${name}`;
  await file.saveAs(path);
  return path;
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test("the bookkeeper prices, issues a statement, downloads its PDF and IIF, and records a payment", async ({ page, db, signInAs }) => {
  test.setTimeout(180_000);
  await signInAs(page, "admin");
  const clinicName = `Harbor Vet ${randomUUID().slice(0, 6)}`;
  const created = await page.request.post("/api/vendors", { data: { name: clinicName, kind: "clinic", billingEmail: "billing@harborvet.example" } });
  expect(created.status()).toBe(201);
  const clinic = (await created.json()) as { id: string };

  // 1. A version of the clinic's own list, from the 1st of last month: a bracket and the paw print.
  await page.goto("/billing?view=prices");
  await expect(page.getByRole("link", { name: "Price list" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Add version" }).click();
  const dialog = page.getByRole("dialog", { name: "Add price list version" });
  await dialog.getByLabel("Price list", { exact: true }).selectOption({ label: `${clinicName}: own prices` });
  await dialog.getByLabel("In force from").fill(`${LAST_MONTH}-01`);
  await dialog.getByLabel("Note", { exact: true }).fill("Trade prices");
  // Start from a clean sheet whatever the standard list holds, then price exactly two lines.
  const lines = dialog.getByTestId("price-line");
  await expect(lines.first()).toBeVisible();
  while ((await lines.count()) > 0) await dialog.getByRole("button", { name: /^Remove line/ }).first().click();
  await dialog.getByRole("button", { name: "Add bracket" }).click();
  await dialog.getByRole("button", { name: "Add option" }).click();
  await dialog.getByRole("button", { name: "Add bracket" }).click();
  // The lines show by section: the two brackets, then the option.
  const brackets = lines.filter({ has: page.getByLabel("Service", { exact: true }) });
  const [bracket, overlapping] = [brackets.nth(0), brackets.nth(1)];
  const option = lines.filter({ has: page.getByLabel("Option", { exact: true }) });
  await bracket.getByLabel("Price ($)", { exact: true }).fill("123.45");
  await option.getByLabel("Option", { exact: true }).selectOption({ label: "Clay paw print" });
  await option.getByLabel("Price ($)", { exact: true }).fill("-5");
  await overlapping.getByLabel("Price ($)", { exact: true }).fill("99");
  await dialog.getByRole("button", { name: "Add version" }).click();
  // Each refusal sits under its own field: the price first, then (the lines being prices) the brackets.
  await expect(option.getByText("price must not be negative")).toBeVisible();
  await option.getByLabel("Price ($)", { exact: true }).fill("35");
  await dialog.getByRole("button", { name: "Add version" }).click();
  await expect(overlapping.getByText("the private bracket 0 lb and up overlaps 0 lb and up")).toBeVisible();
  await expect(overlapping.getByLabel("From lb", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await shot(page, "billing-add-version-errors-1366");
  await overlapping.getByRole("button", { name: /^Remove line/ }).click();
  await dialog.getByRole("button", { name: "Add version" }).click();
  await expect(page.getByText("Price list version added", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const ownList = page.getByRole("region", { name: `${clinicName}: own prices` });
  await expect(ownList.getByTestId("price-list-version")).toHaveCount(1);
  await expect(ownList.getByText("In force")).toBeVisible();
  await expect(ownList.getByRole("cell", { name: "$123.45" })).toBeVisible();
  await shot(page, "billing-prices-1366");

  // 2. Charges of the clinic's cases. One case received today through the API: intake prices it
  // from the new version. One received last month, charged then, as intake would have (the API
  // charges at the time of the request, and the database never lets a charge's time change).
  const today = await page.request.post("/api/cases", {
    data: { uuid: randomUUID(), petName: "Pixel", petSpecies: "Cat", familyName: "The Moreaus", serviceType: "private", tagSerial: `BL-${randomUUID().slice(0, 8)}`, petWeightLbs: 8, pawPrint: true, clinicVendorId: clinic.id },
  });
  expect(today.status()).toBe(201);
  const charged = (await (await page.request.get(`/api/cases/${((await today.json()) as { number: string }).number}/charges`)).json()) as {
    charges: Array<{ description: string; amountCents: number }>;
    chargesCents: number;
    taxCents: number;
  };
  expect(charged.charges.map((c) => [c.description, c.amountCents])).toEqual([
    ["Private cremation, 0 lb and up", 12345],
    ["Clay paw print", 3500],
  ]);
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" }, select: { id: true } });
  const lastMonthDay = new Date(`${LAST_MONTH}-15T18:00:00Z`);
  const earlier = await createMemorialCase(db, { createdById: admin.id, clinicVendorId: clinic.id, receivedAt: lastMonthDay, petName: "Biscuit", petWeightLbs: 8, pawPrint: true });
  await db.caseCharge.createMany({
    data: [
      { caseId: earlier.id, kind: "service", description: "Private cremation, 0 lb and up", taxCategory: "service", amountCents: 12345, createdById: admin.id, createdAt: lastMonthDay },
      { caseId: earlier.id, kind: "option", description: "Clay paw print", taxCategory: "option", amountCents: 3500, createdById: admin.id, createdAt: lastMonthDay },
    ],
  });
  const caseNumber = earlier.number;

  // 3. Last month's preview (the header's Billing button), then issuing it.
  await page.getByRole("banner").getByRole("link", { name: "Billing", exact: true }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(LAST_MONTH);
  await page.getByLabel("Clinic", { exact: true }).selectOption({ label: clinicName });
  const preview = page.getByTestId("statement-preview");
  await expect(preview.getByRole("heading", { name: `${clinicName} · ${monthLabel(LAST_MONTH)}` })).toBeVisible();
  await expect(preview.getByText("Not issued")).toBeVisible();
  await expect(preview.getByRole("link", { name: caseNumber })).toBeVisible();
  const totals = preview.getByRole("definition");
  await expect(totals.last()).toHaveText("$158.45");
  await shot(page, "billing-preview-1366");
  await preview.getByRole("button", { name: "Issue statement" }).click();
  const confirm = page.getByRole("dialog", { name: `Issue the statement for ${monthLabel(LAST_MONTH)}?` });
  await expect(confirm).toContainText(`Issuing freezes ${monthLabel(LAST_MONTH)} for ${clinicName}`);
  await confirm.getByRole("button", { name: "Issue statement" }).click();
  await expect(page.getByText("Statement issued", { exact: true })).toBeVisible();
  const issuedBadge = preview.getByText(/^Issued S-/);
  await expect(issuedBadge).toBeVisible();
  const number = (await issuedBadge.textContent())!.replace(/^Issued /, "").trim();
  expect(number).toMatch(new RegExp(`^S-${LAST_MONTH}-\\d{4}$`));
  await expect(preview.getByRole("button", { name: "Issue statement" })).toHaveCount(0);
  const row = page.getByRole("region", { name: "Issued statements", exact: true }).getByTestId("statement-row").filter({ hasText: number });
  await expect(row).toContainText(clinicName);
  await expect(row).toContainText("$158.45");
  await shot(page, "billing-issued-1366");

  // 4. The PDF names the clinic, the number and the balance; the IIF is one balanced INVOICE.
  const pdf = await download(page, preview.getByRole("link", { name: `${number} PDF` }), "statement.pdf");
  const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  expect(text).toContain(clinicName);
  expect(text).toContain(number);
  expect(text).toContain(formatMoney(15845));
  const iif = readFileSync(await download(page, preview.getByRole("link", { name: `${number} IIF` }), "statement.iif"), "utf8");
  const rows = iif.split(/\r?\n/).filter(Boolean).map((r) => r.split("\t"));
  const header = (key: string) => rows.find((r) => r[0] === key);
  expect(header("!TRNS")).toBeTruthy();
  expect(header("!SPL")).toBeTruthy();
  expect(header("!ENDTRNS")).toBeTruthy();
  const trns = rows.filter((r) => r[0] === "TRNS");
  expect(trns).toHaveLength(1);
  const at = (key: "!TRNS" | "!SPL", column: string) => header(key)!.indexOf(column);
  expect(trns[0]![at("!TRNS", "TRNSTYPE")]).toBe("INVOICE");
  expect(trns[0]![at("!TRNS", "DOCNUM")]).toBe(number);
  const spl = rows.filter((r) => r[0] === "SPL").map((r) => iifCents(r[at("!SPL", "AMOUNT")]!));
  expect(spl).toHaveLength(2);
  expect(iifCents(trns[0]![at("!TRNS", "AMOUNT")]!)).toBe(15845);
  expect(spl.reduce((a, b) => a + b, 0)).toBe(-iifCents(trns[0]![at("!TRNS", "AMOUNT")]!));

  // 5. A month issued meanwhile (another tab, the API): the button's 409 shows the server's message.
  await page.getByLabel("Month", { exact: true }).selectOption(TWO_AGO);
  await expect(preview.getByRole("heading", { name: `${clinicName} · ${monthLabel(TWO_AGO)}` })).toBeVisible();
  expect((await page.request.post("/api/billing/statements", { data: { clinicVendorId: clinic.id, month: TWO_AGO } })).status()).toBe(201);
  await preview.getByRole("button", { name: "Issue statement" }).click();
  await page.getByRole("dialog", { name: `Issue the statement for ${monthLabel(TWO_AGO)}?` }).getByRole("button", { name: "Issue statement" }).click();
  await expect(page.getByText("Could not issue the statement", { exact: true })).toBeVisible();
  await expect(page.getByText(`The statement for ${monthLabel(TWO_AGO)} is issued already; a correction goes on the next month's statement.`, { exact: true })).toBeVisible();
  await expect(preview.getByText(/^Issued S-/)).toBeVisible();

  // 6. A payment, by hand: this month's statement will carry it against last month's balance.
  await page.getByRole("button", { name: "Record payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record payment" });
  await expect(payment.getByLabel("Clinic")).toHaveValue(clinic.id);
  await payment.getByLabel("Amount ($)").fill("50");
  await payment.getByLabel("Reference").fill("1042");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Payment recorded", { exact: true })).toBeVisible();
  await page.getByLabel("Month", { exact: true }).selectOption(THIS_MONTH);
  await expect(preview.getByText("Month in progress")).toBeVisible();
  await expect(preview.getByRole("list", { name: "Payments" })).toContainText("Payment received, Check 1042");
  // Last month's balance, today's case (with its sales tax, if a shared database has it on), less the payment.
  await expect(totals.nth(1)).toHaveText("$158.45");
  await expect(totals.last()).toHaveText(formatMoney(15845 + charged.chargesCents + charged.taxCents - 5000));
  await expect(preview.getByRole("button", { name: "Issue statement" })).toHaveCount(0);

  // 7. Last month is closed now: a price from inside it is refused under its date.
  await page.goto("/billing?view=prices");
  await page.getByRole("button", { name: "Add version" }).click();
  await dialog.getByLabel("Price list", { exact: true }).selectOption({ label: `${clinicName}: own prices` });
  await expect(lines).toHaveCount(2);
  await dialog.getByLabel("In force from").fill(`${LAST_MONTH}-20`);
  await dialog.getByRole("button", { name: "Add version" }).click();
  await expect(dialog.getByText(`the statement for ${monthLabel(LAST_MONTH)} is issued, and its prices never change`)).toBeVisible();
  await expect(dialog.getByLabel("In force from")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // 8. The bookkeeper's phone: both views fit at 390 and 360 px.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [view, path] of [["statements", "/billing"], ["prices", "/billing?view=prices"]] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
      expect(await overflowOf(page), `${view} at ${width} px`).toBeLessThanOrEqual(0);
      await shot(page, `billing-${view}-admin-${width}`);
    }
  }
});

test("a manager reads the statements on a phone, without the Issue button", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "manager");
  // The phone menu's Billing section.
  await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("heading", { name: "Billing" })).toBeVisible();
  await menu.getByRole("link", { name: "Billing", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
  await expect(page.getByTestId("statement-row").first()).toBeVisible();
  await expect(page.getByTestId("statement-row").first().getByRole("link", { name: /PDF$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Issue statement" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await shot(page, "billing-statements-manager-390");
  await page.goto("/billing?view=prices");
  await expect(page.getByRole("button", { name: "Add version" })).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await shot(page, "billing-prices-manager-360");
});
