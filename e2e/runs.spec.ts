import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { dateColumnOf, dateKeyOf } from "../lib/dates";
import { OFFLINE_MESSAGES } from "../lib/offline/rules";
import type { PrismaClient } from "../lib/generated/prisma/client";
import { createUser, createVendor } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Pickup runs (docs/runs.md). At 1366 px the dispatcher builds a run from the open
 * requests (by area and urgency) and sees its stops ordered from the facility. At 390 px the driver
 * runs a two-stop run: the first pet picked up online, the second without a signal (kept on the
 * phone, "Saved on this phone"), the run read from the phone's copy after a reload offline, and
 * both pickups stored once the signal returns, each the first link of its case's custody chain.
 * Screenshots: test-results/shots/runs-*.png.
 */
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/runs-${name}.png`, fullPage: true });
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

let seq = 0;
async function aRequest(db: PrismaClient, createdById: string, opts: { clinicId?: string; petName: string; address: string; postcode: string; lng: number; urgency?: "urgent" | "routine" }) {
  seq += 1;
  const n = 700_000 + Math.floor(Math.random() * 200_000) + seq;
  return db.pickupRequest.create({
    data: {
      number: `P-2031-${n}`,
      year: 2031,
      seq: n,
      uuid: randomUUID(),
      origin: opts.clinicId ? "clinic" : "home",
      clinicVendorId: opts.clinicId ?? null,
      urgency: opts.urgency ?? "routine",
      petName: opts.petName,
      petSpecies: "Dog",
      petWeightLbs: 42,
      ownerName: "Rivera Family",
      serviceType: "private",
      note: "In the cooler, left shelf",
      address: opts.address,
      postcode: opts.postcode,
      latitude: 45.5,
      longitude: opts.lng,
      createdById,
    },
  });
}

async function signOn(page: Page) {
  const pad = page.getByTestId("signature-pad");
  // Centred, not at the screen's edge: there the last pickup's toast can still cover the pad.
  await pad.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 60);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 30], [140, 90], [200, 40], [260, 100]]) await page.mouse.move(box.x + dx!, box.y + dy!, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByText("Signed.", { exact: true })).toBeVisible();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe("pickup runs", () => {
  test("the dispatcher builds a run at 1366 px: open requests by area, stops ordered from the facility", async ({ page, db, signInAs }) => {
    const t = tag();
    const manager = await createUser(db, { email: `dispatch-${t}@example.test`, firstName: "Mia", lastName: "Cole", role: "manager" });
    const driver = await createUser(db, { email: `driver-a-${t}@example.test`, firstName: "Dan", lastName: `Reyes${t.slice(0, 3)}`, role: "staff" });
    await db.pickupRunSettings.upsert({ where: { id: 1 }, create: { id: 1, latitude: 45.5, longitude: -122.7, postcode: "97201" }, update: { latitude: 45.5, longitude: -122.7, postcode: "97201" } });
    const clinic = await createVendor(db, { name: `Oak Vet ${t}`, kind: "clinic", address: "20 Oak St", postcode: "97219", latitude: 45.5, longitude: -122.5 });
    const far = await aRequest(db, manager.id, { clinicId: clinic.id, petName: `Rex ${t}`, address: "20 Oak St", postcode: "97219", lng: -122.5 });
    const near = await aRequest(db, manager.id, { petName: `Luna ${t}`, address: "5 Elm Ave", postcode: "97205", lng: -122.65, urgency: "urgent" });

    await signInAs(page, { email: manager.email }, "/runs");
    await expect(page.getByRole("heading", { name: "Pickup runs" })).toBeVisible();
    const open = page.getByTestId("open-requests");
    await expect(open).toContainText(`Rex ${t}`);
    await expect(open).toContainText(`Luna ${t}`);
    await expect(open.getByRole("heading", { name: /Area 972/ })).toBeVisible();
    await expect(page.getByTestId("facility")).toContainText("45.5, -122.7");
    await page.getByLabel("Urgency").selectOption("urgent");
    await expect(open).not.toContainText(`Rex ${t}`);
    await page.getByLabel("Urgency").selectOption("");
    await page.getByRole("checkbox", { name: new RegExp(`Rex ${t}`) }).check();
    await page.getByRole("checkbox", { name: new RegExp(`Luna ${t}`) }).check();
    await page.getByLabel("Driver").selectOption(driver.id);
    await page.getByLabel("Vehicle").fill(`Van ${t}`);
    await page.getByRole("button", { name: "Build run with 2 selected" }).click();
    await expect(page.getByText("Run built", { exact: true })).toBeVisible();
    const card = page.getByTestId("run-card").filter({ hasText: `Van ${t}` });
    await expect(card).toContainText("2 stops · 2 pets · 0 picked up");
    await expect(card.getByTestId("run-stops")).toBeVisible();
    // Nearest first from the facility: the home at -122.65, then the clinic at -122.5.
    const stops = card.getByTestId("run-stops").locator("> li");
    await expect(stops.nth(0)).toContainText("1. Home of Rivera Family");
    await expect(stops.nth(1)).toContainText(`2. Oak Vet ${t}`);
    await expect(open).not.toContainText(`Rex ${t}`);
    await shot(page, "dispatch-1366");

    // Stored: after a reload the run is there, its requests assigned.
    await page.reload();
    await expect(page.getByTestId("run-card").filter({ hasText: `Van ${t}` })).toContainText("2 stops · 2 pets");
    expect((await db.pickupRequest.findUniqueOrThrow({ where: { id: far.id } })).status).toBe("assigned");
    expect((await db.pickupRequest.findUniqueOrThrow({ where: { id: near.id } })).status).toBe("assigned");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "dispatch-390");
  });

  test.describe("the driver's phone", () => {
    test.use({ viewport: PHONE });

    test("a two-stop run: the first pet online, the second offline, both stored once back online", async ({ page, context, db, signInAs }) => {
      const t = tag();
      const manager = await createUser(db, { email: `dispatch-b-${t}@example.test`, role: "manager" });
      const driver = await createUser(db, { email: `driver-b-${t}@example.test`, firstName: "Dan", lastName: "Reyes", role: "staff" });
      const clinic = await createVendor(db, { name: `Elm Vet ${t}`, kind: "clinic", address: "1 Elm St", postcode: "97201", latitude: 45.5, longitude: -122.6 });
      const first = await aRequest(db, manager.id, { clinicId: clinic.id, petName: "Bella", address: "1 Elm St", postcode: "97201", lng: -122.6 });
      const second = await aRequest(db, manager.id, { petName: "Milo", address: "9 Birch Rd", postcode: "97202", lng: -122.55 });
      const run = await db.pickupRun.create({ data: { uuid: randomUUID(), runDate: dateColumnOf(dateKeyOf(new Date())), driverId: driver.id, vehicle: `Van ${t}`, createdById: manager.id } });
      for (const [i, r] of [first, second].entries()) {
        const stop = await db.pickupRunStop.create({
          data: { runId: run.id, position: i + 1, placeKey: r.clinicVendorId ? `clinic:${r.clinicVendorId}` : `home:${r.address}`, clinicVendorId: r.clinicVendorId, address: r.address, postcode: r.postcode, latitude: r.latitude, longitude: r.longitude },
        });
        await db.pickupRunItem.create({ data: { runId: run.id, stopId: stop.id, pickupRequestId: r.id, addedById: manager.id, addedAt: new Date() } });
        await db.pickupRequest.update({ where: { id: r.id }, data: { status: "assigned" } });
      }

      await signInAs(page, { email: driver.email }, "/runs/today");
      await expect(page.getByRole("heading", { name: "My run today" })).toBeVisible();
      const stops = page.getByTestId("stop");
      await expect(stops).toHaveCount(2);
      await expect(stops.nth(0)).toContainText(`1. Elm Vet ${t}`);
      await expect(stops.nth(1)).toContainText("2. Home of Rivera Family");
      await expect(stops.nth(0).getByRole("link", { name: /Open .* in maps/ })).toHaveAttribute("href", /^geo:45\.5,-122\.6\?q=/);
      await expect(page.getByTestId("run-summary")).toContainText("0 of 2 pets picked up");
      await shot(page, "today-390");
      await page.setViewportSize({ width: 360, height: 780 });
      await shot(page, "today-360");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.setViewportSize(PHONE);

      // The page is kept by the worker for a reload without a signal (as /schedule/me).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(new URL("/runs/today", location.origin).href))), { timeout: 15_000 }).toBe(true);

      // Stop 1, online: the tag typed off the label, who handed it over and their signature.
      await page.getByRole("button", { name: "Pick up Bella" }).click();
      const form = page.getByRole("form", { name: "Pick up Bella" });
      await form.getByLabel("Tag on the pet").fill(first.number);
      await form.getByLabel("Handed over by").fill("Dr. Ada Vance");
      await signOn(page);
      await shot(page, "pickup-form-390");
      await form.getByRole("button", { name: "Record pickup" }).click();
      await expect(page.getByText("Bella picked up", { exact: true })).toBeVisible();
      await expect(stops.nth(0).getByTestId("picked-up")).toContainText(/Picked up ✓ C-\d{4}-\d{5,}/);

      // Stop 2, without a signal: kept on the phone.
      await goOffline(context, page);
      await page.getByRole("button", { name: "Pick up Milo" }).click();
      const form2 = page.getByRole("form", { name: "Pick up Milo" });
      await form2.getByLabel("Handed over by").fill("Sam Rivera");
      await signOn(page);
      await form2.getByRole("button", { name: "Record pickup" }).click();
      await expect(stops.nth(1).getByTestId("pickup-waiting")).toHaveText(OFFLINE_MESSAGES.savedOnPhone);
      const queued = await page.evaluate(() => JSON.parse(localStorage.getItem("bfs.offlineQueue.v1") ?? "{}"));
      expect(queued.entries).toHaveLength(1);
      expect(queued.entries[0]).toMatchObject({ kind: "run-pickup", target: run.id, payload: { requestId: second.id, releasedBy: "Sam Rivera" } });
      expect(await db.memorialCase.count({ where: { uuid: second.id } })).toBe(0);
      await shot(page, "offline-saved-390");

      // A reload without a signal: the run from the phone's copy, the waiting pickup still shown.
      await page.reload();
      await expect(page.getByTestId("kept-run")).toContainText(/Saved \d{1,2}:\d{2} [AP]M; you're offline/);
      await expect(page.getByTestId("stop").nth(1).getByTestId("pickup-waiting")).toBeVisible();
      await shot(page, "offline-reloaded-390");
      // The header's punch button says "Error loading" offline, wider than "Punch In": still no overflow.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Back online: the queue sends the pickup once; the run reads both pets picked up.
      await context.setOffline(false);
      await expect(page.getByTestId("stop").nth(1).getByTestId("picked-up")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("run-summary")).toContainText("2 of 2 pets picked up");
      await shot(page, "back-online-390");
      const cases = await db.memorialCase.findMany({ where: { uuid: { in: [first.id, second.id] } }, include: { events: true } });
      expect(cases).toHaveLength(2);
      for (const c of cases) {
        expect(c.events).toHaveLength(1);
        expect(c.events[0]).toMatchObject({ seq: 1, station: "picked_up", prevHash: "0".repeat(64) });
      }
      const offlineOne = cases.find((c) => c.uuid === second.id)!;
      expect(offlineOne.events[0]).toMatchObject({ offline: true, clientUuid: queued.entries[0].id });
      expect(offlineOne.events[0].deviceTime.toISOString()).toBe(queued.entries[0].deviceTime);
      expect(await db.offlineWrite.count({ where: { userId: driver.id, kind: "run-pickup" } })).toBe(1);
    });
  });
});
