/**
 * Calendar feeds on My Profile (docs/calendar.md), at 1366, 390 and 360 px: a member creates the
 * "My tasks" feed, its address is shown once (webcal:// and https, each copied to the clipboard),
 * the https address answers an iCalendar document, the feed is listed after a reload, and
 * Revoke (confirmed) makes the address answer 404. The card fits the phone widths.
 * Screenshots: test-results/shots/calendar-feeds-*.png.
 */
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { expect, test } from "./support/fixtures";

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/calendar-feeds-${name}.png`, fullPage: false });

for (const width of [1366, 390, 360]) {
  test(`calendar feeds at ${width} px: create, copy the address shown once, read it, revoke`, async ({ page, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 740 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs(page, "staff", "/profile");
    const card = page.getByRole("region", { name: "Calendar feeds" });
    await card.scrollIntoViewIfNeeded();
    const available = card.getByRole("list", { name: "Calendars you can subscribe to" });
    await expect(available.getByText("My tasks", { exact: true })).toBeVisible();
    await expect(available.getByText("My shifts", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Create the My tasks feed" }).click();
    const panel = page.getByRole("dialog", { name: "My tasks feed created" });
    const webcal = await panel.getByTestId("calendar-feed-webcal").inputValue();
    const https = await panel.getByTestId("calendar-feed-https").inputValue();
    expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/cal_[A-Za-z0-9_-]{43}\.ics$/);
    expect(https).toBe(webcal.replace(/^webcal:/, new URL(page.url()).protocol));
    await panel.getByRole("button", { name: "Copy Calendar app link" }).click();
    await expect(panel.getByText("Copied to the clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webcal);
    await panel.getByRole("button", { name: "Copy Web address" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(https);
    // The primary button is on screen, even at 360 px.
    const stored = panel.getByRole("button", { name: "I've stored it" });
    await expect(stored).toBeInViewport();
    await shot(page, `created-${width}`);
    // Escape does not lose the address; only the confirm closes it.
    await page.keyboard.press("Escape");
    await expect(panel.getByRole("heading", { name: "My tasks feed created" })).toBeVisible();
    await stored.click();
    await expect(page.getByText(https)).toHaveCount(0);

    // The address answers the calendar, without a session.
    const path = new URL(https).pathname;
    const feed = await page.request.fetch(path, { headers: { cookie: "" } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    // Parsed by the iCalendar rules (ical.js): the calendar's name, and the member's tasks as events.
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.name).toBe("vcalendar");
    expect(String(calendar.getFirstPropertyValue("x-wr-calname"))).toMatch(/My tasks$/);
    expect(calendar.getAllSubcomponents("vevent").every((e) => /^task-.+@bfs-tasks$/.test(String(e.getFirstPropertyValue("uid"))))).toBe(true);

    await page.reload();
    const row = page.getByTestId("calendar-feed-row").filter({ hasText: path.slice("/api/calendar/".length, "/api/calendar/".length + 10) });
    await expect(row.getByText("My tasks")).toBeVisible();
    await expect(row.getByText(/Last read|Not read yet/)).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    await page.getByRole("region", { name: "Calendar feeds" }).screenshot({ path: `test-results/shots/calendar-feeds-list-${width}.png` });

    await row.getByRole("button", { name: "Revoke the My tasks feed" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke this calendar feed?" });
    await confirm.getByRole("button", { name: "Revoke feed" }).click();
    await expect(page.getByText("Calendar feed revoked").first()).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await page.request.fetch(path)).status()).toBe(404);
  });
}
