import type { Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { PUNCH_OUT_REASONS } from "../lib/constants";
import { createPunchSession, createTask, createTimeEntry, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { E2E_BASE_URL } from "./support/database";
import { expect, signInRequest, test } from "./support/fixtures";
import { printedPunchLink } from "./support/punch-qr";

/**
 * The punch clock screens: the header punch button (desktop and 375 px), the reason dialog with every
 * reason, the clocked-into-task dialog's three buttons, the signed QR URL round trip signed out at
 * 375 px, and /mobile-punch. Every test has a user of its own (tests run in parallel on one
 * database). Screenshots land in test-results/shots/punch-*.png.
 */

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/punch-${name}.png`, fullPage: true });

let seq = 0;
async function newUser(db: PrismaClient, firstName = "Casey") {
  const email = `punch-${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  return createUser(db, { email, firstName, lastName: "Rivera", role: "staff" });
}

const punchButton = (page: Page) => page.getByRole("banner").getByTestId("punch-button");
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function expectToast(page: Page, title: string, description: string) {
  await expect(toastText(page, title)).toBeVisible();
  await expect(toastText(page, description)).toBeVisible();
}

/** hh:mm:ss → seconds */
function seconds(text: string): number {
  const [h, m, s] = text.trim().split(":").map(Number);
  return h * 3600 + m * 60 + s;
}

async function timerSeconds(page: Page): Promise<number> {
  return seconds(await punchButton(page).getByTestId("punch-timer").innerText());
}

async function openPunch(db: PrismaClient, userId: string) {
  return db.punchSession.findFirst({ where: { userId, punchOutAt: null } });
}

test.describe("header punch button", () => {
  test("desktop: Punch In → green Punch Out with a ticking timer that survives a reload", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    await signInAs(page, { email: user.email });
    const button = punchButton(page);
    await expect(button).toHaveText("Punch In");
    await shot(page, "desktop-punched-out");

    await button.click();
    await expectToast(page, "Punched In", "You are now clocked in for work.");
    await expect(button).toContainText("Punch Out");
    await expect(button).toHaveClass(/bg-green-700/);
    await expect(button.getByTestId("punch-timer")).toHaveText(/^\d{2}:\d{2}:\d{2}$/);

    // The timer ticks: two more seconds show, as soon as they have passed.
    const first = await timerSeconds(page);
    await expect.poll(() => timerSeconds(page)).toBeGreaterThanOrEqual(first + 2);
    const later = await timerSeconds(page);

    const punch = await openPunch(db, user.id);
    expect(punch).toMatchObject({ inSource: "desktop", inLocation: "desktop" });
    expect(punch?.inUserAgent).toContain("Chrome");

    await page.reload();
    await expect(punchButton(page)).toContainText("Punch Out");
    // Counted from lastPunchIn, so it carries on instead of restarting at zero.
    expect(await timerSeconds(page)).toBeGreaterThanOrEqual(later);
    await shot(page, "desktop-punched-in");
  });

  test("the timer is computed from lastPunchIn: a shift begun 26 hours ago reads 26:xx:xx", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - (26 * 3600 + 5 * 60) * 1000) });
    await signInAs(page, { email: user.email });
    await expect(punchButton(page).getByTestId("punch-timer")).toHaveText(/^26:0[45]:\d{2}$/);
  });

  test("phone width: the punch button fits the header", async ({ page, db, signInAs }) => {
    await page.setViewportSize(PHONE);
    const user = await newUser(db);
    await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 3_725_000) });
    await signInAs(page, { email: user.email });
    const button = punchButton(page);
    await expect(button).toContainText("Punch Out");
    await expect(button.getByTestId("punch-timer")).toHaveText(/^01:02:\d{2}$/);
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, "phone-header");
  });

  test("status follows changes made elsewhere (polled every 5 s)", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    await signInAs(page, { email: user.email });
    await expect(punchButton(page)).toHaveText("Punch In");
    await createPunchSession(db, { userId: user.id, inLocation: "mobile", inSource: "mobile" });
    await expect(punchButton(page)).toContainText("Punch Out", { timeout: 8_000 });
  });
});

