import type { Page } from "@playwright/test";
import { addDays, weekStart } from "../lib/dates";
import { combineDayAndTime } from "../lib/dates/day-time";
import { dayOf } from "../lib/time/calc";
import { addMembership, createPunchSession, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Attendance against the schedule (docs/schedules.md "Attendance"), at 1366 and 390 px: the time
 * card's day view shows each day's published shift beside the punches, and the accountability
 * report shows scheduled against worked hours, with the list behind them.
 * Screenshots: test-results/shots/attendance-*.png.
 */

const TZ = "America/Chicago";
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/attendance-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const wall = (day: string, time: string) => combineDayAndTime(day, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), "start", TZ);

test("the time card shows each day's shift beside the punches; accountability shows scheduled against worked hours", async ({ page, db, signInAs }) => {
  test.setTimeout(180_000);
  const tag = uniq();
  const admin = await db.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
  const member = await createUser(db, { role: "staff", firstName: "Rae", lastName: `Shift ${tag}` });
  const name = `Rae Shift ${tag}`;
  const unit = await createUnit(db, { name: `Front office ${tag}` });
  await addMembership(db, unit.id, member.id);
  // Tuesday and Wednesday of last week.
  const tuesday = addDays(weekStart(dayOf(new Date(), TZ), 1), -6);
  const wednesday = addDays(tuesday, 1);
  const shift = (day: string, from: string, to: string, breakMinutes: number) =>
    db.shift.create({ data: { unitId: unit.id, userId: member.id, roleLabel: "Front desk", startsAt: wall(day, from), endsAt: wall(day, to), breakMinutes, status: "published", publishedAt: new Date(), createdById: admin.id } });
  // Tuesday 8:00–4:30 less 30 min (8 h), punched 7:58–4:31 (8 h 33 = 8.55 h); Wednesday 8:00–12:00 (4 h), a no-show.
  await shift(tuesday, "08:00", "16:30", 30);
  await shift(wednesday, "08:00", "12:00", 0);
  await createPunchSession(db, { userId: member.id, punchInAt: wall(tuesday, "07:58"), punchOutAt: wall(tuesday, "16:31") });

  for (const [size, label] of [
    [DESKTOP, "1366"],
    [PHONE, "390"],
  ] as const) {
    await page.setViewportSize(size);
    if (label === "1366") await signInAs(page, "admin", `/admin/time-card?member=${member.id}&period=${tuesday}`);
    else await page.goto(`/admin/time-card?member=${member.id}&period=${tuesday}`);
    const day = page.getByTestId(`time-day-${tuesday}`);
    await expect(day.getByTestId("day-shift")).toHaveText("Shift 8:00–4:30 · Front desk");
    await expect(day.getByTestId("time-punch")).toContainText("7:58 AM – 4:31 PM");
    await expect(page.getByTestId(`time-day-${wednesday}`).getByTestId("day-shift")).toHaveText("Shift 8:00–12:00 · Front desk");
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, `time-card-${label}`);

    await page.goto("/admin/accountability");
    await expect(page.getByRole("heading", { name: "Accountability", level: 1 })).toBeVisible();
    await page.getByLabel("Period").selectOption("last-week");
    const row = page.getByTestId("acc-row-userId").filter({ hasText: name });
    const scheduled = row.getByRole("button", { name: `Scheduled hours of ${name}: 12.00. Show the list` });
    await expect(scheduled).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole("button", { name: `Worked hours of ${name}: 8.55. Show the list` })).toBeVisible();
    await expect(row.getByRole("button", { name: `No-shows of ${name}: 1. Show the list` })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    // The figures' table scrolls sideways on a phone: bring the hours into view, the page at its top.
    await scheduled.evaluate((el) => el.scrollIntoView({ block: "nearest", inline: "center" }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `accountability-${label}`);
    await scheduled.click();
    const drill = page.getByRole("dialog", { name: `Scheduled hours: ${name}` });
    // The drill-down recomputes the period on the server: slow on a loaded machine.
    const items = drill.getByRole("list", { name: "Scheduled hours" }).getByRole("listitem");
    await expect(items).toHaveCount(2, { timeout: 30_000 });
    await expect(items.first()).toContainText("8:00–4:30 · Front desk · 8.00 h");
    await expect(items.nth(1)).toContainText("8:00–12:00 · Front desk · 4.00 h");
    await drill.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await shot(page, `accountability-drill-${label}`);
    await page.keyboard.press("Escape");
  }
});
