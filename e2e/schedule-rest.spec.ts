import type { BrowserContext, Page } from "@playwright/test";
import { addDays, businessToday, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { clock24, fromLocalInput } from "@/lib/dates/wall-clock";
import { shiftSpan } from "@/lib/schedule/format";
import { addMembership, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The schedule's remainder on screen (docs/schedules.md): a shift dragged on the week grid shows
 * the target's conflicts before the drop (1366 px); a member withdraws an availability exception
 * (1366 and 390 px); My day and /mobile-punch show today's shift line, also offline from the
 * shifts kept on the phone (1366 and 390 px). Screenshots: test-results/shots/schedule-rest-*.png.
 */
const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/schedule-rest-${name}.png`, fullPage: true });
// While a shift is held: the window as it is. A full-page shot resizes the window, and a resize ends the drag (dnd-kit cancels it).
const heldShot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/schedule-rest-${name}.png` });
type Db = Parameters<Parameters<typeof test>[2]>[0]["db"];

let seq = 0;
async function team(db: Db) {
  const tag = `${Date.now().toString(36)}-${++seq}`;
  const unit = await createUnit(db, { name: `Front desk ${tag}` });
  const manager = await createUser(db, { email: `srest-m-${tag}@example.test`, firstName: "Priya", lastName: "Shah", role: "manager" });
  const ana = await createUser(db, { email: `srest-a-${tag}@example.test`, firstName: "Ana", lastName: "Lee" });
  const ben = await createUser(db, { email: `srest-b-${tag}@example.test`, firstName: "Ben", lastName: "Ortiz" });
  for (const u of [manager, ana, ben]) await addMembership(db, unit.id, u.id);
  return { unit, manager, ana, ben };
}

const aShift = (db: Db, unitId: string, userId: string, createdById: string, day: string, from: string, to: string, extra: { roleLabel?: string; published?: boolean } = {}) =>
  db.shift.create({
    data: {
      unitId,
      userId,
      roleLabel: extra.roleLabel ?? null,
      startsAt: new Date(fromLocalInput(`${day}T${from}`)),
      endsAt: new Date(fromLocalInput(`${day}T${to}`)),
      status: extra.published ? "published" : "draft",
      publishedAt: extra.published ? new Date() : null,
      createdById,
    },
  });

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe("dragging a shift shows the target's conflicts before the drop", () => {
  test.use({ viewport: DESKTOP });

  test("over a member on approved time off, then over a second cell, then put back with Escape", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    const { unit, manager, ana, ben } = await team(db);
    const monday = addDays(weekStart(businessToday(), WEEK_STARTS_ON), 7);
    const wednesday = addDays(monday, 2);
    const vacation = await db.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } });
    await db.timeOffRequest.create({
      data: { userId: ana.id, typeId: vacation.id, startDay: new Date(`${wednesday}T00:00:00Z`), endDay: new Date(`${wednesday}T00:00:00Z`), minutesPerDay: 480, minutes: 480, status: "approved", decidedAt: new Date() },
    });
    // Ben has 4 × 9 h; Ana one 9 h shift on Monday, the one dragged.
    await aShift(db, unit.id, ana.id, manager.id, monday, "08:00", "17:00", { roleLabel: "Crematory" });
    for (let i = 0; i < 4; i++) await aShift(db, unit.id, ben.id, manager.id, addDays(monday, i), "08:00", "17:00");

    await signInAs(page, { email: manager.email }, "/schedule");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(page.getByText(`Week of ${dayLabel(monday)}`)).toBeVisible();
    const chip = page.getByTestId("shift-chip").filter({ hasText: "Crematory" });
    await expect(chip).toBeVisible();

    const from = (await chip.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    // Held over Ana's Wednesday (her approved vacation): said before the drop.
    const anaWednesday = (await page.getByRole("button", { name: `Add shift: Ana Lee, ${dayLabel(wednesday)}` }).boundingBox())!;
    await page.mouse.move(anaWednesday.x + anaWednesday.width / 2, anaWednesday.y + anaWednesday.height / 2, { steps: 10 });
    const preview = page.getByTestId("drop-conflicts");
    await expect(preview).toHaveCount(1);
    await expect(preview).toContainText("On approved time off (Vacation)");
    await expect(page.getByTestId("drop-announcement")).toHaveText("Ana Lee: On approved time off (Vacation)");
    await heldShot(page, "drag-time-off-1366");
    // Held on over a second cell, Ben's Thursday: that cell is judged now (his own shift there, and
    // a fifth 9-hour day past the overtime threshold); Ana's Wednesday shows nothing any more.
    const benThursday = (await page.getByRole("button", { name: `Add shift: Ben Ortiz, ${dayLabel(addDays(monday, 3))}` }).boundingBox())!;
    await page.mouse.move(benThursday.x + benThursday.width / 2, benThursday.y + benThursday.height / 2, { steps: 10 });
    await expect(preview).toHaveCount(1);
    await expect(preview).toContainText("Overlaps another shift of Ben Ortiz");
    await expect(preview).not.toContainText("time off");
    await expect(page.getByTestId("drop-announcement")).toContainText("Ben Ortiz: Overlaps another shift of Ben Ortiz");
    await heldShot(page, "drag-second-cell-1366");
    // Escape puts it back: the preview and its announcement go.
    await page.keyboard.press("Escape");
    await expect(preview).toHaveCount(0);
    await expect(page.getByTestId("drop-announcement")).toHaveText("");
  });

});