test.describe("punch out with a reason", () => {
  for (const reason of PUNCH_OUT_REASONS) {
    test(`reason ${reason}`, async ({ page, db, signInAs }) => {
      const user = await newUser(db);
      await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
      await signInAs(page, { email: user.email });
      await punchButton(page).click();

      const dialog = page.getByRole("dialog", { name: "Punch Out" });
      await expect(dialog.getByRole("heading", { name: "Punch Out" })).toBeVisible();
      const confirm = dialog.getByRole("button", { name: "Confirm Punch Out" });
      await expect(confirm).toBeDisabled();
      await expect(dialog.getByRole("radio")).toHaveCount(6);
      await dialog.getByRole("radio", { name: reason, exact: true }).check();

      if (reason === "Other") {
        await expect(confirm).toBeDisabled();
        const text = dialog.getByLabel("Please specify");
        await text.fill("   ");
        await expect(confirm).toBeDisabled();
        await text.fill("Picking up my dog from the vet");
        await shot(page, "reason-other");
      }
      await expect(confirm).toBeEnabled();
      await confirm.click();

      await expectToast(page, "Punched Out", "You have been clocked out.");
      await expect(dialog).toBeHidden();
      await expect(punchButton(page)).toHaveText("Punch In");
      const row = await db.punchSession.findFirstOrThrow({ where: { userId: user.id } });
      expect(row.punchOutAt).not.toBeNull();
      expect(row.outReason).toBe(reason);
      expect(row.outReasonOther).toBe(reason === "Other" ? "Picking up my dog from the vet" : null);
      expect(row.outLocation).toBe("desktop");

      await page.reload();
      await expect(punchButton(page)).toHaveText("Punch In");
    });
  }

  test("Other's text is not sent once another reason is chosen; Cancel keeps the punch", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    await createPunchSession(db, { userId: user.id });
    await signInAs(page, { email: user.email });
    await punchButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await dialog.getByRole("radio", { name: "Other" }).check();
    await dialog.getByLabel("Please specify").fill("typed then changed my mind");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await openPunch(db, user.id)).not.toBeNull();

    await punchButton(page).click();
    await dialog.getByRole("radio", { name: "Other" }).check();
    await dialog.getByLabel("Please specify").fill("typed then changed my mind");
    await dialog.getByRole("radio", { name: "Break" }).check();
    const request = page.waitForRequest("**/api/auth/punch/out-with-reason");
    await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
    expect((await request).postDataJSON()).toEqual({ location: "desktop", reason: "Break" });
    await expect(punchButton(page)).toHaveText("Punch In");
  });
});

test.describe("clocked into a task (409)", () => {
  test("Cancel returns to the reasons, View Task opens the task, Punch Out Anyway closes both", async ({ page, db, signInAs }) => {
    // Four round trips through two dialogs and a page change: about 40 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    const user = await newUser(db);
    const unit = await createUnit(db, { name: `Punch Unit ${Date.now()}` });
    const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, title: "Engrave the Whiskers urn" });
    const punch = await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 600_000) });

    await signInAs(page, { email: user.email });
    await expect(punchButton(page)).toContainText("Punch Out");
    // The race this dialog is for: the server knows of a task clock the screen has not seen (a
    // screen that shows the clock says so in the reason dialog and forces in one step instead).
    await page.route("**/api/auth/punch/status", async (route) => {
      // Without the client's ETag: a 304 has no body to rewrite.
      const headers = { ...route.request().headers() };
      delete headers["if-none-match"];
      const response = await route.fetch({ headers });
      await route.fulfill({ response, json: { ...(await response.json()), activeTask: null } });
    });
    await createTimeEntry(db, { userId: user.id, taskId: task.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 300_000) });
    const reasons = page.getByRole("dialog", { name: "Punch Out" });
    const clocked = page.getByRole("dialog", { name: "Clocked Into a Task" });

    const punchOutWithLunch = async () => {
      await punchButton(page).click();
      await reasons.getByRole("radio", { name: "Lunch" }).check();
      const response = page.waitForResponse("**/api/auth/punch/out-with-reason");
      await reasons.getByRole("button", { name: "Confirm Punch Out" }).click();
      return response;
    };

    // 1. The 409 opens the clocked-into-task dialog naming the task.
    const conflict = await punchOutWithLunch();
    expect(conflict.status()).toBe(409);
    expect(await conflict.json()).toMatchObject({ activeTask: { id: task.id, displayNumber: task.displayNumber, title: "Engrave the Whiskers urn" } });
    await expect(clocked.getByRole("heading", { name: "Clocked Into a Task" })).toBeVisible();
    await expect(clocked).toContainText(`#${task.displayNumber} Engrave the Whiskers urn`);
    await shot(page, "clocked-into-task");

    // 2. Cancel goes back to the reason dialog, the reason still chosen.
    await clocked.getByRole("button", { name: "Cancel" }).click();
    await expect(clocked).toBeHidden();
    await expect(reasons.getByRole("heading", { name: "Punch Out" })).toBeVisible();
    await expect(reasons.getByRole("radio", { name: "Lunch" })).toBeChecked();
    await reasons.getByRole("button", { name: "Cancel" }).click();
    await expect(reasons).toBeHidden();

    // 3. View Task opens /tasks/{id}; nothing was closed.
    await punchOutWithLunch();
    await clocked.getByRole("button", { name: "View Task" }).click();
    await page.waitForURL(`**/tasks/${task.id}`);
    expect(await openPunch(db, user.id)).not.toBeNull();
    expect(await db.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(1);

    // 4. Punch Out Anyway resends with forceClockOut and closes the task clock and the punch.
    // (Back, not a new page load: a page load would bring the clock in the server-rendered status.)
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    const forced = page.waitForRequest((req) => req.url().endsWith("/api/auth/punch/out-with-reason") && req.postDataJSON()?.forceClockOut === true);
    await punchOutWithLunch();
    await clocked.getByRole("button", { name: "Punch Out Anyway" }).click();
    expect((await forced).postDataJSON()).toEqual({ location: "desktop", reason: "Lunch", forceClockOut: true });
    await expectToast(page, "Punched Out", "You have been clocked out.");
    await expect(punchButton(page)).toHaveText("Punch In");
    const closed = await db.punchSession.findUniqueOrThrow({ where: { id: punch.id } });
    const entry = await db.taskTimeEntry.findFirstOrThrow({ where: { userId: user.id } });
    expect(closed).toMatchObject({ outReason: "Lunch", forcedTaskOut: true });
    expect(entry.endedByForce).toBe(true);
    expect(entry.endedAt!.getTime()).toBeLessThanOrEqual(closed.punchOutAt!.getTime());
  });
});

