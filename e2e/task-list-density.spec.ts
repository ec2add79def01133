import type { Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addMembership, createTask, createUnit, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The task list for desks: the Compact density (one line a task, at least 14 tasks above the fold
 * at 1366 × 900) remembered per member across a reload, the list keys (j/k move, Enter opens,
 * x selects for the selection bar) that never fire while typing, and the search box finding a
 * task by "32" or "#32" but never another member's private task. Every test has users of its own.
 * Screenshots: test-results/shots/task-list-*.png at 1366 and 390 px.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/task-list-${name}.png` });

let seq = 0;
/** A manager (starts on the Task List) with `count` tasks of their own, all due in ten days or so. */
async function managerWithTasks(db: PrismaClient, count: number) {
  const tag = `${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;
  const user = await createUser(db, { email: `list-${tag}@example.test`, firstName: "Morgan", lastName: "Price", role: "manager" });
  const unit = await createUnit(db, { name: `Chapel ${tag}` });
  await addMembership(db, unit.id, user.id);
  const tasks = [];
  for (let i = 0; i < count; i++) {
    tasks.push(
      await createTask(db, {
        createdById: user.id,
        organizationalUnitId: unit.id,
        assigneeId: user.id,
        title: `Prepare memorial service booklet ${String(i + 1).padStart(2, "0")} ${tag}`,
        priority: i % 4 === 0 ? "high" : "normal",
        status: i % 5 === 1 ? "in_progress" : "open",
        dueDate: new Date(Date.now() + (10 + i / 24) * 86_400_000),
      }),
    );
  }
  return { user, unit, tasks, tag };
}

const rows = (page: Page) => page.getByTestId("task-row");
const density = (page: Page, name: "Comfortable" | "Compact") => page.getByRole("group", { name: "List density" }).getByRole("button", { name });

/** Rows wholly inside the viewport, the page scrolled to its top. */
async function rowsAboveFold(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return rows(page).evaluateAll((els) =>
    els.filter((el) => {
      const box = el.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }).length,
  );
}

async function showMine(page: Page) {
  await page.locator('select[aria-label="Show"]').selectOption("mine");
  await expect(rows(page).first()).toBeVisible();
}

test.describe("task list density", () => {
  test("Compact shows at least 14 tasks above the fold at 1366 × 900 and is remembered after a reload", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const { user } = await managerWithTasks(db, 20);
    await signInAs(page, { email: user.email });
    await expect(page.getByRole("heading", { level: 1, name: "Task List" })).toBeVisible();
    await showMine(page);
    await expect(density(page, "Comfortable")).toHaveAttribute("aria-pressed", "true");
    const comfortable = await rowsAboveFold(page);
    await shot(page, "comfortable-1366");

    const saved = page.waitForResponse((res) => res.url().endsWith("/api/user/preferences") && res.request().method() === "PATCH" && res.ok());
    await density(page, "Compact").click();
    await saved;
    await expect(density(page, "Compact")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("task-list")).toHaveAttribute("data-density", "compact");
    // One line a task: every row is one text line high.
    const heights = await rows(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThanOrEqual(40);
    const compact = await rowsAboveFold(page);
    expect(compact, `compact rows above the fold (comfortable: ${comfortable})`).toBeGreaterThanOrEqual(14);
    expect(compact).toBeGreaterThan(comfortable);
    await shot(page, "compact-1366");

    // The row still says number, title, status, assignee, due and priority.
    const first = rows(page).first();
    await expect(first).toContainText(/#\d+/);
    await expect(first).toContainText("Prepare memorial service booklet");
    await expect(first).toContainText(/Open|In Progress/i);
    await expect(first).toContainText("Morgan Price");
    await expect(first).toContainText(/Normal|High/);

    await page.reload();
    await expect(density(page, "Compact")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("task-list")).toHaveAttribute("data-density", "compact");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).preferences).toMatchObject({ taskListDensity: "compact" });

    // And back.
    const back = page.waitForResponse((res) => res.url().endsWith("/api/user/preferences") && res.request().method() === "PATCH" && res.ok());
    await density(page, "Comfortable").click();
    await back;
    await page.reload();
    await expect(density(page, "Comfortable")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("task-list")).toHaveAttribute("data-density", "comfortable");
  });

  test("at 390 px both densities fit the phone, compact one line a task", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const { user } = await managerWithTasks(db, 16);
    await db.user.update({ where: { id: user.id }, data: { preferences: { taskListDensity: "compact" } } });
    await signInAs(page, { email: user.email });
    await page.getByRole("button", { name: "Filters" }).click();
    await showMine(page);
    await page.getByRole("button", { name: "Hide filters" }).click();
    await expect(page.getByTestId("task-list")).toHaveAttribute("data-density", "compact");
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    const heights = await rows(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThanOrEqual(40);
    await rows(page).first().scrollIntoViewIfNeeded();
    await shot(page, "compact-390");
    await density(page, "Comfortable").click();
    await expect(page.getByTestId("task-list")).toHaveAttribute("data-density", "comfortable");
    await rows(page).first().scrollIntoViewIfNeeded();
    await shot(page, "comfortable-390");
  });
});

