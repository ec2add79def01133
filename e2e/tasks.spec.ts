import type { Locator, Page } from "@playwright/test";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addMembership, createTask, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

/**
 * The task screens: the task form in the modal (every field, validation messages), editing on
 * the task page, sub-tasks, checklist drag-and-drop, claiming a pickup task, delete and restore
 * as admin. Each test makes data of its own (tests share one database). Screenshots land in
 * test-results/shots/tasks-*.png (desktop 1366 and phone 375).
 */

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/tasks-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function choose(scope: Page | Locator, input: Locator, text: string, option: string | RegExp) {
  await input.click();
  await input.fill(text);
  const page = "page" in scope ? scope.page() : scope;
  await page.getByRole("option", { name: option }).first().click();
}

async function dragBelow(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.9, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

async function unitByName(db: PrismaClient, name: string) {
  return db.organizationalUnit.findFirstOrThrow({ where: { name } });
}

test.describe("task form (modal)", () => {
  test("shows the validation messages, then creates a task with every field", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000); // the longest walk through the app; the shared 2-core machine is slow
    const title = `Engrave urn ${uniq()}`;
    await signInAs(page, "admin");
    const dialog = await openQuickAction(page, "Create Task", "Create New Task");
    await expect(dialog.getByLabel("Title")).toBeVisible();

    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Department is required")).toBeVisible();
    await expect(dialog.getByText("Due date is required")).toBeVisible();
    await shot(page, "form-validation-desktop");

    // Defaults (spec §9).
    await expect(dialog.getByLabel("Priority")).toHaveValue("normal");
    await expect(dialog.getByLabel("Status")).toHaveValue("open");

    await dialog.getByLabel("Title").fill(title);
    const editor = dialog.getByRole("textbox", { name: "Description" });
    await editor.click();
    await page.keyboard.type("Family wants ");
    await dialog.getByRole("button", { name: "Bold" }).first().click();
    await page.keyboard.type("brass");
    await dialog.getByLabel("Priority").selectOption("high");
    await dialog.getByLabel("Status").selectOption("in_progress");
    await choose(page, dialog.locator("#task-department"), "Memorial", /Memorial Products/);
    await choose(page, dialog.locator("#task-assignee"), "Sofia", /Sofia Alvarez/);
    await dialog.getByLabel("Project").selectOption({ label: "Online Memorial Ordering" });
    const addMember = dialog.getByRole("combobox", { name: "Add team member" });
    await choose(page, addMember, "Marcus", /Marcus Chen/);
    await choose(page, addMember, "Sofia", /Sofia Alvarez/);
    await dialog.getByRole("radio", { name: "Make Sofia Alvarez the lead" }).check();

    await dialog.getByLabel("Due date").fill("2030-03-15");
    const dueTime = dialog.locator("#task-due-time");
    await dueTime.pressSequentially("1730");
    await expect(dueTime).toHaveValue("17:30");
    await dialog.getByLabel("Start date").fill("2030-03-14");
    await dialog.locator("#task-start-time").pressSequentially("9a:1x5"); // only digits and a colon get in
    await expect(dialog.locator("#task-start-time")).toHaveValue("9:15");
    await dialog.locator("#task-duration").fill("90");

    await dialog.getByLabel("Available for pickup").check();
    await dialog.getByLabel("Checklist", { exact: true }).check();
    for (const item of ["Confirm spelling", "Engrave plate", "Polish"]) {
      await dialog.getByLabel("New checklist item").fill(item);
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
    }
    // Drag "Confirm spelling" below "Polish".
    await dragBelow(page, dialog.getByRole("button", { name: "Drag to reorder item 1" }), dialog.getByTestId("checklist-row").nth(2));
    await expect(dialog.getByLabel("Checklist item 3")).toHaveValue("Confirm spelling");
    await dialog.getByLabel("Checklist item 2").fill("Polish twice");

    await dialog.getByLabel("Recurring").check();
    await dialog.getByLabel("Repeats").selectOption("weekly");
    await dialog.getByLabel("Every", { exact: true }).fill("2");
    await dialog.getByRole("button", { name: "Mon" }).click();
    await dialog.getByRole("radio", { name: "After" }).check();
    await dialog.getByLabel("Max occurrences").fill("5");
    await dialog.getByLabel("Exclude holidays").check();
    await shot(page, "form-filled-desktop");

    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(toast(page, "Task created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const stored = await db.task.findFirstOrThrow({
      where: { title },
      include: { checklistItems: { orderBy: { position: "asc" } }, assignments: { include: { user: true } }, project: true, organizationalUnit: true, assignee: true },
    });
    expect(stored).toMatchObject({
      priority: "high",
      status: "in_progress",
      estimatedMinutes: 90,
      availableForPickup: true,
      isPrivate: false,
      hasChecklist: true,
      isRecurring: true,
      recurringPattern: "weekly",
      recurringInterval: 2,
      recurringEndType: "after",
      recurringMaxCount: 5,
      recurringDaysOfWeek: [1],
      excludeHolidays: true,
      holidayCalendar: "US",
    });
    expect(stored.description).toContain("<strong>brass</strong>");
    expect(stored.organizationalUnit.name).toBe("Memorial Products");
    expect(stored.assignee?.firstName).toBe("Sofia");
    expect(stored.project?.name).toBe("Online Memorial Ordering");
    expect(stored.dueDate.toISOString()).toBe("2030-03-15T22:30:00.000Z"); // 17:30 in Chicago (CDT)
    expect(stored.startDate?.toISOString()).toBe("2030-03-14T14:15:00.000Z");
    expect(stored.checklistItems.map((c) => c.title)).toEqual(["Engrave plate", "Polish twice", "Confirm spelling"]);
    expect(stored.assignments.map((a) => [a.user.firstName, a.isLead]).sort()).toEqual([["Marcus", false], ["Sofia", true]]);

    // A recurring task is a series: it is listed on /recurring-tasks, and its
    // occurrences (none yet: 2030 is beyond the look-ahead window) on the task list.
    await page.goto("/recurring-tasks");
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Every 2 weeks on Mon, 5 times")).toBeVisible();
    await shot(page, "detail-desktop");
  });

  test("phone width: the modal fits 375 px and shows the messages", async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, "staff");
    const dialog = await openQuickAction(page, "Create Task", "Create New Task");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await dialog.locator("#task-due-time").fill("24:00");
    await dialog.getByLabel("Due date").fill("2030-01-01");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog.getByText("Hours must be 0-23")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(page, "form-phone");
  });

  test("recurrence fields count only while Recurring is ticked; a refused submit always says why", async ({ page, db, signInAs }) => {
    test.setTimeout(90_000);
    const title = `Refill urns ${uniq()}`;
    await signInAs(page, "admin");
    const dialog = await openQuickAction(page, "Create Task", "Create New Task");
    await dialog.getByLabel("Title").fill(title);
    await choose(page, dialog.locator("#task-department"), "Memorial", /Memorial Products/);
    await dialog.getByLabel("Due date").fill("2030-04-01");

    // Ticked with an empty "Every": refused, and the form says why at the field.
    await dialog.getByLabel("Recurring").check();
    await dialog.getByLabel("Every", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog.getByLabel("Every", { exact: true })).toBeFocused();
    await expect(dialog.getByLabel("Every", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // Unticked: the hidden recurrence fields no longer block the task (it used to refuse silently).
    await dialog.getByLabel("Recurring").uncheck();
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(toast(page, "Task created successfully")).toBeVisible();
    // The dialog element itself has no box (its panel is positioned), so toBeHidden() passes while
    // it is still open; it leaves the DOM once the create succeeded and the form closed.
    await expect(dialog).toHaveCount(0);
    const saved = await db.task.findFirstOrThrow({ where: { title } });
    expect(saved.isRecurring).toBe(false);
  });
});

