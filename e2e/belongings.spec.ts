import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import QRCode from "qrcode";
import { recordCaseScans } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Personal belongings (docs/cases.md "Belongings") at 390 px: an item recorded with its photo on
 * the case page at intake; the packaged scan with it ticked ("1 of 1 items"); the returned scan
 * refused while it is unticked, then recorded with it ticked; the family page lists it.
 * Screenshots: test-results/shots/belongings-*.png.
 */
mkdirSync("test-results/shots", { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/belongings-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function readAt(page: Page, station: string, number: string, button: "Record" | "Next") {
  await page.goto("/scan");
  await page.evaluate((value) => localStorage.setItem("bfs.scan.station.v1", value), JSON.stringify({ station, chamberId: null }));
  await page.reload();
  await page.getByLabel("Or type the case number or tag serial").fill(number);
  await page.getByRole("button", { name: button, exact: true }).click();
}

test.describe("personal belongings", () => {
  test("recorded with a photo at intake, ticked at packaged, returned refused while unticked and recorded ticked", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "manager");
    const suffix = randomUUID().slice(0, 6);
    const tagSerial = `BL-${suffix}`.toUpperCase();
    const created = await page.request.post("/api/cases", {
      data: { uuid: randomUUID(), petName: `Juniper ${suffix}`, petSpecies: "Dog", petWeightLbs: 40, familyName: "The Okafors", serviceType: "private", returnMethod: "pickup_here", tagSerial },
    });
    expect(created.status()).toBe(201);
    const kase = (await created.json()) as { id: string; number: string; familyLink: { url: string } };
    expect((await page.request.post(`/api/cases/${kase.number}/scans`, { data: { clientUuid: randomUUID(), station: "intake" } })).status()).toBe(201);

    // 1. At intake, on the case page: the collar with its photo.
    await page.goto(`/cases/${kase.number}`);
    await expect(page.getByRole("heading", { name: "Belongings (0)" })).toBeVisible();
    await page.getByLabel("Item", { exact: true }).fill("Red leather collar");
    await page.getByLabel("What happens to it").selectOption("return");
    await page.getByLabel("Photo of the item").setInputFiles({ name: "collar.png", mimeType: "image/png", buffer: await QRCode.toBuffer("Red leather collar", { width: 320 }) });
    await expect(page.getByText("Photo ready.")).toBeVisible();
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByRole("heading", { name: "Belongings (1)" })).toBeVisible();
    const photo = page.getByRole("img", { name: "Photo of Red leather collar" });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("case-belongings")).toContainText("Return with the ashes");
    expect(await noSideScroll(page)).toBe(true);
    await page.getByTestId("case-belongings").scrollIntoViewIfNeeded();
    await shot(page, "case-page-390");

    // Through the chamber to processing (authorization and chamber are other specs' business).
    const chamber = await db.cremationChamber.create({ data: { name: `Belongings ${suffix}` } });
    const manager = await db.memorialCase.findUniqueOrThrow({ where: { id: kase.id }, select: { createdById: true } });
    await recordCaseScans(db, { caseId: kase.id, memberId: manager.createdById, stations: ["cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"], chamberId: chamber.id });

    // 2. Packaged: the collar ticked off.
    await readAt(page, "packaged", kase.number, "Record");
    await expect(page.getByTestId("belongings-count")).toHaveText("0 of 1 items");
    await page.getByLabel("Red leather collar").check();
    await expect(page.getByTestId("belongings-count")).toHaveText("1 of 1 items");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "packaged-check-390");
    await page.getByRole("button", { name: "Record packaged" }).click();
    await expect(page.getByTestId("scan-answer")).toContainText("Recorded");
    expect((await page.request.post(`/api/cases/${kase.number}/scans`, { data: { clientUuid: randomUUID(), station: "ready" } })).status()).toBe(201);

    // 3. Returned with the collar unticked: refused in one sentence.
    await readAt(page, "returned", kase.number, "Next");
    await expect(page.getByTestId("belongings-count")).toHaveText("0 of 1 items");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Received by").fill("Chidi Okafor");
    await page.getByLabel("Tag serial on the tag").fill(tagSerial);
    await page.getByRole("button", { name: "Record return" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Refused" })).toContainText("1 of 1 belongings to return is not checked off; find it before going on.");
    await shot(page, "returned-refused-390");
    expect(await db.memorialCase.findUniqueOrThrow({ where: { id: kase.id }, select: { currentStation: true } })).toEqual({ currentStation: "ready" });

    // 4. Ticked: recorded.
    await page.getByRole("button", { name: "Scan next" }).click();
    await page.getByLabel("Or type the case number or tag serial").fill(kase.number);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Red leather collar").check();
    await expect(page.getByTestId("belongings-count")).toHaveText("1 of 1 items");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Received by").fill("Chidi Okafor");
    await page.getByLabel("Tag serial on the tag").fill(tagSerial);
    await page.getByRole("button", { name: "Record return" }).click();
    await expect(page.getByTestId("scan-answer")).toContainText("Recorded");
    await shot(page, "returned-recorded-390");
    const item = await db.caseBelonging.findFirstOrThrow({ where: { caseId: kase.id } });
    expect(item.packagedAt).not.toBeNull();
    expect(item.returnedAt).not.toBeNull();

    // 5. The family page lists it, returned.
    await page.goto(new URL(kase.familyLink.url).pathname);
    await expect(page.getByTestId("family-belongings")).toContainText("Red leather collar");
    await expect(page.getByTestId("family-belongings")).toContainText("Comes home with the ashes · returned to you");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, "family-390");
  });
});
