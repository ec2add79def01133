import type { Request } from "@playwright/test";
import { createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * What a signed-in tab costs the server with nobody touching it (docs/performance.md,
 * "Background requests of a signed-in tab"): one request every 5 s, the punch status, which
 * also carries the bell's unread count. The bell asks for its list only when it opens.
 */

const WINDOW_MS = 60_000;
const DESKTOP = { width: 1366, height: 900 };

test("a signed-in dashboard left open 60 s makes at most 13 background requests, the bell's count riding on the punch-status poll", async ({ page, db, signInAs }) => {
  test.setTimeout(150_000);
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
  await signInAs(page, { email: member.email }, "/");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const bell = page.getByTestId("alert-bell");
  await expect(bell).toHaveAccessibleName("Alerts");
  await expect(page.getByRole("textbox", { name: "Add task" })).toBeVisible();
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  await expect.poll(() => Date.now() - lastLoadRequest, { timeout: 20_000 }).toBeGreaterThan(1_500);
  page.off("request", onLoadRequest);

  const seen: { path: string; at: number }[] = [];
  const start = Date.now();
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push({ path: url.pathname, at: Date.now() - start });
  };
  page.on("request", onRequest);

  // Halfway through, an alert reaches this member: the poll brings the count, the bell shows it,
  // and the closed bell asks for no list.
  await page.waitForTimeout(WINDOW_MS / 2);
  const alert = await db.alert.create({ data: { kind: "mention", subjectType: "user", subjectId: member.id, occurrence: `idle-${Date.now()}`, severity: "info", message: "You were mentioned" } });
  await db.alertRecipient.create({ data: { alertId: alert.id, userId: member.id } });
  await expect(page.getByTestId("alert-count")).toHaveText("1", { timeout: 15_000 });
  await expect(bell).toHaveAccessibleName("Alerts, 1 unread");
  await page.waitForTimeout(Math.max(0, WINDOW_MS - (Date.now() - start)));
  page.off("request", onRequest);

  const polls = seen.filter((r) => r.path === "/api/auth/punch/status");
  const others = seen.filter((r) => r.path !== "/api/auth/punch/status");
  console.log(`background requests in ${WINDOW_MS / 1000} s: ${seen.length} (${polls.length} punch-status polls) ${JSON.stringify(seen)}`);
  expect(seen.length).toBeLessThanOrEqual(13);
  expect(others.length).toBeLessThanOrEqual(1);
  expect(seen.filter((r) => r.path.startsWith("/api/alerts"))).toEqual([]);
  // The poll does run (every 5 s: 12 in a minute, a few fewer on a loaded machine).
  expect(polls.length).toBeGreaterThanOrEqual(9);

  // Opening the bell loads the list, once.
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/alerts" && r.status() === 200);
  await bell.click();
  await list;
  await expect(page.getByTestId("alert-item").filter({ hasText: "You were mentioned" })).toBeVisible();
  await page.screenshot({ path: "test-results/shots/background-requests-bell-1366.png" });
});