test.describe("task page", () => {
  test("edit on the page, tick the checklist, create a sub-task that inherits", async ({ page, db, signInAs }) => {
    // Four page loads and the editor's chunk: 37–47 s beside another worker on 2 cores.
    test.setTimeout(90_000);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await unitByName(db, "Transport & Pickup");
    const project = await db.project.findFirstOrThrow({ where: { name: "Cremation Retort Installation" } });
    const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, projectId: project.id, priority: "critical", title: `Prep carrier ${uniq()}`, checklist: ["Wipe", "Sanitize"] });

    await signInAs(page, "admin", `/tasks/${task.id}`);
    await expect(page.getByRole("heading", { name: task.title })).toBeVisible();
    await page.getByRole("checkbox", { name: "Wipe" }).check();
    await expect(page.getByText("Checklist (1/2)")).toBeVisible();

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Edit Task" })).toBeVisible();
    const newTitle = `${task.title} (edited)`;
    await page.getByLabel("Title").fill(newTitle);
    await page.getByLabel("Status").selectOption("blocked");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Task updated successfully")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: newTitle })).toBeVisible();
    await expect(page.getByText("Checklist (1/2)")).toBeVisible();
    await expect(page.getByLabel("Task activity")).toContainText("changed title, status");
    // The edit sent what changed: the untouched due date keeps its stored instant.
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).dueDate).toEqual(task.dueDate);

    await page.getByRole("button", { name: "Create Sub-task" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await expect(dialog.getByText(`Creating sub-task for: ${newTitle}`)).toBeVisible();
    await expect(dialog.getByLabel("Priority")).toHaveValue("critical");
    await expect(dialog.getByLabel("Project")).toHaveValue(project.id);
    await expect(dialog.locator("#task-department")).toHaveValue(/Transport & Pickup/);
    await dialog.getByLabel("Title").fill("Load the van");
    await dialog.getByLabel("Due date").fill("2030-02-01");
    await dialog.getByRole("button", { name: "Create Sub-task" }).click();
    await expect(toast(page, "Task created successfully")).toBeVisible();
    await expect(page.getByRole("link", { name: /Load the van/ })).toBeVisible();
    await page.reload();
    await expect(page.getByText("Sub-tasks (1)")).toBeVisible();
    const sub = await db.task.findFirstOrThrow({ where: { parentTaskId: task.id } });
    expect(sub).toMatchObject({ title: "Load the van", organizationalUnitId: unit.id, projectId: project.id, priority: "critical" });

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole("heading", { name: newTitle })).toBeVisible();
    await shot(page, "detail-phone");
  });

  test("the edit page reorders the checklist by drag and keeps ticks", async ({ page, db, signInAs }) => {
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await unitByName(db, "Memorial Products");
    const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Showroom ${uniq()}`, checklist: ["Dust", "Arrange", "Label"] });
    await db.checklistItem.updateMany({ where: { taskId: task.id, title: "Dust" }, data: { isCompleted: true } });
    await signInAs(page, "admin", `/tasks/${task.id}`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await dragBelow(page, page.getByRole("button", { name: "Drag to reorder item 1" }), page.getByTestId("checklist-row").nth(2));
    await expect(page.getByLabel("Checklist item 3")).toHaveValue("Dust");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Task updated successfully")).toBeVisible();
    const items = await db.checklistItem.findMany({ where: { taskId: task.id }, orderBy: { position: "asc" } });
    expect(items.map((i) => [i.title, i.isCompleted])).toEqual([["Arrange", false], ["Label", false], ["Dust", true]]);
  });
});

test.describe("available tasks", () => {
  test("a member claims a pickup task; it leaves the list", async ({ page, db, signInAs }) => {
    const unit = await unitByName(db, "Transport & Pickup");
    const creator = await db.user.findUniqueOrThrow({ where: { email: "priya@bfs.demo" } });
    const member = await createUser(db, { email: `claimer-${uniq()}@example.test`, firstName: "Riley", lastName: "Claimer" });
    await addMembership(db, unit.id, member.id);
    const title = `Pickup at Elm St ${uniq()}`;
    const task = await createTask(db, { createdById: creator.id, organizationalUnitId: unit.id, availableForPickup: true, title, dueDate: new Date(Date.now() + 3_600_000) });

    await signInAs(page, { email: member.email }, "/available-tasks");
    await expect(page.getByRole("heading", { name: "Available Tasks" })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await shot(page, "available-desktop");
    await page.getByRole("button", { name: `Claim task #${task.displayNumber}` }).click();
    await expect(toast(page, "Task claimed")).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Available Tasks" })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toBeHidden();
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).assigneeId).toBe(member.id);

    await page.setViewportSize(PHONE);
    await shot(page, "available-phone");
  });
});

