import type { BrowserContext, Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { OFFLINE_MESSAGES } from "../lib/offline/rules";
import { addMembership, createMemorialCase, createTask, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * What the screens say without a signal, on phones (360 and 390 px) and, for the start page, at
 * 1366 px, with the real service worker and Playwright's offline switch: a punch kept on the
 * phone is not shown as confirmed until the server has it; /mobile-punch reloaded offline says
 * the tasks can't be loaded; the installed app's start page `/` opens on My day as the phone last
 * saw it, with Punch working, and keeps nothing of a person after sign-out; a scan kept on the
 * phone turns into "Sent ✓"; /mobile-punch leads into the app. Screenshots:
 * test-results/shots/offline-state-*.png.
 */
const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];
const DESKTOP = { width: 1366, height: 900 };
const KEPT_MY_DAY_KEY = "bfs.keptMyDay.v1";
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/offline-state-${name}.png`, fullPage: true });

let seq = 0;
/** A staff member of their own, with a task overdue since yesterday (so it is among "my tasks for today"). */
async function staffWithTask(db: PrismaClient, title: string) {
  const tag = `${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;
  const user = await createUser(db, { email: `offline-state-${tag}@example.test`, firstName: "Noor", lastName: "Haddad", role: "staff" });
  const unit = await createUnit(db, { name: `Front desk ${tag}` });
  await addMembership(db, unit.id, user.id);
  const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, title, dueDate: new Date(Date.now() - 26 * 3_600_000) });
  return { user, task };
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Waits until the service worker controls the page and has kept `path` for opening without a signal. */
async function waitForKept(page: Page, path: string, reload = true) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (reload) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => page.evaluate(async (p) => Boolean(await caches.match(new URL(p, location.origin).href)), path), { timeout: 20_000 }).toBe(true);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("offline states that tell the truth", () => {
  for (const viewport of PHONES) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });

      test("/mobile-punch: a punch kept on the phone says 'Saved on this phone, not sent yet' until the server has it, then 'You're punched in'", async ({ page, context, db, signInAs }) => {
        const { user } = await staffWithTask(db, "Call back the Hendersons");
        await signInAs(page, { email: user.email }, "/mobile-punch");
        const state = page.getByTestId("punch-state");
        await expect(state).toHaveAttribute("data-state", "out");

        await goOffline(context, page);
        await state.getByRole("button", { name: "Punch In" }).click();
        const card = page.getByTestId("punch-card");
        await expect(card).toHaveAttribute("data-sent", "false");
        await expect(card).toContainText(OFFLINE_MESSAGES.notSentYet);
        await expect(card).toContainText(/Punched in at \d{1,2}:\d{2}\s?[AP]M on this phone/);
        // Not the confirmed state's big green ✓ and words.
        await expect(page.getByText("You're punched in")).toHaveCount(0);
        expect(await noSideScroll(page)).toBe(true);
        await shot(page, `saved-not-sent-${viewport.width}`);
        expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(0);

        await context.setOffline(false);
        await expect(card).toHaveAttribute("data-sent", "true", { timeout: 15_000 });
        await expect(card).toContainText("You're punched in");
        await expect(page.getByText(OFFLINE_MESSAGES.notSentYet)).toHaveCount(0);
        await expect.poll(() => db.punchSession.count({ where: { userId: user.id, recordedOfflineAt: { not: null } } })).toBe(1);
        await shot(page, `sent-${viewport.width}`);
      });

      test("/mobile-punch reloaded without a signal says the tasks can't be loaded, never 'Nothing due today.'", async ({ page, context, db, signInAs }) => {
        const { user, task } = await staffWithTask(db, "Return the Whiskers urn");
        await signInAs(page, { email: user.email }, "/mobile-punch");
        const tasks = page.getByRole("region", { name: "My tasks for today" });
        await expect(tasks).toContainText(task.title);
        await waitForKept(page, "/mobile-punch");

        await goOffline(context, page);
        await page.reload();
        await expect(page.getByRole("heading", { name: "Mobile Punch" })).toBeVisible();
        await expect(tasks.getByTestId("today-tasks-unavailable")).toHaveText("Your tasks can't be loaded offline. They show again when the signal returns.");
        await expect(tasks.getByText("Nothing due today.")).toHaveCount(0);
        // The task clock is not kept offline: no Clock In is offered.
        await expect(page.getByRole("button", { name: /^Clock in to/ })).toHaveCount(0);
        expect(await noSideScroll(page)).toBe(true);
        await shot(page, `mobile-punch-reloaded-offline-${viewport.width}`);

        await context.setOffline(false);
        await expect(tasks).toContainText(task.title, { timeout: 15_000 });
      });

      test("/mobile-punch leads into the app: a link to My day and the Task List, above the fold", async ({ page, db, signInAs }) => {
        const { user, task } = await staffWithTask(db, "Engrave the memorial plaque");
        await signInAs(page, { email: user.email }, "/mobile-punch");
        const link = page.getByRole("link", { name: /My day & Task List/ });
        await expect(link).toBeVisible();
        const box = (await link.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(box.height).toBeGreaterThanOrEqual(24);
        await shot(page, `mobile-punch-link-${viewport.width}`);
        await link.click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByTestId("my-day")).toContainText(task.title);
      });
    });
  }

  test.describe("390 px", () => {
    test.use({ viewport: PHONES[1] });

    test("/scan: a scan kept on the phone turns into 'Sent ✓' once the server has it", async ({ page, context, db, signInAs }) => {
      const { user } = await staffWithTask(db, "Greet the family");
      const kase = await createMemorialCase(db, { createdById: user.id, petName: `Pepper ${Date.now().toString(36)}` });
      await signInAs(page, { email: user.email }, "/scan");
      await page.getByRole("button", { name: "Intake", exact: true }).click();
      await expect(page.getByTestId("scan-station")).toContainText("Intake");

      await goOffline(context, page);
      await page.getByLabel("Or type the case number or tag serial").fill(kase.number);
      await page.getByRole("button", { name: "Record" }).click();
      const answer = page.getByTestId("scan-answer");
      await expect(answer).toContainText(OFFLINE_MESSAGES.savedOnPhone);
      await expect(answer).toHaveAttribute("data-sent", "false");
      await shot(page, "scan-saved-390");

      await context.setOffline(false);
      await expect(answer).toContainText("Sent ✓", { timeout: 15_000 });
      await expect(answer).toHaveAttribute("data-sent", "true");
      await expect(answer).not.toContainText(OFFLINE_MESSAGES.savedOnPhone);
      await expect(answer).toContainText(kase.number);
      await expect.poll(() => db.caseEvent.count({ where: { caseId: kase.id, station: "intake", offline: true } })).toBe(1);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, "scan-sent-390");
    });
  });

  for (const viewport of [PHONES[1]!, DESKTOP]) {
    test.describe(`the start page at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("opened without a signal: My day as the phone last saw it, Punch works; after sign-out nothing of the person is kept", async ({ page, context, db, signInAs }) => {
        const { user, task } = await staffWithTask(db, "Call back the Hendersons about memorial options");
        await signInAs(page, { email: user.email }, "/");
        await expect(page.getByTestId("my-day")).toContainText(task.title);
        await waitForKept(page, "/offline", false);
        // The page's record of My day: the person, the punch state, today's tasks; a few hundred bytes.
        const kept = await page.evaluate((key) => localStorage.getItem(key), KEPT_MY_DAY_KEY);
        expect(kept).toContain(task.title);
        expect(kept!.length).toBeLessThan(4_000);
        // What the worker keeps for the start page: a page with nothing of a person in it, and small.
        const keptPage = await page.evaluate(async () => (await (await caches.match(new URL("/offline", location.origin).href))!.text()));
        expect(keptPage).not.toContain(task.title);
        expect(keptPage).not.toContain(user.email);
        expect(keptPage.length).toBeLessThan(60_000);
        const code = await page.evaluate(async () => {
          const cache = await caches.open("bfs-static-v2");
          let bytes = 0;
          const keys = await cache.keys();
          for (const request of keys) bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
          return { files: keys.length, bytes };
        });
        test.info().annotations.push({ type: "kept", description: `record ${kept!.length} B, page ${keptPage.length} B, code ${code.files} files ${code.bytes} B` });

        // The installed app opens `/` with no signal.
        await goOffline(context, page);
        await page.goto("/");
        await expect(page.getByRole("heading", { name: "My day", level: 1 })).toBeVisible();
        const banner = page.getByTestId("offline-start-banner");
        await expect(banner).toContainText("You're offline");
        await expect(banner).toContainText(/My day as this phone last saw it, at \d{1,2}:\d{2}\s?[AP]M/);
        await expect(page.getByText("Signed in as Noor Haddad")).toBeVisible();
        await expect(page.getByTestId("today-kept")).toContainText("saved on this phone");
        await expect(page.getByRole("region", { name: "My tasks for today" })).toContainText(task.title);
        expect(await noSideScroll(page)).toBe(true);
        await shot(page, `start-offline-${viewport.width}`);

        // Punch works offline: kept on the phone, said so, sent when the signal returns.
        const state = page.getByTestId("punch-state");
        await expect(state).toHaveAttribute("data-state", "out");
        await state.getByRole("button", { name: "Punch In" }).click();
        await expect(page.getByTestId("punch-card")).toContainText(OFFLINE_MESSAGES.notSentYet);
        await shot(page, `start-offline-saved-${viewport.width}`);
        // A reload without a signal keeps all of it.
        await page.reload();
        await expect(page.getByTestId("punch-card")).toContainText(OFFLINE_MESSAGES.notSentYet);
        expect(await db.punchSession.count({ where: { userId: user.id } })).toBe(0);

        await context.setOffline(false);
        await expect(page.getByTestId("punch-card")).toContainText("You're punched in", { timeout: 15_000 });
        await expect(banner).toContainText("Showing the copy kept on this phone");
        await expect.poll(() => db.punchSession.count({ where: { userId: user.id, recordedOfflineAt: { not: null } } })).toBe(1);
        await shot(page, `start-online-again-${viewport.width}`);
        await banner.getByRole("link", { name: "Open My day" }).click();
        await expect(page.getByTestId("my-day")).toContainText(task.title);

        // Signing out forgets the record and the kept pages; offline, `/` then shows no one's day.
        await page.goto("/mobile-punch");
        await page.getByRole("button", { name: "Sign out" }).click();
        await expect(page.getByRole("form", { name: "Sign in to punch" })).toBeVisible();
        await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_MY_DAY_KEY)).toBeNull();
        // No page the workers keep carries the person (a copy fetched after the sign-out is the sign-in form).
        const keptPages = () =>
          page.evaluate(async () => {
            const texts: string[] = [];
            for (const name of await caches.keys()) {
              if (!name.startsWith("bfs-shell-")) continue;
              const cache = await caches.open(name);
              for (const request of await cache.keys()) texts.push(await (await cache.match(request))!.text());
            }
            return texts.join("\n");
          });
        await expect.poll(async () => (await keptPages()).includes(user.email) || (await keptPages()).includes("Noor Haddad")).toBe(false);
        await goOffline(context, page);
        await page.goto("/");
        await expect(page.getByTestId("offline-start-empty")).toBeVisible();
        await expect(page.getByText(task.title)).toHaveCount(0);
        await expect(page.getByText("Noor Haddad")).toHaveCount(0);
        await shot(page, `start-offline-signed-out-${viewport.width}`);
      });
    });
  }
});
