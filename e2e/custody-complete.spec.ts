import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

/**
 * The cremation authorization (docs/cases.md "Cremation authorization") at 390 px: the chamber
 * refuses the pet before the family signs; the family signs on its phone from its link (typed
 * name, statements, a drawn signature); the signed PDF is read back (pdftoppm); the chamber takes
 * the pet after; the case page shows the signed version. Screenshots and the PDF's page image:
 * test-results/shots/custody-complete-*.png and test-results/custody-complete/.
 */
const OUT = path.resolve("test-results/custody-complete");
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/custody-complete-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function recordAt(page: Page, station: string, chamberId: string | null, number: string) {
  await page.goto("/scan");
  await page.evaluate((value) => localStorage.setItem("bfs.scan.station.v1", value), JSON.stringify({ station, chamberId }));
  await page.reload();
  await page.getByLabel("Or type the case number or tag serial").fill(number);
  await page.getByRole("button", { name: "Record" }).click();
}

/** Draws a signature with the mouse on the pad (pointer events, like a finger). */
async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))), { steps: 2 });
  await page.mouse.up();
}

test.describe("custody complete: the cremation authorization", () => {
  test("chamber in is refused before the family signs from its link on a phone, and recorded after", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(180_000);
    mkdirSync(OUT, { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "manager");
    const suffix = randomUUID().slice(0, 6);
    const petName = `Clementine ${suffix}`;
    const created = await page.request.post("/api/cases", {
      data: { uuid: randomUUID(), petName, petSpecies: "Cat", petBreed: "Maine Coon", petWeightLbs: 14, familyName: "The Alvarezes", serviceType: "private", pawPrint: true, returnMethod: "pickup_here", tagSerial: `CC-${suffix}` },
    });
    expect(created.status()).toBe(201);
    const kase = (await created.json()) as { id: string; number: string; familyLink: { url: string } };
    for (const station of ["intake", "cooler_in", "cooler_out"]) {
      expect((await page.request.post(`/api/cases/${kase.number}/scans`, { data: { clientUuid: randomUUID(), station } })).status()).toBe(201);
    }
    const chamber = await db.cremationChamber.create({ data: { name: `Retort ${suffix}` } });

    // 1. Before signing: the chamber refuses, in one sentence.
    await recordAt(page, "chamber_in", chamber.id, kase.number);
    await expect(page.getByRole("alert").filter({ hasText: "Refused" })).toContainText("No signed cremation authorization: the family must sign it before the pet enters a chamber.");
    await expect(page.getByRole("button", { name: "Override with a reason" })).toHaveCount(0);
    await shot(page, "chamber-refused-390");

    // 2. The family signs on its phone, signed out, from the link.
    const family = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: E2E_BASE_URL });
    const phone = await family.newPage();
    await phone.goto(new URL(kase.familyLink.url).pathname);
    const form = phone.getByRole("form", { name: "Cremation authorization" });
    await expect(form).toContainText("Your pet is cremated alone in the chamber. Only your pet's ashes are returned to you.");
    await expect(form).toContainText("Clay paw print");
    // Sending without the statements says what is missing.
    await form.getByRole("button", { name: "Sign the authorization" }).click();
    await expect(form.getByRole("alert")).toContainText("Enter your full name");
    await form.getByLabel("Your full name").fill("Marisol Alvarez");
    await form.getByLabel("Your relationship to the pet").fill("Owner");
    await form.getByLabel(/I am the owner of this pet/).check();
    await form.getByLabel(/has no pacemaker/).check();
    await form.getByLabel(/Return my pet's belongings/).check();
    await drawSignature(phone);
    expect(await noSideScroll(phone)).toBe(true);
    await shot(phone, "family-form-390");
    expect(await seriousViolations(phone)).toEqual([]);
    await form.getByRole("button", { name: "Sign the authorization" }).click();
    await expect(phone.getByTestId("authorization-signed")).toContainText("Signed by Marisol Alvarez (Owner)");
    await expect(phone.getByRole("link", { name: "Signed authorization (PDF)" })).toBeVisible();
    await shot(phone, "family-signed-390");

    // The signed PDF, read back: its text, and its first page as an image to look at.
    const pdf = await phone.request.get(new URL(kase.familyLink.url).pathname.replace("/c/", "/api/family/") + "/authorization/pdf");
    expect(pdf.status()).toBe(200);
    const file = path.join(OUT, "authorization.pdf");
    writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const words of ["Cremation Authorization", "Marisol Alvarez", petName, "Private cremation", "Remotely, from the family's link"]) expect(text).toContain(words);
    execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", file, path.join(OUT, "authorization")]);
    expect(readdirSync(OUT).some((f) => f.startsWith("authorization") && f.endsWith(".png"))).toBe(true);
    const stored = await db.caseAuthorization.findFirstOrThrow({ where: { caseId: kase.id } });
    expect(stored).toMatchObject({ signedVia: "family_link", authorizingName: "Marisol Alvarez", implants: "none", belongings: "return", voidedAt: null });
    expect(stored.signedIp).toBeTruthy();
    await family.close();

    // 3. After signing: the chamber takes the pet.
    await recordAt(page, "chamber_in", chamber.id, kase.number);
    await expect(page.getByTestId("scan-answer")).toContainText("Recorded");
    await shot(page, "chamber-recorded-390");

    // 4. The case page: signed, the version's PDF, and the custody event.
    await page.goto(`/cases/${kase.number}`);
    await expect(page.getByTestId("case-authorization-status")).toContainText("Signed by Marisol Alvarez (Owner) from the family's link");
    await expect(page.getByText("Authorization signed")).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "case-page-390");
  });

  test("signed at the counter on the staff member's screen", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "manager");
    const suffix = randomUUID().slice(0, 6);
    const created = await page.request.post("/api/cases", {
      data: { uuid: randomUUID(), petName: `Pip ${suffix}`, petSpecies: "Rabbit", familyName: "The Chens", serviceType: "communal", tagSerial: `CP-${suffix}` },
    });
    const kase = (await created.json()) as { id: string; number: string };
    await page.goto(`/cases/${kase.number}`);
    await expect(page.getByTestId("case-authorization-status")).toContainText("Not signed");
    await page.getByRole("button", { name: "Sign at the counter" }).click();
    const form = page.getByRole("form", { name: "Cremation authorization" });
    await expect(form).toContainText("No ashes are returned");
    await form.getByLabel("Your full name").fill("Wei Chen");
    await form.getByLabel("Your relationship to the pet").fill("Owner");
    await form.getByLabel(/I am the owner of this pet/).check();
    await form.getByLabel(/has been removed/).check();
    await form.getByLabel(/no personal belongings/).check();
    await drawSignature(page);
    await shot(page, "counter-form-390");
    await form.getByRole("button", { name: "Sign at the counter" }).click();
    await expect(page.getByTestId("case-authorization-status")).toContainText("Signed by Wei Chen (Owner) at the counter");
    await shot(page, "counter-signed-390");
    expect(await db.caseAuthorization.count({ where: { caseId: kase.id, signedVia: "counter" } })).toBe(1);
  });

  test("a clinic case: staff record the clinic's authorization on the owner's behalf", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "manager");
    const suffix = randomUUID().slice(0, 6);
    const clinic = await db.vendor.create({ data: { name: `Maple Vet ${suffix}` } });
    const created = await page.request.post("/api/cases", {
      data: { uuid: randomUUID(), petName: `Mochi ${suffix}`, petSpecies: "Cat", familyName: "The Satos", serviceType: "private", clinicVendorId: clinic.id, returnMethod: "clinic_pickup", tagSerial: `CL-${suffix}` },
    });
    expect(created.status()).toBe(201);
    const kase = (await created.json()) as { id: string; number: string };
    await page.goto(`/cases/${kase.number}`);
    await page.getByRole("button", { name: "Record the clinic's authorization" }).click();
    const form = page.getByRole("form", { name: "Cremation authorization" });
    await expect(form).toContainText(`Maple Vet ${suffix} authorizes this cremation on the owner's behalf.`);
    await form.getByLabel(`Name of the person at Maple Vet ${suffix} who authorizes`).fill("Dr. Priya Shah");
    await form.getByLabel("Your relationship to the pet").fill("Attending veterinarian");
    await form.getByLabel("The clinic's reference (optional)").fill("CF-2231");
    await form.getByLabel(/I am the owner of this pet/).check();
    await form.getByLabel(/no pacemaker/).check();
    await form.getByLabel(/no personal belongings/).check();
    await drawSignature(page);
    await shot(page, "clinic-form-390");
    await form.getByRole("button", { name: "Record the clinic's authorization" }).click();
    await expect(page.getByTestId("case-authorization-on-behalf")).toContainText(`Authorized by Maple Vet ${suffix} on the owner's behalf (their reference CF-2231).`);
    await expect(page.getByTestId("custody-event").filter({ hasText: "Authorization signed" })).toContainText(`Authorized by Maple Vet ${suffix} on the owner's behalf`);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "clinic-signed-390");
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, "clinic-signed-1366");
    expect(await db.caseAuthorization.count({ where: { caseId: kase.id, signedVia: "clinic", clinicVendorId: clinic.id } })).toBe(1);
  });
});
