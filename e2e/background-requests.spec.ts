import type { Request } from "@playwright/test";
import { PUNCH_STATUS_POLL_MS } from "@/lib/constants";
import { createUser } from "../prisma/factories";
import { runPageTimers } from "./support/clock";
import { expect, test } from "./support/fixtures";

/**
 * What a signed-in tab costs the server with nobody touching it (docs/performance.md,
 * "Background requests of a signed-in tab"): one request every 5 s, the punch status, which
 * also carries the bell's unread count. The bell asks for its list only when it opens.
 * The minute passes on the page's clock (Playwright's, runPageTimers), five seconds at a time,
 * each poll answered before the next: every timer the page set runs as it would in a real
 * minute, and the test does not sleep through one.
 */

const WINDOW_MS = 60_000;
const DESKTOP = { width: 1366, height: 900 };

test("a signed-in dashboard left open 60 s makes at most 13 background requests, the bell's count riding on the punch-status poll", async ({ page, db, signInAs }) => {
  test.setTimeout(90_000);
  const member = await createUser(db, { role: "staff", firstName: "Idle", lastName: `Tab ${Date.now().toString(36)}` });
  await page.setViewportSize(DESKTOP);
  // The page's own load ends when its last request other than the poll is 1.5 s old: quick add,
  // which loads after the list, reads its defaults (the member and the units) just after its box
  // shows, and those reads twice landed inside the window when it started on what the page showed.
  let lastLoadRequest = Date.now();
  const onLoadRequest = (request: Request) => {
    if (new URL(request.url()).pathname !== "/api/auth/punch/status") lastLoadRequest = Date.now();
  };
  page.on("request", onLoadRequest);
  // The page's clock runs with the real one until the window starts (the 2 s pre-load of the main pages happens at its time).
  await page.clock.install();
  await signInAs(page, { email: member.email }, "/");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const bell = page.getByTestId("alert-bell");
  await expect(bell).toHaveAccessibleName("Alerts");
  await expect(page.getByRole("textbox", { name: "Add task" })).toBeVisible();
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  await expect.poll(() => Date.now() - lastLoadRequest, { timeout: 20_000 }).toBeGreaterThan(1_500);
  page.off("request", onLoadRequest);
  // From here the page's time moves only when the test moves it. pauseAt refuses a time already
  // past, and the page's clock runs on while the test reads it: aim 2 s ahead (less than a poll's 5 s).
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  }).toPass({ timeout: 15_000 });

  const seen: { path: string; at: number }[] = [];
  let elapsed = 0;
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && url.pathname !== "/api/health") seen.push({ path: url.pathname, at: elapsed });
  };
  page.on("request", onRequest);
  // A tick while the previous poll is still on its way sends nothing (React Query joins the fetch
  // in flight): wait for an answer, but not past a few seconds.
  const pollAnswered = () => page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/punch/status", { timeout: 5_000 }).catch(() => null);

  for (elapsed = PUNCH_STATUS_POLL_MS; elapsed <= WINDOW_MS; elapsed += PUNCH_STATUS_POLL_MS) {
    const answered = pollAnswered();
    await runPageTimers(page, PUNCH_STATUS_POLL_MS);
    await answered;
    // React Query hands an answer to the screen on a zero-delay timer: a millisecond on the paused clock.
    await page.clock.runFor(1);
    // Halfway through, an alert reaches this member: a later poll brings the count, the bell shows
    // it, and the closed bell asks for no list.
    if (elapsed === WINDOW_MS / 2) {
      const alert = await db.alert.create({ data: { kind: "mention", subjectType: "user", subjectId: member.id, occurrence: `idle-${Date.now()}`, severity: "info", message: "You were mentioned" } });
      await db.alertRecipient.create({ data: { alertId: alert.id, userId: member.id } });
    }
  }
  await expect(page.getByTestId("alert-count")).toHaveText("1");
  await expect(bell).toHaveAccessibleName("Alerts, 1 unread");
  page.off("request", onRequest);
  await page.clock.resume();

  const polls = seen.filter((r) => r.path === "/api/auth/punch/status");
  const others = seen.filter((r) => r.path !== "/api/auth/punch/status");
  console.log(`background requests in ${WINDOW_MS / 1000} s: ${seen.length} (${polls.length} punch-status polls) ${JSON.stringify(seen)}`);
  expect(seen.length).toBeLessThanOrEqual(13);
  expect(others.length).toBeLessThanOrEqual(1);
  expect(seen.filter((r) => r.path.startsWith("/api/alerts"))).toEqual([]);
  // The poll does run: every 5 s, 12 in a minute, a few fewer when a tick finds the previous poll
  // still on its way (10 on a machine at a load average of 40).
  expect(polls.length).toBeGreaterThanOrEqual(9);

  // Opening the bell loads the list, once.
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/alerts" && r.status() === 200);
  await bell.click();
  await list;
  await expect(page.getByTestId("alert-item").filter({ hasText: "You were mentioned" })).toBeVisible();
  await page.screenshot({ path: "test-results/shots/background-requests-bell-1366.png" });
});
