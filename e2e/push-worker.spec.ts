/**
 * The service worker's push handlers (public/sw.js, docs/notifications.md "Push") in Chromium.
 *
 * Proven here:
 * - a push message delivered to the registered worker through Chromium's own push path
 *   (DevTools `ServiceWorker.deliverPushMessage`: a trusted `push` event, as the push service's
 *   message would raise) makes the worker show the notification: `registration.getNotifications()`
 *   lists it with the server's title, body and tag, and the item's address as an absolute
 *   same-origin URL; a foreign address is replaced by the app's start page;
 * - `notificationclick` on that notification closes it and navigates the app's open window (the
 *   one the worker controls) to the item.
 * Not proven: that a notification is drawn on a screen (headless Chromium keeps it in its list, it
 * draws nothing), and a person's tap: no DevTools command clicks a notification, so the test
 * dispatches the click event itself, inside the worker, with the real Notification object. An
 * untrusted event may not open a new window (`clients.openWindow` needs the tap's user
 * activation), so the "no window open" branch is not driven here.
 *
 * Runs in the full Chromium (e2e/support/browser.ts CHROMIUM_FULL_PATH): the headless shell the
 * rest of the suite uses refuses the notification permission.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_FULL_PATH } from "./support/browser";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_FULL_PATH, args: CHROMIUM_ARGS, headless: true });
});
test.afterAll(async () => {
  await browser?.close();
});

/** Registers the app's root worker as the push switch does, and reloads so the page is controlled by it. */
async function controlledPage(context: BrowserContext, page: Page): Promise<number> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const cdp = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${E2E_BASE_URL}/` && !r.isDeleted)?.registrationId).toBeTruthy();
  const id = registrations.find((r) => r.scopeURL === `${E2E_BASE_URL}/` && !r.isDeleted)!.registrationId;
  (page as Page & { pushTo?: (data: object) => Promise<void> }).pushTo = async (data: object) => {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: E2E_BASE_URL, registrationId: id, data: JSON.stringify(data) });
  };
  return Number(id);
}

const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url: string } })),
  );

test("a push message shows the notification; a click on it opens the item in the app's window", async ({ signInAs, db }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  try {
    await context.grantPermissions(["notifications"], { origin: E2E_BASE_URL });
    const page = await context.newPage();
    await signInAs(page, "staff", "/profile");
    expect(await page.evaluate(() => Notification.permission)).toBe("granted");
    await controlledPage(context, page);
    const pushTo = (page as Page & { pushTo: (data: object) => Promise<void> }).pushTo;

    // The payload the push-deliver job sends (lib/services/push/deliver.ts): the bell's line and the item's path.
    const task = await db.task.findFirstOrThrow({ where: { isPrivate: false, deletedAt: null, isRecurring: false }, select: { id: true } });
    const payload = { title: "BFS Tasks", body: "Jamie Rivera mentioned you in a comment", url: `/tasks/${task.id}`, tag: "e2e-push-1" };
    await pushTo(payload);
    await expect.poll(() => shown(page)).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: `${E2E_BASE_URL}${payload.url}` } }]);

    // A foreign address is never opened: the worker keeps to the app's origin.
    await pushTo({ title: "BFS Tasks", body: "Elsewhere", url: "https://example.com/phish", tag: "e2e-push-2" });
    await expect.poll(async () => (await shown(page)).find((n) => n.tag === "e2e-push-2")?.data.url).toBe(`${E2E_BASE_URL}/`);

    // The tap: notificationclick with the real notification, dispatched inside the worker.
    const worker = context.serviceWorkers().find((w) => w.url() === `${E2E_BASE_URL}/sw.js`) ?? (await context.waitForEvent("serviceworker"));
    const clicked = await worker.evaluate(async (tag) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) return "no notification";
      const event = new Event("notificationclick") as Event & { notification: Notification; waitUntil: (p: Promise<unknown>) => void };
      let work: Promise<unknown> = Promise.resolve();
      Object.defineProperty(event, "notification", { value: notification });
      Object.defineProperty(event, "waitUntil", { value: (p: Promise<unknown>) => (work = p) });
      self.dispatchEvent(event);
      await work;
      return "handled";
    }, payload.tag);
    expect(clicked).toBe("handled");
    await expect(page).toHaveURL(`${E2E_BASE_URL}${payload.url}`);
    // The tapped notification is closed; the other one stays.
    await expect.poll(async () => (await shown(page)).map((n) => n.tag)).toEqual(["e2e-push-2"]);
    await page.screenshot({ path: "test-results/shots/push-worker-opened-390.png" });
  } finally {
    await context.close();
  }
});
