import type { BrowserContext, Page } from "@playwright/test";
import { OFFLINE_MESSAGES } from "../lib/offline/rules";
import { createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Punching without a signal on a phone (390 px): the punch is kept on the device with the phone's
 * time, survives a reload made offline (the service worker serves the screen), and is sent once
 * when the connection returns: exactly one punch on the server, at the device's time, flagged.
 * Screenshots land in test-results/shots/offline-*.png.
 */
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/offline-${name}.png`, fullPage: true });

/** Waits until the service worker controls the page and keeps the screen for offline use. */
async function waitForOfflineShell(page: Page, path = "/mobile-punch") {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The first visit loaded before the worker existed: a reload goes through it and fills its caches.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(() => page.evaluate(async (shell) => Boolean(await caches.match(new URL(shell, location.origin).href)), path), { timeout: 15_000 })
    .toBe(true);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** On /mobile-punch, signed in and punched out: keeps the screen for offline use, drops the signal, punches in. */
async function punchInWithoutSignal(context: BrowserContext, page: Page) {
  const state = page.getByTestId("punch-state");
  await expect(state).toHaveAttribute("data-state", "out");
  await waitForOfflineShell(page);
  await goOffline(context, page);
  await state.getByRole("button", { name: "Punch In" }).click();
  await expect(state).toHaveAttribute("data-state", "in");
  return state;
}

test.describe("offline punches", () => {
  test.use({ viewport: PHONE });

  test("/mobile-punch: punch in offline, reload offline, back online: one punch at the device's time, flagged", async ({ page, context, db, signInAs }) => {
    const user = await createUser(db, { email: `offline-${Date.now().toString(36)}@example.test`, firstName: "Noor", lastName: "Haddad", role: "staff" });
    await signInAs(page, { email: user.email }, "/mobile-punch");
    await punchInWithoutSignal(context, page);
    const saved = page.getByTestId("offline-queue-status");
    await expect(saved).toContainText(OFFLINE_MESSAGES.savedOnPhone);
    const queued = await page.evaluate(() => JSON.parse(localStorage.getItem("bfs.offlineQueue.v1") ?? "{}"));
    expect(queued.entries).toHaveLength(1);
    const deviceTime: string = queued.entries[0].deviceTime;
    expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(0);
    await shot(page, "saved-on-phone");

    // A reload without a signal: the service worker serves the screen, the queue still shows.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Mobile Punch" })).toBeVisible();
    await expect(page.getByTestId("offline-queue-status")).toContainText(OFFLINE_MESSAGES.savedOnPhone);
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "in");
    await shot(page, "reloaded-offline");
    expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(0);

    await context.setOffline(false);
    await expect(page.getByTestId("offline-queue-status")).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText("Offline punches sent", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "in");
    await shot(page, "sent");

    const punches = await db.punchSession.findMany({ where: { userId: user.id } });
    expect(punches).toHaveLength(1);
    expect(punches[0]!.punchInAt.toISOString()).toBe(deviceTime);
    expect(punches[0]!.inDeviceTime?.toISOString()).toBe(deviceTime);
    expect(punches[0]!.recordedOfflineAt).not.toBeNull();
    expect(punches[0]).toMatchObject({ inSource: "mobile", inLocation: "mobile", punchOutAt: null });
    expect(await page.evaluate(() => localStorage.getItem("bfs.offlineQueue.v1"))).toBeNull();

    // Another reload online sends nothing twice.
    await page.reload();
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "in");
    expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(1);
  });

  test("punch out offline with a reason: sent when online, the punch closes at the device's time", async ({ page, context, db, signInAs }) => {
    const user = await createUser(db, { email: `offline-out-${Date.now().toString(36)}@example.test`, firstName: "Ravi", lastName: "Shah", role: "staff" });
    await db.punchSession.create({ data: { userId: user.id, punchInAt: new Date(Date.now() - 3 * 3_600_000), inLocation: "mobile", inSource: "mobile" } });
    await signInAs(page, { email: user.email }, "/mobile-punch");
    const state = page.getByTestId("punch-state");
    await expect(state).toHaveAttribute("data-state", "in");
    // The reason dialog is never opened online: the page fetches its code ahead once the worker is active.
    await waitForOfflineShell(page);

    await goOffline(context, page);
    await state.getByRole("button", { name: "Punch Out" }).click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await dialog.getByRole("radio", { name: "Lunch" }).check();
    await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
    await expect(page.getByTestId("offline-queue-status")).toContainText(OFFLINE_MESSAGES.savedOnPhone);
    await expect(state).toHaveAttribute("data-state", "out");
    const deviceTime: string = await page.evaluate(() => JSON.parse(localStorage.getItem("bfs.offlineQueue.v1")!).entries[0].deviceTime);
    await shot(page, "punch-out-saved");

    await context.setOffline(false);
    await expect(page.getByTestId("offline-queue-status")).toHaveCount(0, { timeout: 15_000 });
    const punch = await db.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(punch.punchOutAt?.toISOString()).toBe(deviceTime);
    expect(punch).toMatchObject({ outReason: "Lunch", outSource: "mobile" });
    expect(punch.recordedOfflineAt).not.toBeNull();
  });

  // A whole shift segment without a signal: in, a reload (the phone locked, the tab reloaded), out.
  // After the reload the screen, its state and the reason dialog's code come from the phone alone.
  test("punch in offline, reload offline, punch out with a reason: both sent in order when online, one closed punch", async ({ page, context, db, signInAs }) => {
    const user = await createUser(db, { email: `offline-in-out-${Date.now().toString(36)}@example.test`, firstName: "Tomas", lastName: "Varga", role: "staff" });
    await signInAs(page, { email: user.email }, "/mobile-punch");
    const state = await punchInWithoutSignal(context, page);

    await page.reload();
    await expect(state).toHaveAttribute("data-state", "in");
    await state.getByRole("button", { name: "Punch Out" }).click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await dialog.getByRole("radio", { name: "Break" }).check();
    await shot(page, "reloaded-reason-dialog");
    await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
    await expect(state).toHaveAttribute("data-state", "out");
    await expect(page.getByTestId("offline-queue-status")).toContainText(OFFLINE_MESSAGES.savedOnPhone);
    const queued: { kind: string; deviceTime: string }[] = await page.evaluate(() => JSON.parse(localStorage.getItem("bfs.offlineQueue.v1")!).entries);
    expect(queued).toHaveLength(2);
    expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(0);

    await context.setOffline(false);
    await expect(page.getByTestId("offline-queue-status")).toHaveCount(0, { timeout: 15_000 });
    await expect(state).toHaveAttribute("data-state", "out");
    const punches = await db.punchSession.findMany({ where: { userId: user.id } });
    expect(punches).toHaveLength(1);
    expect(punches[0]!.punchInAt.toISOString()).toBe(queued[0]!.deviceTime);
    expect(punches[0]!.punchOutAt?.toISOString()).toBe(queued[1]!.deviceTime);
    expect(punches[0]).toMatchObject({ outReason: "Break", inSource: "mobile", outSource: "mobile" });
    expect(punches[0]!.recordedOfflineAt).not.toBeNull();
  });

  // The header is on every page but the punch screens, and no service worker keeps those pages:
  // the reason dialog's code must already be on the phone when the signal goes, without the
  // dialog ever having been opened.
  test("the header's Punch Out on the dashboard, never opened before the signal went: kept on the phone, sent when online", async ({ page, context, db, signInAs }) => {
    const user = await createUser(db, { email: `offline-header-${Date.now().toString(36)}@example.test`, firstName: "Ines", lastName: "Moreau", role: "staff" });
    await db.punchSession.create({ data: { userId: user.id, punchInAt: new Date(Date.now() - 2 * 3_600_000), inLocation: "desktop", inSource: "desktop" } });
    await signInAs(page, { email: user.email }, "/");
    const punch = page.getByRole("banner").getByTestId("punch-button").filter({ visible: true });
    await expect(punch).toContainText("Punch Out");
    // Someone who opened the list and lost the signal later: what the page fetches on its own has arrived.
    await page.waitForLoadState("networkidle");

    await goOffline(context, page);
    await punch.click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await dialog.getByRole("radio", { name: "Lunch" }).check();
    await shot(page, "header-reason-dialog");
    await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
    await expect(page.getByRole("banner").getByTestId("offline-queue-status").filter({ visible: true })).toContainText(OFFLINE_MESSAGES.savedOnPhone);
    await expect(punch).toContainText("Punch In");
    await shot(page, "header-saved");
    const deviceTime: string = await page.evaluate(() => JSON.parse(localStorage.getItem("bfs.offlineQueue.v1")!).entries[0].deviceTime);
    expect((await db.punchSession.findFirstOrThrow({ where: { userId: user.id } })).punchOutAt).toBeNull();

    await context.setOffline(false);
    await expect(page.getByTestId("offline-queue-status")).toHaveCount(0, { timeout: 15_000 });
    const sent = await db.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(sent.punchOutAt?.toISOString()).toBe(deviceTime);
    expect(sent).toMatchObject({ outReason: "Lunch", outLocation: "desktop" });
    expect(sent.recordedOfflineAt).not.toBeNull();
  });
});

test.describe("the scan screen without a signal", () => {
  test.use({ viewport: PHONE });

  // Scans made offline and replayed are in cases.spec.ts; this is the screen itself opening again.
  test("/scan opens again after a reload with no signal", async ({ page, context, db, signInAs }) => {
    const user = await createUser(db, { email: `offline-scan-${Date.now().toString(36)}@example.test`, role: "staff" });
    await signInAs(page, { email: user.email }, "/scan");
    const stations = page.getByRole("heading", { name: "Which station is this phone at?" });
    await expect(stations).toBeVisible();
    await waitForOfflineShell(page, "/scan");

    await goOffline(context, page);
    await page.reload();
    await expect(stations).toBeVisible();
    await expect(page.getByRole("heading", { name: "Scan", exact: true })).toBeVisible();
    await shot(page, "scan-reloaded-offline");
  });
});