test.describe("task list keys", () => {
  test("j/k move the cursor, x selects for the selection bar, Enter opens; never while typing; ? lists them", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const { user, tasks } = await managerWithTasks(db, 4);
    await signInAs(page, { email: user.email });
    await showMine(page);
    // Focus leaves the Show select: shortcuts never fire inside a field.
    await page.getByRole("heading", { level: 1, name: "Task List" }).click();

    const current = page.locator('[data-testid="task-row"][data-current="true"]');
    await page.keyboard.press("j");
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("data-task-id", tasks[0]!.id);
    await expect(current.getByRole("link")).toBeFocused();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(current).toHaveAttribute("data-task-id", tasks[2]!.id);
    await page.keyboard.press("k");
    await expect(current).toHaveAttribute("data-task-id", tasks[1]!.id);

    // x selects the cursor's task; the bar counts and offers the list's bulk action.
    await page.keyboard.press("x");
    const bar = page.getByRole("region", { name: "Selected tasks" });
    await expect(bar).toContainText("1 selected");
    await expect(page.locator(`[data-testid="task-row"][data-task-id="${tasks[1]!.id}"]`)).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("j");
    await page.keyboard.press("x");
    await expect(bar).toContainText("2 selected");
    await page.keyboard.press("x");
    await expect(bar).toContainText("1 selected");
    await page.keyboard.press("x");
    await expect(bar).toContainText("2 selected");

    // Typing in the search box moves nothing and selects nothing.
    const search = page.getByRole("searchbox", { name: "Search tasks" });
    await search.click();
    await search.pressSequentially("jkx");
    await expect(search).toHaveValue("jkx");
    await search.fill("");
    await expect(rows(page)).toHaveCount(4);
    await expect(bar).toContainText("2 selected");
    await expect(current).toHaveAttribute("data-task-id", tasks[2]!.id);

    // `?` lists the list's keys beside the others.
    await page.getByRole("heading", { level: 1, name: "Task List" }).click();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    // (The dialog's own element wraps fixed layers and has no box: its heading is what shows.)
    await expect(help.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
    await expect(help).toContainText("Next task");
    await expect(help).toContainText("Previous task");
    await expect(help).toContainText("Open the task");
    await expect(help).toContainText("Select or deselect the task");
    await page.keyboard.press("Escape");
    await expect(help).toHaveCount(0);

    // The bulk action: both selected tasks are completed, through the API's completion rules.
    await bar.getByRole("button", { name: "Complete selected" }).click();
    await expect(page.getByText("2 tasks completed", { exact: true }).first()).toBeVisible();
    await expect.poll(async () => (await db.task.findMany({ where: { id: { in: [tasks[1]!.id, tasks[2]!.id] } }, select: { status: true } })).map((t) => t.status)).toEqual(["completed", "completed"]);
    await expect(rows(page)).toHaveCount(2);

    // Enter opens the cursor's task.
    await page.getByRole("heading", { level: 1, name: "Task List" }).click();
    await page.keyboard.press("j");
    await expect(current).toHaveAttribute("data-task-id", tasks[0]!.id);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/tasks/${tasks[0]!.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(tasks[0]!.title);
  });
});

test.describe("search by number", () => {
  test("32 and #32 find the task, a finished one too; another member's private task is not found", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const { user, unit, tasks } = await managerWithTasks(db, 2);
    await db.task.update({ where: { id: tasks[1]!.id }, data: { status: "completed", completedAt: new Date() } });
    const stranger = await createUser(db, { role: "staff" });
    await addMembership(db, unit.id, stranger.id);
    const secret = await createTask(db, { createdById: stranger.id, organizationalUnitId: unit.id, isPrivate: true, assigneeId: user.id, title: "Private urn order" });
    await signInAs(page, { email: user.email });
    const search = page.getByRole("searchbox", { name: "Search tasks" });

    await search.fill(String(tasks[0]!.displayNumber));
    await expect(page.locator(`[data-testid="task-row"][data-task-id="${tasks[0]!.id}"]`)).toBeVisible();
    await search.fill(`#${tasks[1]!.displayNumber}`);
    // Completed, so outside the default Active filter: a number looks past it.
    await expect(page.locator(`[data-testid="task-row"][data-task-id="${tasks[1]!.id}"]`)).toBeVisible();

    // (Other visible tasks whose titles hold those digits may show; the private task never does.)
    for (const q of [`#${secret.displayNumber}`, String(secret.displayNumber)]) {
      const answered = page.waitForResponse((res) => res.url().includes(`q=${encodeURIComponent(q)}`) && res.ok());
      await search.fill(q);
      const body = (await (await answered).json()) as { items: Array<{ id: string }> };
      expect(body.items.map((t) => t.id)).not.toContain(secret.id);
      await expect(page.locator(`[data-testid="task-row"][data-task-id="${secret.id}"]`)).toHaveCount(0);
      await expect(page.getByText("Private urn order")).toHaveCount(0);
    }
  });
});