test.describe("QR code and phone pages", () => {
  test("QR URL round trip signed out at 375 px: sign in, punched in at the facility, then punch out", async ({ page, db }) => {
    await page.setViewportSize(PHONE);
    const user = await newUser(db, "Omar");
    // The printed (signed) link, as the phone's camera reads it off the PDF.
    const printed = await printedPunchLink("facility");
    const signature = Object.fromEntries(new URL(printed, "http://x").searchParams);
    expect(signature).toMatchObject({ auto: "true", location: "facility", v: expect.stringMatching(/^\d+$/), sig: expect.stringMatching(/^[\w-]{22}$/) });
    await page.goto(printed);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/");
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirect: "punch", auto: "true", location: "facility", v: signature.v, sig: signature.sig });

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(DEFAULT_TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/punch-authenticated" && u.searchParams.get("auto") === "true");

    const state = page.getByTestId("punch-state");
    await expect(state).toHaveAttribute("data-state", "in");
    await expect(page.getByText("You're punched in")).toBeVisible();
    await expectToast(page, "Punched In", "You are now clocked in for work.");
    const punch = await openPunch(db, user.id);
    expect(punch).toMatchObject({ inSource: "qr", inLocation: "facility" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, "qr-punched-in-phone");

    // Scanning again: no second punch, the state and a Punch Out button instead.
    await page.reload();
    await expect(page.getByText("You're already punched in")).toBeVisible();
    expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(1);
    await page.getByTestId("punch-state").getByRole("button", { name: "Punch Out" }).click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await dialog.getByRole("radio", { name: "End of Workday" }).check();
    await shot(page, "qr-reason-phone");
    await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
    await expect(page.getByText("You're punched out")).toBeVisible();
    const row = await db.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ outSource: "qr", outLocation: "facility", outReason: "End of Workday" });
    await shot(page, "qr-punched-out-phone");
  });

  test("an unsigned auto link asks 'Punch in at …?' instead of punching (a link on another site can't punch anyone in)", async ({ page, db, signInAs }) => {
    await page.setViewportSize(PHONE);
    const user = await newUser(db);
    await signInAs(page, { email: user.email }, "/punch-authenticated?auto=true&location=Anywhere");
    await expect(page.getByText("Punch in at Anywhere?")).toBeVisible();
    expect(await openPunch(db, user.id)).toBeNull();
    await shot(page, "qr-unsigned-confirm-phone");
    // A forged signature is no better.
    await page.goto("/punch-authenticated?auto=true&location=Anywhere&v=1&sig=AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByText("Punch in at Anywhere?")).toBeVisible();
    expect(await openPunch(db, user.id)).toBeNull();
    await page.getByRole("group", { name: "Punch in at Anywhere?" }).getByRole("button", { name: "Punch In" }).click();
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "in");
    expect(await openPunch(db, user.id)).toMatchObject({ inSource: "qr", inLocation: "Anywhere" });
  });

  test("/punch-authenticated without auto only shows the state and waits for a tap", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    await signInAs(page, { email: user.email }, "/punch-authenticated?location=dock");
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "out");
    expect(await openPunch(db, user.id)).toBeNull();
    await page.getByTestId("punch-state").getByRole("button", { name: "Punch In" }).click();
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "in");
    expect(await openPunch(db, user.id)).toMatchObject({ inSource: "qr", inLocation: "dock" });
  });

  test("/mobile-punch at 375 px: sign in with tokens, one big Punch In, then Punch Out with a reason", async ({ page, db }) => {
    await page.setViewportSize(PHONE);
    const user = await newUser(db, "Mina");
    await page.goto("/mobile-punch");
    await expect(page.getByRole("heading", { name: "Mobile Punch" })).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(DEFAULT_TEST_PASSWORD);
    await shot(page, "mobile-sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();

    const state = page.getByTestId("punch-state");
    await expect(state).toHaveAttribute("data-state", "out");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem("clientType"))).toBe("mobile");

    const punchInRequest = page.waitForRequest("**/api/auth/punch/in");
    await state.getByRole("button", { name: "Punch In" }).click();
    expect((await punchInRequest).headers()["authorization"]).toMatch(/^Bearer /);
    await expect(state).toHaveAttribute("data-state", "in");
    await expectToast(page, "Punched In", "You are now clocked in for work.");
    expect(await openPunch(db, user.id)).toMatchObject({ inSource: "mobile", inLocation: "mobile" });
    await shot(page, "mobile-punched-in");

    await state.getByRole("button", { name: "Punch Out" }).click();
    const dialog = page.getByRole("dialog", { name: "Punch Out" });
    await dialog.getByRole("radio", { name: "Other" }).check();
    await expect(dialog.getByRole("button", { name: "Confirm Punch Out" })).toBeDisabled();
    await dialog.getByLabel("Please specify").fill("School pickup");
    await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
    await expect(page.getByText("You're punched out")).toBeVisible();
    const row = await db.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ outSource: "mobile", outReason: "Other", outReasonOther: "School pickup" });

    await page.reload();
    await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "out");
  });

  // The API's answers only: no page.
  test("admins get the printable PDF; staff do not", async ({ request, playwright, db }) => {
    await signInRequest(request, "admin");
    const pdf = await request.get("/api/admin/punch-qr-pdf");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    const user = await newUser(db);
    const staff = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    await signInRequest(staff, { email: user.email });
    expect((await staff.get("/api/admin/punch-qr-pdf")).status()).toBe(403);
    await staff.dispose();
  });
});

