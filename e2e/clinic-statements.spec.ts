import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { monthLabel, monthOf, previousMonth } from "@/lib/billing/pricing";
import { businessToday } from "@/lib/dates";
import { startOfDay } from "@/lib/dates/instants";
import { formatMoney } from "@/lib/money";
import { createMemorialCase, createUser, createVendor, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { DEMO_CLINIC_LOGIN, DEMO_PASSWORD } from "../prisma/seed";
import { seriousViolations } from "./support/axe";
import { E2E_BASE_URL } from "./support/database";
import { expect, signInRequest, test } from "./support/fixtures";

/**
 * The clinic portal's Statements tab (docs/clinics.md "The portal", docs/billing.md "Statements"):
 * the bookkeeper issues last month's statement for the demo clinic through the API; the clinic's
 * user, on a phone, opens Statements, sees it (month, number, balance due) and downloads the PDF
 * (read back with pdftotext) and the CSV. A clinic without statements sees the empty state, and
 * none of another clinic's. Screenshots: /tmp/shots-portal/.
 */
const SHOTS = "/tmp/shots-portal";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/clinic-statements-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

interface IssuedStatement {
  id: string;
  number: string;
  month: string;
  balanceCents: number;
}

test.describe("the clinic portal's statements", () => {
  test("the bookkeeper issues last month's statement; the clinic reads it and downloads its PDF and CSV on a phone", async ({ page, db, signInAs, playwright }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const clinic = await db.vendor.findFirstOrThrow({ where: { name: DEMO_CLINIC_LOGIN.clinic, kind: "clinic" }, select: { id: true } });
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" }, select: { id: true } });
    const lastMonth = previousMonth(monthOf(businessToday()));
    const bookkeeper = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    await signInRequest(bookkeeper, "admin");

    // A charge made last month: a case priced at intake today is charged today (this month's
    // statement), so last month's case and its priced line are written as intake wrote them then.
    // A retry finds the month issued already and reads it back instead.
    let statement: IssuedStatement;
    const issuedBefore = await db.statement.findFirst({ where: { clinicVendorId: clinic.id, number: { startsWith: `S-${lastMonth}-` } }, select: { id: true } });
    if (!issuedBefore) {
      const suffix = randomUUID().slice(0, 6);
      const receivedAt = new Date(startOfDay(`${lastMonth}-12`).getTime() + 10 * 3_600_000);
      const kase = await createMemorialCase(db, { createdById: admin.id, clinicVendorId: clinic.id, petName: `Pepper ${suffix}`, serviceType: "private", petWeightLbs: 24, receivedAt });
      await db.caseCharge.create({ data: { caseId: kase.id, kind: "service", description: "Private cremation, 11–30 lb", taxCategory: "service", amountCents: 18500, createdById: admin.id, createdAt: receivedAt } });
      const payment = await bookkeeper.post("/api/billing/payments", { data: { clinicVendorId: clinic.id, amount: "50.00", method: "check", reference: "#2207", receivedOn: `${lastMonth}-20` } });
      expect(payment.status()).toBe(201);
      const issued = await bookkeeper.post("/api/billing/statements", { data: { clinicVendorId: clinic.id, month: lastMonth } });
      expect(issued.status()).toBe(201);
      statement = (await issued.json()) as IssuedStatement;
      expect(statement).toMatchObject({ chargesCents: 18500, paymentsCents: 5000 });
    } else {
      const listed = await bookkeeper.get(`/api/billing/statements?clinicVendorId=${clinic.id}&month=${lastMonth}`);
      statement = ((await listed.json()) as { statements: IssuedStatement[] }).statements[0];
    }
    await bookkeeper.dispose();

    // The clinic's user on a phone: Statements, after Cases.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, { email: DEMO_CLINIC_LOGIN.email, password: DEMO_PASSWORD }, "/clinic");
    const tabs = page.getByRole("navigation", { name: "Portal sections" }).getByRole("button");
    await expect(tabs).toHaveText(["Request a pickup", "Pickups", "Cases", "Statements"]);
    await tabs.filter({ hasText: "Statements" }).click();
    const list = page.getByRole("list", { name: "Statements" });
    const item = list.getByRole("listitem").filter({ hasText: statement.number });
    await expect(item).toContainText(monthLabel(lastMonth));
    await expect(item).toContainText("Balance due");
    await expect(item).toContainText(formatMoney(statement.balanceCents));
    await expect(item).toContainText("Issued ");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "390");

    // The PDF: the clinic's statement, named and numbered.
    const [pdf] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe(`${statement.number} ${DEMO_CLINIC_LOGIN.clinic}.pdf`);
    const pdfPath = await pdf.path();
    expect(readFileSync(pdfPath).subarray(0, 4).toString("latin1")).toBe("%PDF");
    const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
    expect(text).toContain(DEMO_CLINIC_LOGIN.clinic);
    expect(text).toContain(statement.number);
    expect(text).toContain("Balance due");

    // The CSV: one row per line, each naming the statement.
    const [csv] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "Download CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe(`${statement.number} ${DEMO_CLINIC_LOGIN.clinic}.csv`);
    const rows = readFileSync(await csv.path(), "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(rows[0]).toBe("Statement,Clinic,Date,Type,Case,Pet,Description,Category,Amount,Tax,Total");
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.startsWith(`${statement.number},`))).toBe(true);

    await page.setViewportSize({ width: 360, height: 780 });
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "360");
  });

  test("a clinic without statements sees the empty state, and none of another clinic's", async ({ page, db, signInAs }) => {
    mkdirSync(SHOTS, { recursive: true });
    const other = await createVendor(db, { name: `Birch Vet ${randomUUID().slice(0, 6)}`, kind: "clinic", address: "4 Birch Rd" });
    const user = await createUser(db, { role: "clinic", clinicVendorId: other.id });
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, { email: user.email, password: DEFAULT_TEST_PASSWORD }, "/clinic");
    await page.getByRole("navigation", { name: "Portal sections" }).getByRole("button", { name: "Statements" }).click();
    await expect(page.getByText("No statements yet. Your monthly statement appears here once it is issued.", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Statements" })).toHaveCount(0);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "empty-360");
  });
});
