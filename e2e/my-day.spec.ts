import type { Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { TOAST_DURATION_MS } from "@/lib/constants";
import { clockOf } from "@/lib/dates";
import { addMembership, createPunchSession, createTask, createTimeEntry, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { runPageTimers } from "./support/clock";
import { expect, test } from "./support/fixtures";

/**
 * A staff member's day on a 390 × 844 phone (and at 1366 px): My day at /, punching out while a
 * task timer runs, where toasts sit, /mobile-punch right after sign-in, and completing the task
 * one is clocked into. Every test has users of its own. Screenshots: test-results/shots/my-day-*.png.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/my-day-${name}.png`, fullPage: true });

let seq = 0;
async function staffWithDay(db: PrismaClient, role: "staff" | "manager" = "staff") {
  const tag = `${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;
  const user = await createUser(db, { email: `myday-${tag}@example.test`, firstName: "Dana", lastName: "Reyes", role });
  const unit = await createUnit(db, { name: `Grounds ${tag}` });
  await addMembership(db, unit.id, user.id);
  const hour = 3_600_000;
  const overdue = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, title: "Return the Whiskers urn", dueDate: new Date(Date.now() - 26 * hour) });
  const today = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, title: "Engrave the memorial plaque", dueDate: endOfToday() });
  const pickup = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, availableForPickup: true, title: "Water the garden beds", dueDate: new Date(Date.now() + 72 * hour) });
  return { user, unit, overdue, today, pickup };
}

/** 23:59 today in the business time zone is at least a minute away almost all day; late evenings use +1 minute. */
function endOfToday(): Date {
  const [h, m] = clockOf(new Date()).split(":").map(Number);
  const left = (23 * 60 + 58 - (h * 60 + m)) * 60_000;
  return new Date(Date.now() + Math.max(60_000, left));
}

const punchButton = (page: Page) => page.getByRole("banner").getByTestId("punch-button");

test.describe("My day at /", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`staff start on My day at ${size.width} px: timers, today's tasks, pickup, then the list`, async ({ page, db, signInAs }) => {
      await page.setViewportSize(size);
      const { user, overdue, today, pickup } = await staffWithDay(db);
      const punch = await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 2 * 3_600_000) });
      await createTimeEntry(db, { userId: user.id, taskId: today.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 20 * 60_000) });
      await signInAs(page, { email: user.email });

      await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
      const timers = page.getByTestId("my-day-timers");
      await expect(timers).toContainText("On the clock");
      await expect(timers).toContainText(`#${today.displayNumber} — Engrave the memorial plaque`);
      const due = page.getByTestId("my-day-today");
      await expect(due).toContainText("Return the Whiskers urn");
      await expect(due).toContainText("Engrave the memorial plaque");
      await expect(due).toContainText("Overdue and due today (2)");
      await expect(page.getByTestId("my-day-pickup")).toContainText("Water the garden beds");
      await expect(page.getByTestId("list-heading")).toHaveText("All tasks");

      // The cards say whose tasks they count, and the list they open agrees with the count.
      const overdueCard = page.getByRole("button", { name: "My overdue tasks (1): show in the list" });
      await expect(overdueCard).toBeVisible();
      await overdueCard.click();
      await expect(page.getByTestId("list-heading")).toHaveText("My overdue tasks(1)");
      await expect(page.getByRole("button", { name: "My overdue tasks (1): shown in the list" })).toHaveAttribute("aria-pressed", "true");
      await page.getByRole("button", { name: "Show all tasks" }).click();

      if (size === PHONE) {
        // One compact row of five cards.
        const boxes = await page.getByRole("region", { name: "Task statistics" }).locator(":scope > *").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
        expect(boxes).toHaveLength(5);
        expect(new Set(boxes.map(Math.round)).size).toBe(1);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `home-${size.width}`);
      expect(overdue.id && pickup.id).toBeTruthy();
    });
  }

  for (const size of [PHONE, DESKTOP]) {
    test(`a count of a first page says so: 20+ for 21 tasks overdue or due today, at ${size.width} px`, async ({ page, db, signInAs }) => {
      await page.setViewportSize(size);
      const { user, unit } = await staffWithDay(db);
      for (let i = 0; i < 19; i++) {
        await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, title: `Overdue chore ${i + 1}`, dueDate: new Date(Date.now() - (30 + i) * 3_600_000) });
      }
      await signInAs(page, { email: user.email });
      // 20 overdue and 1 due today: the section lists the first 20, and says there are more.
      await expect(page.getByTestId("my-day-today")).toContainText("Overdue and due today (20+)");
      await expect(page.getByRole("button", { name: "My overdue tasks (20): show in the list" })).toBeVisible();
      await shot(page, `count-of-a-first-page-${size.width}`);
    });
  }

  test("managers keep the Task List until they choose My day; the choice is remembered", async ({ page, db, signInAs }) => {
    const { user } = await staffWithDay(db, "manager");
    await signInAs(page, { email: user.email });
    await expect(page.getByRole("heading", { level: 1, name: "Task List" })).toBeVisible();
    await expect(page.getByTestId("my-day")).toHaveCount(0);
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/user/preferences") && r.request().method() === "PATCH");
    await page.getByRole("group", { name: "Home view" }).getByRole("button", { name: "My day" }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId("my-day")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).preferences).toMatchObject({ homeView: "my-day" });
  });
});

