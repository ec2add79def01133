import type { Page } from "@playwright/test";
import { addDays, businessToday, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { fromLocalInput } from "@/lib/dates/wall-clock";
import { addMembership, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Swaps, claims and balances on screen (docs/schedules.md "Swaps and covers", "Policies"), at
 * 1366 px and on a 390 px phone: Ana claims an open shift (on the phone: without a signal, sent
 * when it returns), offers her Monday shift for a swap, Ben gives his Tuesday shift for it, the
 * manager approves on /schedule, and the shifts changed hands; Ana's balance reads line by line.
 * Screenshots: test-results/shots/swaps-*.png (or E2E_SHOTS).
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = process.env.E2E_SHOTS ?? "test-results/shots";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/swaps-${name}.png`, fullPage: true });

let seq = 0;

test.describe("swaps and covers", () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`claim an open shift, offer a swap, a colleague accepts, the manager approves at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      const tag = `${Date.now().toString(36)}-${++seq}`;
      const unit = await createUnit(db, { name: `Front desk ${tag}` });
      const manager = await createUser(db, { email: `swap-m-${tag}@example.test`, firstName: "Priya", lastName: "Shah", role: "manager" });
      const ana = await createUser(db, { email: `swap-a-${tag}@example.test`, firstName: "Ana", lastName: "Lee" });
      const ben = await createUser(db, { email: `swap-b-${tag}@example.test`, firstName: "Ben", lastName: "Ortiz" });
      for (const u of [manager, ana, ben]) await addMembership(db, unit.id, u.id);
      const monday = addDays(weekStart(businessToday(), WEEK_STARTS_ON), 7);
      const [tuesday, wednesday] = [addDays(monday, 1), addDays(monday, 2)];
      const published = (userId: string | null, day: string, role: string) =>
        db.shift.create({
          data: { unitId: unit.id, userId, roleLabel: role, startsAt: new Date(fromLocalInput(`${day}T08:00`)), endsAt: new Date(fromLocalInput(`${day}T16:30`)), status: "published", publishedAt: new Date(), createdById: manager.id },
        });
      const anas = await published(ana.id, monday, "Front desk");
      const bens = await published(ben.id, tuesday, "Crematory");
      await published(null, wednesday, "Kennel");
      const vacation = await db.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } });
      await db.timeOffLedgerEntry.create({ data: { userId: ana.id, typeId: vacation.id, kind: "grant", minutes: 80 * 60, reason: "Yearly grant for 2026", actorId: manager.id } });

      // Ana claims the open Wednesday shift (on the phone: offline, then the signal returns).
      await signInAs(page, { email: ana.email }, "/schedule/me");
      await expect(page.getByRole("heading", { level: 1, name: "My schedule" })).toBeVisible();
      const open = page.getByTestId("open-shifts").getByRole("listitem").filter({ hasText: "Kennel" });
      await expect(open).toContainText(dayLabel(wednesday));
      if (size === PHONE) {
        await page.context().setOffline(true);
        await open.getByRole("button", { name: "Claim" }).click();
        await expect(page.getByText("Claim saved on this phone", { exact: true })).toBeVisible();
        await page.context().setOffline(false);
        await expect(page.getByText("Offline shift claims sent", { exact: true })).toBeVisible({ timeout: 45_000 });
        await page.reload();
      } else {
        await open.getByRole("button", { name: "Claim" }).click();
        await expect(page.getByText("Shift claimed", { exact: true })).toBeVisible();
      }
      await expect(page.getByTestId("my-shifts")).toContainText(dayLabel(wednesday));
      expect((await db.shift.findFirstOrThrow({ where: { unitId: unit.id, roleLabel: "Kennel" } })).userId).toBe(ana.id);

      // She offers Monday for a swap.
      const monRow = page.getByTestId("my-shifts").getByRole("listitem").filter({ hasText: dayLabel(monday) });
      await monRow.getByRole("button", { name: /^Offer / }).click();
      await monRow.getByLabel("Offer for").selectOption("swap");
      await monRow.getByLabel("Note").fill("Dentist on Monday");
      await monRow.getByRole("button", { name: "Send offer" }).click();
      await expect(page.getByText("Swap offered", { exact: true })).toBeVisible();
      await expect(page.getByTestId("swaps-mine")).toContainText(`My swap offer · ${dayLabel(monday)}`);
      await expect(monRow).toContainText("Offered");
      await shot(page, `offered-${size.width}`);

      // Ben gives his Tuesday shift for it.
      await signInAs(page, { email: ben.email }, "/schedule/me");
      const offer = page.getByTestId("swaps-offered").getByRole("listitem").filter({ hasText: "Ana Lee" });
      await expect(offer).toContainText("Dentist on Monday");
      await expect(offer.getByLabel("My shift to give in exchange")).toHaveValue(bens.id);
      await offer.getByRole("button", { name: "Swap" }).click();
      await expect(page.getByText("Accepted", { exact: true })).toBeVisible();
      await expect(offer).toContainText("Waiting for approval");
      await shot(page, `accepted-${size.width}`);

      // Priya approves on /schedule.
      await signInAs(page, { email: manager.email }, "/schedule");
      const waiting = page.getByTestId("swap-approvals").getByRole("listitem").filter({ hasText: "Ana Lee and Ben Ortiz swap" });
      await expect(waiting).toContainText(`Ben Ortiz: ${dayLabel(tuesday)}`);
      await shot(page, `to-approve-${size.width}`);
      await waiting.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText("Approved: the shifts changed hands", { exact: true })).toBeVisible();
      await expect(page.getByTestId("swap-approvals")).toContainText("No swaps or covers waiting for approval.");
      expect((await db.shift.findUniqueOrThrow({ where: { id: anas.id } })).userId).toBe(ben.id);
      expect((await db.shift.findUniqueOrThrow({ where: { id: bens.id } })).userId).toBe(ana.id);
      await page.getByRole("button", { name: "Next week" }).click();
      await expect(page.getByText(`Week of ${dayLabel(monday)}`)).toBeVisible();
      await shot(page, `grid-after-${size.width}`);

      // Ana: Tuesday is hers now, Monday is not; she was told; her balance line by line.
      expect(await db.alertRecipient.count({ where: { userId: ana.id, alert: { kind: "schedule", subjectType: "swap" } } })).toBe(2);
      await signInAs(page, { email: ana.email }, "/schedule/me");
      await expect(page.getByTestId("my-shifts")).toContainText(dayLabel(tuesday));
      await expect(page.getByTestId("my-shifts")).not.toContainText(dayLabel(monday));
      await expect(page.getByTestId("swaps-mine").getByRole("listitem").first()).toContainText("approved");
      await expect(page.getByTestId("time-off-balances")).toContainText("Vacation 80 h");
      const lines = page.getByTestId("balance-lines");
      await lines.getByText("how it adds up").first().click();
      await expect(lines).toContainText("Grant · Yearly grant for 2026");
      await expect(lines).toContainText("= 80 h");
      await shot(page, `me-after-${size.width}`);
    });
  }
});