test.describe("delete and restore", () => {
  test("an admin deletes a task on its page and restores it from Deleted Tasks", async ({ page, db, signInAs }) => {
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await unitByName(db, "Facilities & Grounds");
    const title = `Fix gate ${uniq()}`;
    const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title, checklist: ["Hinge"] });
    await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `${title} sub`, parentTaskId: task.id });

    await signInAs(page, "admin", `/tasks/${task.id}`);
    await page.getByRole("button", { name: "Delete task", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete this task?" }).getByRole("button", { name: "Delete Task" }).click();
    await expect(toast(page, "Task deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/admin/deleted");
    await expect(page.getByRole("heading", { name: "Deleted Tasks" })).toBeVisible();
    await page.getByLabel("Search deleted tasks").fill(title);
    const row = page.getByTestId("deleted-row").filter({ has: page.getByRole("button", { name: `Restore task #${task.displayNumber}`, exact: true }) });
    await expect(row).toContainText("Deleted by Alex Morgan");
    await shot(page, "deleted-desktop");
    await row.getByRole("button", { name: `Restore task #${task.displayNumber}` }).click();
    await expect(toast(page, "Task restored")).toBeVisible();
    await expect(row).toBeHidden();

    await page.goto(`/tasks/${task.id}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Sub-tasks (1)")).toBeVisible();
    await expect(page.getByText("Hinge")).toBeVisible();
  });

  test("a non-admin is sent from /admin/deleted to /", async ({ page, signInAs }) => {
    await signInAs(page, "staff", "/admin/deleted");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("dashboard", () => {
  test("stats cards, filters and grouping; phone layout", async ({ page, signInAs }) => {
    await signInAs(page, "manager");
    await expect(page.getByRole("heading", { name: "Task List" })).toBeVisible();
    await expect(page.getByRole("button", { name: /My open tasks/ })).toBeVisible();
    await page.getByLabel("Group by").selectOption("priority");
    await expect(page.getByRole("region", { name: "Critical" })).toBeVisible();
    await page.getByLabel("Search tasks").fill("no task has this title zzz");
    await expect(page.getByText("No tasks match these filters")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await shot(page, "dashboard-desktop");
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Task List" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    // On a phone only the search shows until "Filters" unfolds the rest.
    await expect(page.getByLabel("Priority", { exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Priority", { exact: true }).selectOption("critical");
    await page.getByRole("button", { name: "Hide filters" }).click();
    await expect(page.getByRole("button", { name: "Filters (active)" })).toBeVisible();
    await shot(page, "dashboard-phone");
  });
});