test.describe("withdrawing an availability exception", () => {
  for (const size of [DESKTOP, PHONE, SMALL]) {
    test(`a member withdraws their pending exception at ${size.width} px`, async ({ page, db, signInAs }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      const { manager, ana } = await team(db);
      await db.scheduleSettings.upsert({ where: { id: 1 }, create: { id: 1, availabilityRequiresApproval: true }, update: { availabilityRequiresApproval: true } });
      const day = addDays(businessToday(), 9);
      const change = await db.availabilityRequest.create({ data: { userId: ana.id, day: new Date(`${day}T00:00:00Z`), blocks: [{ from: "00:00", to: "24:00", kind: "unavailable" }], note: "Funeral" } });

      await signInAs(page, { email: ana.email }, "/schedule/me");
      const exceptions = page.getByTestId("availability-exceptions");
      await expect(exceptions).toContainText(dayLabel(day));
      await expect(exceptions).toContainText("Waiting for approval");
      await exceptions.getByRole("button", { name: `Withdraw the exception of ${dayLabel(day)}` }).scrollIntoViewIfNeeded();
      await exceptions.getByRole("button", { name: `Withdraw the exception of ${dayLabel(day)}` }).click();
      const ask = exceptions.getByRole("group", { name: `Withdraw the exception of ${dayLabel(day)}` });
      await expect(ask).toContainText("Withdraw it?");
      await shot(page, `withdraw-ask-${size.width}`);
      await ask.getByRole("button", { name: "Yes, withdraw" }).click();
      await expect(page.getByText("Exception withdrawn", { exact: true })).toBeVisible();
      await expect(exceptions).not.toContainText(dayLabel(day));
      await shot(page, `withdraw-done-${size.width}`);
      const row = await db.availabilityRequest.findUniqueOrThrow({ where: { id: change.id } });
      expect(row.status).toBe("withdrawn");
      expect(await db.auditLog.count({ where: { action: "availability.withdraw", entityId: change.id, actorId: ana.id } })).toBe(1);
      expect(await db.alert.count({ where: { kind: "schedule", subjectType: "availability_withdrawal", subjectId: change.id, userId: manager.id } })).toBe(1);
    });
  }
});

test.describe("today's shift line on My day and /mobile-punch, also offline", () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`My day and /mobile-punch say "Your shift" at ${size.width} px, and /mobile-punch still does offline`, async ({ page, context, db, signInAs }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      const { unit, manager, ana } = await team(db);
      const today = businessToday();
      // A shift today that has not ended, in whole hours of the business zone.
      const hour = Number(clock24(new Date()).slice(0, 2));
      const [from, to] = hour < 15 ? ["08:00", "16:30"] : [`${String(hour).padStart(2, "0")}:00`, "23:30"];
      const shift = await aShift(db, unit.id, ana.id, manager.id, today, from, to, { roleLabel: "Front desk", published: true });
      const line = `Your shift: ${shiftSpan(shift.startsAt, shift.endsAt)}`;

      await signInAs(page, { email: ana.email }, "/");
      await expect(page.getByTestId("my-day-shifts")).toContainText(line);
      await shot(page, `my-day-${size.width}`);

      await page.goto("/mobile-punch");
      await expect(page.getByTestId("your-shift")).toHaveText(line);
      // The worker keeps the screen (a reload goes through it), the page keeps the shifts.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(new URL("/mobile-punch", location.origin).href))), { timeout: 15_000 }).toBe(true);
      await expect(page.getByTestId("your-shift")).toHaveText(line);
      await expect.poll(() => page.evaluate(() => localStorage.getItem("bfs.keptMyShifts.v1"))).toContain(shift.id);

      await goOffline(context, page);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Mobile Punch" })).toBeVisible();
      const offline = page.getByTestId("your-shift");
      await expect(offline).toContainText(line);
      await expect(offline).toContainText(/Saved on this phone at \d{1,2}:\d{2} [AP]M/);
      await shot(page, `mobile-punch-offline-${size.width}`);
      await context.setOffline(false);
    });
  }
});
