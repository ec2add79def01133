import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { startOfDay } from "../lib/dates/instants";
import { createMemorialCase, recordCaseScans } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/**
 * The cremation log (docs/cases.md "Cremation log") at 1366 px, as a manager preparing an
 * inspection: open it from the cases' tabs, filter a range and a chamber, print the PDF (read back
 * with pdftotext and rendered with pdftoppm), download the CSV, and see the screen at 390 px.
 * Screenshots: test-results/shots/cremation-log-*.png; the PDF and its page images: test-results/cremation-log/.
 */
const OUT = path.resolve("test-results/cremation-log");
mkdirSync("test-results/shots", { recursive: true });
mkdirSync(OUT, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/cremation-log-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const at = (day: string, hours: number) => new Date(startOfDay(day).getTime() + hours * 3_600_000);

test.describe("the cremation log", () => {
  test("filtered by range and chamber, printed as PDF, downloaded as CSV, and read on a phone", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const chamber = await db.cremationChamber.create({ data: { name: `Retort ${suffix}` } });
    const manager = await db.user.findUniqueOrThrow({ where: { email: "priya@bfs.demo" }, select: { id: true } });
    const operator = await db.user.findUniqueOrThrow({ where: { email: "jamie@bfs.demo" }, select: { id: true, firstName: true, lastName: true } });
    const passage = async (petName: string, serviceType: "private" | "partitioned", start: Date, end: Date, body: number, remains: number | null) => {
      const c = await createMemorialCase(db, { createdById: manager.id, petName, petSpecies: "Dog", serviceType, petWeightLbs: body, remainsWeightLbs: remains, returnMethod: "pickup_here", receivedAt: new Date(start.getTime() - 4 * 3_600_000) });
      const before = (h: number) => new Date(start.getTime() - h * 3_600_000);
      await recordCaseScans(db, { caseId: c.id, memberId: operator.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"], chamberId: chamber.id, times: [before(3), before(2), before(1), start, end] });
      return c;
    };
    await passage(`Bella ${suffix}`, "private", at("2026-01-12", 9), at("2026-01-12", 10.5), 68, 2.38);
    await passage(`Max ${suffix}`, "partitioned", at("2026-01-13", 11), at("2026-01-13", 13), 24, 0.9);
    await passage(`Milo ${suffix}`, "partitioned", at("2026-01-13", 11.2), at("2026-01-13", 13.1), 12.5, null);

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, "manager");
    await page.goto("/cases");
    await page.getByRole("navigation", { name: "Case views" }).getByRole("link", { name: "Cremation log" }).click();
    await expect(page.getByRole("heading", { name: "Cremation log", level: 1 })).toBeVisible();
    await page.getByLabel("From", { exact: true }).fill("2026-01-12");
    await page.getByLabel("To", { exact: true }).fill("2026-01-13");
    await page.getByLabel("Chamber", { exact: true }).selectOption({ label: chamber.name });
    await expect(page.getByTestId("cremation-log-summary")).toHaveText("3 cremations in 2 cycles");
    const table = page.getByRole("region", { name: "Cremation log" });
    await expect(table.locator("th[scope=colgroup]")).toHaveText([`Mon, Jan 12 · ${chamber.name}`, `Tue, Jan 13 · ${chamber.name}`]);
    const bella = table.getByRole("row").filter({ hasText: `Bella ${suffix}` });
    await expect(bella).toContainText(`${operator.firstName} ${operator.lastName}`);
    await expect(bella).toContainText("68.00");
    await expect(bella).toContainText("2.38");
    await expect(table.getByRole("row").filter({ hasText: `Milo ${suffix}` })).toContainText("—");
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "1366");

    // Print: the PDF opens in a new tab; the inspector's document is read back and rendered.
    const print = page.getByRole("link", { name: "Print (PDF)" });
    const pdfUrl = (await print.getAttribute("href"))!;
    expect(pdfUrl).toBe(`/api/cases/cremation-log/export?from=2026-01-12&to=2026-01-13&chamberId=${chamber.id}&format=pdf`);
    expect(await print.getAttribute("target")).toBe("_blank");
    const [popup] = await Promise.all([page.waitForEvent("popup"), print.click()]);
    await popup.close();
    const pdf = await page.request.get(pdfUrl);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const file = path.join(OUT, "cremation-log.pdf");
    writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const words of ["BFS Pet Memorial Services", "Cremation log", "2026-01-12 to 2026-01-13", chamber.name, "3 cremations in 2 cycles", `Bella ${suffix}`, `Milo ${suffix}`, "Page 1 of 1", "Generated "]) expect(text).toContain(words);
    execFileSync("pdftoppm", ["-png", "-r", "60", file, path.join(OUT, "cremation-log-page")]);
    expect(readdirSync(OUT).some((f) => f.startsWith("cremation-log-page") && f.endsWith(".png"))).toBe(true);

    // The CSV: a download with the same three rows.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`cremation-log-Retort-${suffix}-2026-01-12-to-2026-01-13.csv`);
    const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(csv).toHaveLength(4);
    expect(csv[1]).toContain(`Bella ${suffix}`);
    expect(csv[1]).toContain(",68.00,2.38");

    // A range the server would refuse is said on the screen, and nothing is asked.
    await page.getByLabel("From", { exact: true }).fill("2026-01-14");
    await expect(page.getByRole("alert").filter({ hasText: "first day" })).toHaveText("The first day must be on or before the last day.");
    await expect(page.getByRole("link", { name: "Print (PDF)" })).toHaveCount(0);
    await page.getByLabel("From", { exact: true }).fill("2026-01-12");

    // On a phone: one card per pet with every figure, and no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("cremation-log-summary")).toHaveText("3 cremations in 2 cycles");
    const cards = page.getByRole("list", { name: "Cremation log" });
    await expect(cards.getByRole("heading")).toHaveText([`Mon, Jan 12 · ${chamber.name}`, `Tue, Jan 13 · ${chamber.name}`]);
    await expect(cards.getByRole("listitem").filter({ hasText: `Bella ${suffix}` })).toContainText("68.00 / 2.38 lb");
    await expect(cards.getByRole("listitem").filter({ hasText: `Bella ${suffix}` })).toContainText(`${operator.firstName} ${operator.lastName}`);
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "390");
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "360");
  });
});

test.describe("the retention period", () => {
  test("an administrator changes it from the cremation log; a manager sees it without the button", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, "admin");
    expect((await page.request.put("/api/cases/retention", { data: { years: 7 } })).status()).toBe(200);
    await page.goto("/cases/cremation-log");
    const line = page.getByTestId("retention-line");
    await expect(line).toContainText("Case records are kept 7 years after a case closes");
    await line.getByRole("button", { name: "Change" }).click();
    const dialog = page.getByRole("dialog", { name: "Retention period" });
    const years = dialog.getByLabel("Years to keep case records");
    await years.fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toContainText("Years must be at least 1");
    await years.fill("8");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Retention period saved", { exact: true })).toBeVisible();
    await expect(line).toContainText("Case records are kept 8 years after a case closes");
    await page.reload();
    await expect(page.getByTestId("retention-line")).toContainText("kept 8 years");
    await shot(page, "retention-1366");
    // Back to the default for the other tests of this database.
    expect((await page.request.put("/api/cases/retention", { data: { years: 7 } })).status()).toBe(200);

    await signInAs(page, "manager");
    await page.goto("/cases/cremation-log");
    await expect(page.getByTestId("retention-line")).toContainText("kept 7 years");
    await expect(page.getByTestId("retention-line").getByRole("button", { name: "Change" })).toHaveCount(0);
  });
});
