/**
 * Scoreboard and statistics: the scoreboard ranks the demo team and a member's
 * breakdown opens; statistics renders every chart with data and its table toggle; both at
 * 375 px. Screenshots: test-results/shots/reports-*.png.
 */
import type { Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addMembership, createAuditLog, createPunchSession, createTask, createTimeEntry, createUser } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/reports-${name}.png`, fullPage: true });
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
/** axe's serious and critical findings as "rule: targets" lines (e2e/support/axe.ts). */
async function axeFindings(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `${v.rule}: ${v.targets.join(", ")}`);
}
const uniq = () => Math.random().toString(36).slice(2, 8);
const PANELS = ["throughput", "on-time", "cycle-time", "overdue", "hours", "punch-patterns", "pickups", "recurring"];

/** Work the demo team did just now (this week), plus what every panel needs: a pickup, recurrence, task time, an overdue task. */
async function arrange(db: PrismaClient) {
  const tag = uniq();
  const jamie = await db.user.findUniqueOrThrow({ where: { email: "jamie@bfs.demo" }, include: { memberships: true } });
  const priya = await db.user.findUniqueOrThrow({ where: { email: "priya@bfs.demo" } });
  const unitId = jamie.memberships[0]!.unitId;
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  const done = { status: "completed" as const, organizationalUnitId: unitId, createdById: priya.id };
  const critical = await createTask(db, { ...done, title: `Engrave the memorial plaque ${tag}`, priority: "critical", assigneeId: jamie.id, assigneeType: "user", createdAt: hoursAgo(3), dueDate: new Date(now + 86_400_000), completedAt: new Date(now - 60_000), completedById: jamie.id });
  const pickup = await createTask(db, { ...done, title: `Deliver urn to family ${tag}`, priority: "normal", assigneeId: jamie.id, assigneeType: "user", createdAt: hoursAgo(2), dueDate: new Date(now + 86_400_000), completedAt: new Date(now - 30_000), completedById: jamie.id });
  await createAuditLog(db, { actorId: jamie.id, action: "task.claim", entityType: "task", entityId: pickup.id, createdAt: hoursAgo(1) });
  await createTask(db, { ...done, title: `Order flowers ${tag}`, priority: "normal", assigneeId: priya.id, assigneeType: "user", createdAt: hoursAgo(3), dueDate: new Date(now + 86_400_000), completedAt: new Date(now - 90_000), completedById: priya.id });
  await createTask(db, { organizationalUnitId: unitId, createdById: priya.id, title: `Overdue follow-up call ${tag}`, assigneeId: jamie.id, assigneeType: "user", createdAt: hoursAgo(24 * 6), dueDate: hoursAgo(24 * 4) });
  const series = await createTask(db, { organizationalUnitId: unitId, createdById: priya.id, title: `Weekly kennel check ${tag}`, isRecurring: true, recurringPattern: "weekly", createdAt: hoursAgo(24 * 8), dueDate: hoursAgo(24 * 7) });
  await createTask(db, { ...done, title: `Weekly kennel check ${tag}`, recurrenceSourceId: series.id, createdAt: hoursAgo(24 * 7), dueDate: hoursAgo(24 * 6), completedAt: hoursAgo(24 * 6), completedById: jamie.id });
  // Task time of a member of their own (the demo members' punches must not overlap).
  const puncher = await createUser(db, { firstName: "Punch", lastName: `Tester ${tag}` });
  await addMembership(db, unitId, puncher.id);
  const punch = await createPunchSession(db, { userId: puncher.id, punchInAt: hoursAgo(26), punchOutAt: hoursAgo(20) });
  await createTimeEntry(db, { userId: puncher.id, taskId: critical.id, punchSessionId: punch.id, startedAt: hoursAgo(25), endedAt: hoursAgo(22) });
  return { critical };
}

// The settings are one row shared by the whole run: the authorization matrix and fuzzing PUT it
// too. Start each test from the defaults (names shown to staff, contractors excluded).
test.beforeEach(async ({ db }) => {
  await db.scoreboardSettings.deleteMany();
  await db.scoreboardSettings.create({ data: { id: 1 } });
});

test.describe("scoreboard and statistics", () => {
  test("the scoreboard ranks the demo team and a member's breakdown opens", async ({ page, db, signInAs }) => {
    // axe, two full-page shots and a period switch over every active member of the run: slow under load.
    test.setTimeout(180_000);
    const { critical } = await arrange(db);
    await signInAs(page, "staff", "/scoreboard");
    await expect(page.getByRole("heading", { name: "Scoreboard" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "This week" })).toHaveAttribute("aria-checked", "true");
    const rows = page.getByTestId("scoreboard-member");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(2);
    // Ranks start at 1 and never go down the table; points never go up.
    const ranks = (await rows.locator("td:nth-child(1)").allTextContents()).map(Number);
    const points = (await rows.locator("td:nth-child(4)").allTextContents()).map(Number);
    expect(ranks[0]).toBe(1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    await expect(page.getByTestId("scoreboard-department").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Highlights" })).toContainText("Pickups hero");
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, "scoreboard");

    await page.getByRole("button", { name: /Show the points of Jamie/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(/points, this week/);
    await expect(dialog.getByRole("link", { name: new RegExp(critical.title) })).toBeVisible();
    await expect(dialog.getByTestId("breakdown-task").filter({ hasText: critical.title })).toContainText("7.5");
    await shot(page, "scoreboard-breakdown");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("radio", { name: "Last month" }).click();
    await expect(page.getByText(/^Last month:/)).toBeVisible();
  });

  test("an admin opens the scoreboard settings", async ({ page, signInAs }) => {
    test.setTimeout(90_000);
    await signInAs(page, "admin", "/scoreboard");
    await page.getByRole("button", { name: "Scoreboard settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Scoreboard settings" });
    await expect(dialog.getByLabel("Critical priority weight")).toHaveValue("5");
    await expect(dialog.getByLabel(/Leave contractors out/)).toBeChecked();
    await shot(page, "scoreboard-settings");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Scoreboard settings saved").first()).toBeVisible();
  });

  test("statistics renders every chart with data, and each table", async ({ page, db, signInAs }) => {
    test.setTimeout(240_000);
    await arrange(db);
    await signInAs(page, "manager", "/statistics");
    await expect(page.getByRole("heading", { name: "Statistics" })).toBeVisible();
    for (const panel of PANELS) {
      const card = page.getByTestId(`stat-panel-${panel}`);
      await expect(card.locator("figure").first(), `${panel} draws a chart`).toBeVisible({ timeout: 60_000 });
      await expect(card).not.toContainText("No data for this range");
    }
    await expect(page.getByTestId("stat-panel-throughput").locator(".recharts-bar-rectangle").first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, "statistics");
    for (const panel of PANELS) {
      const card = page.getByTestId(`stat-panel-${panel}`);
      await card.getByRole("button", { name: "View as table" }).click();
      await expect(card.getByTestId("stat-table").first()).toBeVisible();
      await expect(card.getByRole("button", { name: "View as chart" })).toHaveAttribute("aria-pressed", "true");
    }
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, "statistics-tables");
    const download = page.waitForEvent("download");
    await page.getByTestId("stat-panel-throughput").getByRole("button", { name: /Export CSV/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^throughput-weekly-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

test.describe("phone width", () => {
  test.use({ viewport: PHONE });

  test("the scoreboard and statistics fit 375 px", async ({ page, db, signInAs }) => {
    test.setTimeout(240_000);
    await arrange(db);
    await signInAs(page, "staff", "/scoreboard");
    await expect(page.getByTestId("scoreboard-member").first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "scoreboard-phone");
    await page.getByRole("button", { name: /Show the points of Jamie/ }).click();
    await expect(page.getByTestId("breakdown-task").first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "scoreboard-breakdown-phone");
    await page.keyboard.press("Escape");

    await page.goto("/statistics");
    for (const panel of PANELS) await expect(page.getByTestId(`stat-panel-${panel}`).locator("figure").first()).toBeVisible({ timeout: 60_000 });
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, "statistics-phone");
    const card = page.getByTestId("stat-panel-hours");
    await card.getByRole("button", { name: "View as table" }).click();
    await expect(card.getByTestId("stat-table").first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "statistics-table-phone");
  });
});
