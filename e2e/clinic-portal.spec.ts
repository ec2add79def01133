import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { businessToday } from "@/lib/dates";
import { createUser, DEFAULT_TEST_PASSWORD, recordCaseScans } from "../prisma/factories";
import { DEMO_CLINIC_LOGIN, DEMO_PASSWORD } from "../prisma/seed";
import { E2E_BASE_URL } from "./support/database";
import { expect, signInRequest, test } from "./support/fixtures";

/**
 * A clinic's front desk on a phone (docs/clinics.md "The portal"): requests a pickup, prints the
 * pet's tag there (the label PDF, read back), sees the request "Collected" once the driver has
 * scanned the pet at the door (the dispatcher's run and the driver's pickup go through the API),
 * follows the case in the family page's words, and downloads the certificate once the cremation
 * is recorded. Screenshots: test-results/shots/clinic-portal-*.png; the PDFs beside them.
 */
const OUT = "test-results/shots";
const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/clinic-portal-${name}.png`, fullPage: true });
const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
// A 1 × 1 PNG stands for the drawn signature of who handed the pet over.
const SIGNATURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(OUT, `clinic-portal-${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-singlefile", file, file.replace(/\.pdf$/, "")]);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

test("a clinic requests a pickup on a phone, prints the tag, sees it collected, follows the case and downloads the certificate", async ({ page, db, signInAs, playwright }) => {
  test.setTimeout(180_000);
  mkdirSync(OUT, { recursive: true });
  const pet = `Biscuit ${randomUUID().slice(0, 6)}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, { email: DEMO_CLINIC_LOGIN.email, password: DEMO_PASSWORD }, "/clinic");
  await expect(page.getByRole("heading", { name: "Request a pickup" })).toBeVisible();

  // The request, as the front desk types it.
  await page.getByLabel("Pet name").fill(pet);
  await page.getByLabel("Species").fill("Dog");
  await page.getByLabel("Weight (lb)").fill("32");
  await page.getByLabel("Owner name").fill("The Okafors");
  await page.getByLabel("Owner phone or e-mail").fill("555-0142");
  await page.getByLabel("Service, if the owner has chosen").selectOption("private");
  await page.getByLabel("Note for the driver").fill("In the cooler, left shelf");
  await shot(page, "request-390");
  await page.getByRole("button", { name: "Request pickup" }).click();
  await expect(page.getByText(new RegExp(`Pickup P-\\d{4}-\\d+ requested for ${pet}\\.`))).toBeVisible();
  const request = await db.pickupRequest.findFirstOrThrow({ where: { petName: pet } });
  expect(request).toMatchObject({ status: "open", origin: "clinic", serviceType: "private", note: "In the cooler, left shelf" });
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, "requested-390");

  // The tag, printed right there: the label names the pet and carries its number.
  const labelHref = await page.getByRole("link", { name: "Print the tag" }).first().getAttribute("href");
  expect(labelHref).toBe(`/api/clinic/pickup-requests/${request.number}/label`);
  const label = await page.request.get(labelHref!);
  expect(label.status()).toBe(200);
  expect(label.headers()["content-type"]).toContain("application/pdf");
  const labelText = pdfText(await label.body(), "label");
  expect(labelText).toContain(pet);
  expect(labelText).toContain(request.number);

  // The dispatcher puts the request on today's run; the driver scans the pet at the clinic's door.
  const dispatcher = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await signInRequest(dispatcher, "manager");
  const driver = await createUser(db, { email: `clinic-driver-${randomUUID().slice(0, 8)}@example.test`, firstName: "Dan", lastName: "Reyes", role: "staff" });
  const built = await dispatcher.post("/api/runs", { data: { uuid: randomUUID(), runDate: businessToday(), driverId: driver.id, vehicle: "Van 2", requestIds: [request.id] } });
  expect(built.status()).toBe(201);
  const run = (await built.json()) as { id: string };
  await dispatcher.dispose();
  const van = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await signInRequest(van, { email: driver.email, password: DEFAULT_TEST_PASSWORD });
  const picked = await van.post(`/api/runs/${run.id}/pickups`, { data: { requestId: request.id, tag: request.number, releasedBy: "Dr. Ada Vance", signature: SIGNATURE } });
  expect(picked.status()).toBe(201);
  const { caseNumber } = (await picked.json()) as { caseNumber: string };
  await van.dispose();

  // The clinic sees it collected, and the case in the family page's words.
  await page.reload();
  const tabs = page.getByRole("navigation", { name: "Portal sections" }).getByRole("button");
  await tabs.filter({ hasText: "Pickups" }).click();
  const pickup = page.getByRole("list", { name: "Pickups" }).getByRole("listitem").filter({ hasText: pet });
  await expect(pickup).toContainText("Collected");
  await expect(pickup).toContainText(`Case ${caseNumber}`);
  await shot(page, "collected-390");
  await tabs.filter({ hasText: "Cases" }).click();
  const kase = page.getByRole("list", { name: "Cases" }).getByRole("listitem").filter({ hasText: pet });
  await expect(kase).toContainText("Collected by our driver");
  await expect(kase.getByRole("link", { name: "Download certificate" })).toHaveCount(0);

  // The cremation is recorded at the facility (intake to processing, the remains weighed).
  const stored = await db.memorialCase.findUniqueOrThrow({ where: { number: caseNumber }, select: { id: true, events: { select: { serverTime: true } } } });
  expect(stored.events).toHaveLength(1);
  const collectedAt = stored.events[0]!.serverTime.getTime();
  const stations = ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"] as const;
  const times = stations.map((_, i) => new Date(collectedAt + (i + 1) * 100));
  await expect.poll(() => Date.now()).toBeGreaterThan(times.at(-1)!.getTime());
  const staff = await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" } });
  const chamber = await db.cremationChamber.create({ data: { name: `Clinic E2E ${randomUUID().slice(0, 8)}` } });
  await recordCaseScans(db, { caseId: stored.id, memberId: staff.id, stations: [...stations], chamberId: chamber.id, times });

  await page.reload();
  await tabs.filter({ hasText: "Cases" }).click();
  await expect(kase).toContainText("Ashes prepared");
  const certificate = kase.getByRole("link", { name: "Download certificate" });
  await expect(certificate).toBeVisible();
  await shot(page, "certificate-390");
  const file = await page.request.get((await certificate.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/pdf");
  const certificateText = pdfText(await file.body(), "certificate");
  expect(certificateText).toContain(pet);
  expect(certificateText).toContain(caseNumber);

  // The same screens at 360 px.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, "cases-360");
  await tabs.filter({ hasText: "Request a pickup" }).click();
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, "request-360");
});
