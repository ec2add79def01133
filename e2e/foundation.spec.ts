import type { APIResponse, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * The server conventions and shared UI, driven through the real app: the not-found page,
 * security headers, the health check, the malformed-JSON 400, and the toasts (spec §9: one at a
 * time, 5000 ms, swipe right past 50 px, F8) through the login page's "Login failed" toast.
 * Screenshots land in test-results/shots/.
 */

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/${name}.png`, fullPage: true });

let seq = 0;
/** An address no account has, so every attempt fails the same way and no lockout builds up. */
const strangerEmail = () => `nobody-${Date.now().toString(36)}-${++seq}@example.test`;

/** Radix's toast viewport: the labelled region, and the toast items listed in it. */
const toastRegion = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const toasts = (page: Page): Locator => toastRegion(page).locator("li");

async function failLogin(page: Page, email = strangerEmail()) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens the login page and raises one "Login failed" toast. */
async function raiseLoginToast(page: Page): Promise<Locator> {
  await page.goto("/");
  await failLogin(page);
  const item = toasts(page);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Login failed");
  return item;
}

function expectSecurityHeaders(response: APIResponse | { headers(): Record<string, string> }) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

test.describe("not-found page (spec §2: any other path)", () => {
  async function expectNotFound(page: Page, path: string) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    // The app's own page, not Next's default "This page could not be found."
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("This page could not be found")).toHaveCount(0);
    await expect(page).toHaveTitle("Page not found · BFS Tasks");
    const home = page.getByRole("link", { name: "Go Home" });
    await expect(home).toHaveAttribute("href", "/");
    return home;
  }

  test("signed out: an unknown path shows the app's not-found page with a link home", async ({ page }) => {
    const home = await expectNotFound(page, "/no-such-page/at-all");
    await shot(page, "not-found-desktop-signed-out");
    await page.setViewportSize(PHONE);
    await shot(page, "not-found-phone-signed-out");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("signed in: an unknown path shows the same page, and Go Home leads to the task list", async ({ page, signInAs }) => {
    await signInAs(page, "staff");
    const home = await expectNotFound(page, "/definitely-missing");
    await shot(page, "not-found-desktop-signed-in");
    await page.setViewportSize(PHONE);
    await shot(page, "not-found-phone-signed-in");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    // Staff start on My day, the top of the task list (docs/shell.md).
    await expect(page.getByRole("heading", { name: "My day" })).toBeVisible();
  });

  test("an unknown path under a signed-in-only route is not found once signed in", async ({ page, signInAs }) => {
    await signInAs(page, "staff");
    await expectNotFound(page, "/tasks/not-a-real/deep/path");
  });
});

test.describe("server conventions", () => {
  test("security headers on a page, an API response and a 404", async ({ page, request }) => {
    const pageResponse = await page.goto("/");
    expect(pageResponse?.status()).toBe(200);
    expectSecurityHeaders(pageResponse!);

    const api = await request.get("/api/health");
    expectSecurityHeaders(api);

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing);

    const apiError = await request.post("/api/login", { headers: { "content-type": "application/json" }, data: Buffer.from("{") });
    expectSecurityHeaders(apiError);
  });

  test("GET /api/health is liveness only; GET /api/ready reports the database and migrations", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const ready = await request.get("/api/ready");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, database: "up", pendingMigrations: [], shuttingDown: false });
  });

  test("POST /api/login with malformed JSON is a 400 with a flat message", async ({ request }) => {
    const response = await request.post("/api/login", {
      headers: { "content-type": "application/json" },
      // A Buffer goes out as is (a string would be JSON-encoded into a valid JSON string).
      data: Buffer.from('{"email": "admin@bfs.demo", "password": '),
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({ message: "Malformed JSON body" });
  });
});

test.describe("toasts in the real UI (spec §9)", () => {
  test("two failed sign-ins in quick succession leave exactly one toast", async ({ page }) => {
    const item = await raiseLoginToast(page);
    await item.evaluate((element) => element.setAttribute("data-first-toast", ""));
    // The second attempt lands while the first toast is still up: its toast replaces the first.
    await failLogin(page);
    await expect(toastRegion(page).locator("li[data-first-toast]")).toHaveCount(0);
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Login failed");
    // The failure is a destructive toast.
    await expect(item).toHaveClass(/bg-red-600/);
    await expect(item).toHaveCSS("opacity", "1"); // past the 300 ms fade-in
    await shot(page, "toast-desktop");

    await page.setViewportSize(PHONE);
    await failLogin(page);
    await expect(item).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expect(item).toBeInViewport();
    await expect(item).toHaveCSS("opacity", "1");
    await shot(page, "toast-phone");
  });

  test("F8 moves focus into the toast region", async ({ page }) => {
    await raiseLoginToast(page);
    await page.getByLabel("Email").focus();
    await page.keyboard.press("F8");
    const focusedInRegion = await page.evaluate(
      () => document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label") ?? null,
    );
    expect(focusedInRegion).toBe("Notifications (F8)");
    // From there, Tab reaches the toast and its Close button.
    await page.keyboard.press("Tab");
    await expect(toasts(page)).toBeFocused();
  });

  test("swiping right with the mouse dismisses the toast; a short drag does not", async ({ page }) => {
    const item = await raiseLoginToast(page);
    const box = (await item.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 3;

    // 30 px: under the 50 px threshold, the toast springs back and stays.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 6 });
    await page.mouse.up();
    await expect(item).toHaveCount(1);

    // 80 px: past the threshold, it goes.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 8 });
    await page.mouse.up();
    await expect(item).toHaveCount(0);
  });

  test("a toast goes away by itself after about 5 seconds", async ({ page }) => {
    await page.goto("/");
    // Times the toast's life in the page itself, so test polling does not blur the measurement.
    await page.evaluate(() => {
      const times: { added?: number; removed?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver(() => {
        const present = document.querySelector('[role="region"][aria-label="Notifications (F8)"] li') !== null;
        if (present && times.added === undefined) times.added = performance.now();
        if (!present && times.added !== undefined && times.removed === undefined) times.removed = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await failLogin(page);
    const item = toasts(page);
    await expect(item).toContainText("Login failed");
    // Keep the pointer off the toast: hovering it pauses the timer (Radix).
    await page.mouse.move(5, 800);
    // The page's own clock decides, not a fixed wait here: on a loaded machine the assertion above
    // can pass a second or more after the toast appeared, and a 4 s sleep then overshot its life.
    await expect(item).toHaveCount(0, { timeout: 10_000 });
    const { added, removed } = await page.evaluate(() => (window as unknown as { toastTimes: { added: number; removed: number } }).toastTimes);
    const shownFor = removed - added;
    // The observer's callback can run a few hundred ms after the toast was inserted while the main
    // thread is busy (measured 4.56–4.88 s on a loaded machine), which only shortens the figure:
    // the lower bound allows for that, the upper bound still holds the 5 s life.
    expect(shownFor).toBeGreaterThanOrEqual(4_400);
    expect(shownFor).toBeLessThan(5_600);
  });
});