test.describe("task clock on the task page", () => {
  test("clock into a task only after punching in, then clock out; the time entry is recorded", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    const unit = await createUnit(db, { name: `Clock Unit ${Date.now()}` });
    const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, title: "Sanitize the transport carrier" });

    await signInAs(page, { email: user.email }, `/tasks/${task.id}`);
    const clockButton = page.getByTestId("task-clock-button");
    await expect(clockButton).toHaveText("Clock Into Task");
    await expect(page.getByText("Punch in for work first")).toBeVisible();

    // Not punched in: the server refuses and says why.
    await clockButton.click();
    await expect(toastText(page, "Not Punched In")).toBeVisible();

    await punchButton(page).click();
    await expectToast(page, "Punched In", "You are now clocked in for work.");
    await expect(page.getByText("Punch in for work first")).toBeHidden();

    await clockButton.click();
    await expectToast(page, "Clocked Into Task", "Your time on this task is being recorded.");
    await expect(clockButton).toContainText("Clock Out of Task");
    await shot(page, "task-clocked-in");

    await clockButton.click();
    await expect(toastText(page, "Clocked Out of Task")).toBeVisible();
    await expect(clockButton).toHaveText("Clock Into Task");

    const entries = await db.taskTimeEntry.findMany({ where: { userId: user.id, taskId: task.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0].endedAt).not.toBeNull();
  });
});

test.describe("without a connection (a phone without signal at 7 a.m.)", () => {
  test("a punch is saved on the phone and sent once back online; a dialog whose code never arrived says why and opens once back online", async ({ page, db, signInAs }) => {
    const user = await newUser(db);
    await page.setViewportSize(PHONE);
    await page.clock.install(); // runs with the real time until the test moves it on
    await signInAs(page, { email: user.email });
    await expect(punchButton(page)).toHaveText("Punch In");
    await page.context().setOffline(true);

    // Kept on the phone with the phone's time (lib/offline), shown as such, and not on the server yet.
    await punchButton(page).click();
    await expect(page.getByText("Saved on this phone — will send when online").first()).toBeVisible();
    expect(await openPunch(db, user.id)).toBeNull();

    // The menu's code is fetched on first use: offline that fails, and the page stays.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(toastText(page, "Connection Lost")).toBeVisible();
    await expect(page.getByRole("heading", { name: "My day" })).toBeVisible();
    await shot(page, "offline-menu");

    await page.context().setOffline(false);
    // Back online, the queued punch is sent once, at the phone's time, flagged as recorded offline.
    await expect.poll(async () => (await openPunch(db, user.id))?.recordedOfflineAt ?? null, { timeout: 15_000 }).not.toBeNull();
    // The menu's code is asked for again at most once a second (components/ui/offline-safe.tsx): a second on the page's clock.
    await page.clock.fastForward(1_100);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Settings" })).toBeVisible();
    await shot(page, "offline-menu-online-again");
  });
});
