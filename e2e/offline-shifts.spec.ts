import type { BrowserContext, Page } from "@playwright/test";
import { addDays, businessToday } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { fromLocalInput } from "@/lib/dates/wall-clock";
import { KEPT_MY_SHIFTS_KEY } from "@/lib/offline/kept-my-shifts";
import { addMembership, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * My shifts kept on the phone (390 px): /schedule/me, once seen, opens without a signal (the
 * service worker keeps the page, the device keeps the shifts) with "Saved …; you're offline", and
 * signing out forgets both. docs/schedules.md "Offline". Screenshots: test-results/shots/offline-shifts-*.png.
 */
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/offline-shifts-${name}.png`, fullPage: true });

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe("my shifts offline", () => {
  test.use({ viewport: PHONE });

  test("/schedule/me seen once opens offline with the kept shifts; signing out forgets them", async ({ page, context, db, signInAs }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const unit = await createUnit(db, { name: `Front desk ${tag}` });
    const manager = await createUser(db, { email: `offsh-m-${tag}@example.test`, firstName: "Priya", lastName: "Shah", role: "manager" });
    const ana = await createUser(db, { email: `offsh-a-${tag}@example.test`, firstName: "Ana", lastName: "Lee" });
    for (const u of [manager, ana]) await addMembership(db, unit.id, u.id);
    const day = addDays(businessToday(), 2);
    await db.shift.create({
      data: {
        unitId: unit.id,
        userId: ana.id,
        roleLabel: "Front desk",
        startsAt: new Date(fromLocalInput(`${day}T08:00`)),
        endsAt: new Date(fromLocalInput(`${day}T16:30`)),
        status: "published",
        publishedAt: new Date(),
        createdById: manager.id,
      },
    });

    await signInAs(page, { email: ana.email }, "/schedule/me");
    const mine = page.getByTestId("my-shifts");
    await expect(mine).toContainText("8:00–4:30");
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_MY_SHIFTS_KEY)).toContain("Front desk");
    // The first visit loaded before the worker existed: a reload goes through it and keeps the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(new URL("/schedule/me", location.origin).href))), { timeout: 15_000 }).toBe(true);
    await expect(mine).toContainText("8:00–4:30");

    await goOffline(context, page);
    await page.reload();
    const kept = page.getByTestId("kept-shifts");
    await expect(kept).toContainText(/Saved \d{1,2}:\d{2} [AP]M; you're offline/);
    await expect(kept).toContainText(dayLabel(day));
    await expect(kept).toContainText("8:00–4:30");
    await expect(kept).toContainText("Front desk");
    await shot(page, "reloaded-390");
    // A navigation (not a reload) to the screen without a signal works too.
    await page.goto("/schedule/me");
    await expect(page.getByTestId("kept-shifts")).toContainText("8:00–4:30");

    // Back online, sign out: the kept shifts and the kept page go.
    await context.setOffline(false);
    await page.goto("/schedule/me");
    await expect(mine).toContainText("8:00–4:30");
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_MY_SHIFTS_KEY)).toBeNull();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            if (!name.startsWith("bfs-shell-")) continue;
            if (await (await caches.open(name)).match(new URL("/schedule/me", location.origin).href)) return true;
          }
          return false;
        }),
      )
      .toBe(false);
  });
});