test.describe("punch-out with a running task clock", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`at ${size.width} px the reason dialog names the timer and Confirm stops both in one step`, async ({ page, db, signInAs }) => {
      await page.setViewportSize(size);
      const { user, today } = await staffWithDay(db);
      const punch = await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 3_600_000) });
      await createTimeEntry(db, { userId: user.id, taskId: today.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 600_000) });
      await signInAs(page, { email: user.email });

      await punchButton(page).click();
      const dialog = page.getByRole("dialog", { name: "Punch Out" });
      await expect(dialog.getByTestId("punch-out-stops-timer")).toHaveText(`This also stops your timer on #${today.displayNumber} — Engrave the memorial plaque`);
      await dialog.getByRole("radio", { name: "Lunch" }).check();
      await shot(page, `punch-out-dialog-${size.width}`);
      const request = page.waitForRequest("**/api/auth/punch/out-with-reason");
      await dialog.getByRole("button", { name: "Confirm Punch Out" }).click();
      expect((await request).postDataJSON()).toEqual({ location: "desktop", reason: "Lunch", forceClockOut: true });
      await expect(page.getByText("You have been clocked out.", { exact: true })).toBeVisible();
      await expect(page.getByRole("dialog", { name: "Clocked Into a Task" })).toHaveCount(0);
      await expect(punchButton(page)).toHaveText("Punch In");
      expect(await db.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(0);
      expect(await db.punchSession.count({ where: { userId: user.id, punchOutAt: null } })).toBe(0);
    });
  }
});

test.describe("toasts never cover the header", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`at ${size.width} px`, async ({ page, db, signInAs }) => {
      await page.setViewportSize(size);
      const { user } = await staffWithDay(db);
      await signInAs(page, { email: user.email });
      await punchButton(page).click();
      const toast = page.getByText("You are now clocked in for work.", { exact: true });
      await expect(toast).toBeVisible();
      const header = (await page.getByRole("banner").boundingBox())!;
      const card = (await toast.locator("xpath=ancestor::*[self::li or @role='status'][1]").boundingBox())!;
      expect(card.y).toBeGreaterThanOrEqual(header.y + header.height);
      // Never over the floating button either (where exactly is e2e/toast-placement.spec.ts's matter).
      const fab = (await page.getByRole("button", { name: "Quick actions" }).boundingBox())!;
      const apart = card.y + card.height <= fab.y + 1 || card.y >= fab.y + fab.height || card.x + card.width <= fab.x || card.x >= fab.x + fab.width;
      expect(apart).toBe(true);
      await shot(page, `toast-${size.width}`);
    });
  }
});

test.describe("/mobile-punch", () => {
  test("at 390 px the state shows right after sign-in, nothing polls while signed out, and today so far sits under the button", async ({ page, db }) => {
    await page.setViewportSize(PHONE);
    const { user, today } = await staffWithDay(db);
    const statusCalls: number[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/auth/punch/status")) statusCalls.push(Date.now());
    });
    await page.clock.install();
    await page.goto("/mobile-punch");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    const before = statusCalls.length;
    await runPageTimers(page, 6_000); // more than a poll's 5 s on the page's clock
    expect(statusCalls.length).toBe(before); // signed out: no polling

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(DEFAULT_TEST_PASSWORD);
    const signedIn = Date.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    const state = page.getByTestId("punch-state");
    await expect(state).toHaveAttribute("data-state", "out", { timeout: 3_000 });
    expect(Date.now() - signedIn).toBeLessThan(4_000);
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();

    const punchIn = state.getByRole("button", { name: "Punch In" });
    await expect(punchIn).not.toHaveClass(/bg-green/);
    await punchIn.click();
    await expect(state).toHaveAttribute("data-state", "in");
    const punchOut = state.getByRole("button", { name: /Punch Out/ });
    await expect(punchOut).toHaveClass(/bg-green-700/);
    await expect(punchOut.getByTestId("punch-timer")).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId("today-worked")).not.toHaveText("–");
    const row = page.getByRole("region", { name: "My tasks for today" });
    await expect(row).toContainText("Engrave the memorial plaque");
    await row.getByRole("button", { name: `Clock in to #${today.displayNumber}` }).click();
    await expect(row).toContainText("On the clock");
    expect(await db.taskTimeEntry.count({ where: { userId: user.id, taskId: today.id, endedAt: null } })).toBe(1);
    await page.mouse.move(5, 5); // off the toast: hovering it pauses its timer (Radix)
    await page.clock.runFor(TOAST_DURATION_MS); // the toasts' life on the page's clock, then they go
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("li")).toHaveCount(0);
    await shot(page, "mobile-punch-390");
  });
});

test.describe("completing the task you are clocked into", () => {
  test("at 390 px stops its timer and the toast says so", async ({ page, db, signInAs }) => {
    await page.setViewportSize(PHONE);
    const { user, today } = await staffWithDay(db);
    const punch = await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 3_600_000) });
    await createTimeEntry(db, { userId: user.id, taskId: today.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 600_000) });
    await signInAs(page, { email: user.email });
    // A controlled checkbox that flips when the server answers: click, then wait for the outcome.
    await page.getByTestId("my-day-today").getByRole("checkbox", { name: `Complete task #${today.displayNumber}` }).click();
    await expect(page.getByText(`Your timer on #${today.displayNumber} — Engrave the memorial plaque stopped.`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("my-day-timers")).toContainText("No task timer running");
    expect(await db.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(0);
    await shot(page, "completed-toast-390");
  });
});
