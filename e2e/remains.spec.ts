import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import QRCode from "qrcode";
import { recordCaseScans } from "../prisma/factories";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

/**
 * The remains' weight and the family's papers (docs/cases.md "The remains' weight", "Return
 * receipt") at 390 px: a manager weighs a private case's remains at processing, out of range, and
 * confirms it with a reason; the board flags the case; after the return, the family's page lists
 * the signed authorization and the return receipt, and both download as PDFs.
 * Screenshots: test-results/shots/remains-*.png.
 */
mkdirSync("test-results/shots", { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/remains-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signedOut(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, baseURL: E2E_BASE_URL });
  return { context, page: await context.newPage() };
}

test.describe("the remains' weight and the papers", () => {
  test("weighed out of range and confirmed by a manager; the family's page offers the authorization and the return receipt", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "manager");
    const suffix = randomUUID().slice(0, 6);
    const petName = `Maple ${suffix}`;
    const tagSerial = `RW-${suffix}`.toUpperCase();
    const created = await page.request.post("/api/cases", {
      data: { uuid: randomUUID(), petName, petSpecies: "Dog", petWeightLbs: 50, familyName: "The Lindqvists", serviceType: "private", returnMethod: "pickup_here", tagSerial },
    });
    expect(created.status()).toBe(201);
    const kase = (await created.json()) as { id: string; number: string; familyLink: { url: string } };
    const familyPath = new URL(kase.familyLink.url).pathname;
    const token = familyPath.split("/c/")[1];

    // A collar to come home, then the family signs from its link (a real stored PDF).
    const collar = await page.request.post(`/api/cases/${kase.number}/belongings`, { multipart: { description: "Green collar", disposition: "return" } });
    expect(collar.status()).toBe(201);
    const collarId = ((await collar.json()) as { items: Array<{ id: string }> }).items[0].id;
    const signature = `data:image/png;base64,${(await QRCode.toBuffer("Ingrid Lindqvist", { width: 120 })).toString("base64")}`;
    const signed = await page.request.post(`/api/family/${token}/authorization`, {
      data: { authorizingName: "Ingrid Lindqvist", relationship: "Owner", rightToDecide: true, implants: "none", belongings: "return", signature },
    });
    expect(signed.status()).toBe(201);

    // Through the chamber (the signed authorization lets it in).
    const chamber = await db.cremationChamber.create({ data: { name: `Remains ${suffix}` } });
    const staff = await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" } });
    await recordCaseScans(db, { caseId: kase.id, memberId: staff.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"], chamberId: chamber.id });

    // 1. Processing: 0.4 lbs of a 50 lb dog (0.8%) is refused; the manager confirms it with a reason.
    await page.goto("/scan");
    await page.evaluate(() => localStorage.setItem("bfs.scan.station.v1", JSON.stringify({ station: "processing", chamberId: null })));
    await page.reload();
    await page.getByLabel("Or type the case number or tag serial").fill(kase.number);
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await page.getByLabel("Weight of the remains (lbs)").fill("0.4");
    await shot(page, "weigh-390");
    await page.getByRole("button", { name: "Record processing" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "Refused" });
    await expect(refused).toContainText("0.4 lbs of remains is 0.8% of the intake weight (50 lbs); 2–10% is expected for a dog.");
    await page.getByRole("button", { name: "Confirm the weight with a reason" }).click();
    await page.getByLabel("Why is this weight right?").fill("Elderly dog with thin bones; weighed twice on the calibrated scale");
    await expect(page.getByRole("button", { name: "Confirm and record" })).toBeInViewport();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "confirm-390");
    await page.getByRole("button", { name: "Confirm and record" }).click();
    const answer = page.getByTestId("scan-answer");
    await expect(answer).toContainText("Recorded");
    await expect(answer).toContainText("Recorded with a supervisor's confirmation.");
    await expect(page.getByTestId("scan-weight")).toContainText("0.4 lbs: 0.8% of the intake weight, outside the expected 2–10%");
    await shot(page, "confirmed-390");
    const row = await db.memorialCase.findUniqueOrThrow({ where: { id: kase.id } });
    expect(Number(row.remainsWeightLbs)).toBe(0.4);
    const confirmation = await db.caseEvent.findFirstOrThrow({ where: { caseId: kase.id, kind: "override" } });
    expect(confirmation.details).toMatchObject({ refused: "REMAINS_WEIGHT_OUT_OF_RANGE", reason: "Elderly dog with thin bones; weighed twice on the calibrated scale" });

    // 2. The board shows it (after a reload, from the server).
    await page.goto("/cases");
    const card = page.getByRole("link", { name: new RegExp(petName) });
    await expect(card.getByTestId("board-weight-confirmed")).toContainText("Weight confirmed outside range (0.8%, expected 2–10%)");
    await card.scrollIntoViewIfNeeded();
    await shot(page, "board-390");

    // 3. Packaged, ready, returned with the collar ticked (the scan screen's own journey is the belongings spec's).
    for (const body of [
      { station: "packaged", belongingsChecked: [collarId] },
      { station: "ready" },
      { station: "returned", receiverName: "Ingrid Lindqvist", tagSerial, belongingsChecked: [collarId], signature },
    ]) {
      expect((await page.request.post(`/api/cases/${kase.number}/scans`, { data: { clientUuid: randomUUID(), ...body } })).status()).toBe(201);
    }

    // 4. The family's page at 390 px, signed out: the signed authorization and the return receipt.
    const { context, page: family } = await signedOut(browser, 390);
    try {
      await family.goto(familyPath);
      await expect(family.getByRole("heading", { name: petName, exact: true })).toBeVisible();
      const authLink = family.getByRole("link", { name: "Signed authorization (PDF)" });
      const receiptLink = family.getByRole("link", { name: "Return receipt (PDF)" });
      await expect(authLink).toBeVisible();
      await expect(receiptLink).toBeVisible();
      await expect(family.getByRole("link", { name: "Certificate of cremation (PDF)" })).toBeVisible();
      expect(await noSideScroll(family)).toBe(true);
      await family.getByRole("heading", { name: "Documents" }).scrollIntoViewIfNeeded();
      await shot(family, "family-documents-390");
      for (const link of [authLink, receiptLink]) {
        const href = await link.getAttribute("href");
        const res = await family.request.get(href!);
        expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
        expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
      }
    } finally {
      await context.close();
    }
  });
});
