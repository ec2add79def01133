import type { Page } from "@playwright/test";

/**
 * Time passing in the page without the test waiting for it: runs the page's timers `ms` ahead
 * at once (Playwright's clock; `page.clock.install()` must come before the page loads), then
 * fetches /api/health from the page, so any request those timers started has reached the test's
 * `request` listeners before it checks them (the browser reports a page's requests in order).
 * For checks of what a page does, or does not do, over a stretch of time: a poll every 5 s, a
 * pre-load after 2 s, a toast's life. No real seconds are slept.
 */
export async function runPageTimers(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await flushPageRequests(page);
}

/** A request from the page, answered: the page's earlier requests have been reported by now. */
export async function flushPageRequests(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await fetch("/api/health", { cache: "no-store" });
  });
}
