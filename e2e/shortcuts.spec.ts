/**
 * The keyboard layer (docs/shell.md): every shortcut of lib/shortcuts/table.ts that the shell and
 * a task's page bind, the `?` dialog, and the command palette (Ctrl-K), whose task results come
 * from the list API and so never show another member's private task. axe runs with the dialog
 * and the palette open; screenshots at 1366 and 390 px go to test-results/.
 */
import type { Page } from "@playwright/test";
import { addMembership, createPunchSession, createTask, createUnit, createUser, type TaskFactoryInput } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

type Member = Awaited<ReturnType<typeof createUser>>;

const SHOTS = "test-results/screenshots";

/** A staff member of a fresh department, signed in; punched in unless told otherwise. */
async function member(db: Parameters<typeof createUser>[0], { punchedIn = true } = {}) {
  const unit = await createUnit(db);
  const user = await createUser(db, { role: "staff" });
  await addMembership(db, unit.id, user.id);
  if (punchedIn) await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
  return { unit, user };
}

const mine = (user: Member, unitId: string, title: string, extra: Partial<TaskFactoryInput> = {}): TaskFactoryInput => ({
  title,
  createdById: user.id,
  organizationalUnitId: unitId,
  assigneeType: "user",
  assigneeId: user.id,
  ...extra,
});

/**
 * Ctrl-K, pressed again if the first press landed while a screen moved to was still mounting
 * its frame (/ and the other screens each have their own AppShell, so the keyboard layer
 * remounts on that move).
 */
async function openPalette(page: Page) {
  const palette = page.getByRole("dialog", { name: "Command palette" });
  // The last command's palette may still be fading out, its input visible and focused: that is
  // not an open palette (taken for one, the next step waited two minutes for its rows).
  await expect(palette).toHaveCount(0);
  await expect(async () => {
    if (!(await palette.getByRole("combobox").isVisible())) await page.keyboard.press("Control+k");
    await expect(palette.getByRole("combobox")).toBeFocused({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return palette;
}

test.describe("shortcuts", () => {
  test.beforeEach(() => test.setTimeout(120_000));

  test("?, C, / and G then D/P/T/S on the dashboard; never while typing or with Alt/Ctrl", async ({ page, db, signInAs }) => {
    const { user } = await member(db);
    await signInAs(page, { email: user.email });

    // ? lists what is bound here, and what other screens add. (A press while the loaded page is
    // still settling on a busy machine can land before the listener: a person presses again.)
    await page.locator("html[data-ready]").waitFor({ state: "attached" });
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(async () => {
      await page.keyboard.press("?");
      await expect(help.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const here = help.getByTestId("shortcuts-list");
    for (const label of ["New task", "Open the command palette", "Go to Projects", "Show keyboard shortcuts"]) await expect(here).toContainText(label);
    await expect(help.getByTestId("shortcuts-elsewhere")).toContainText("Edit the task");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(help).toHaveCount(0);

    // C: the new-task dialog; typing "c" and "g p" in its title opens nothing else.
    await page.keyboard.press("c");
    const create = page.getByRole("dialog", { name: "Create New Task" });
    await expect(create.getByRole("heading", { name: "Create New Task" })).toBeVisible();
    const title = create.getByRole("textbox", { name: /^Title/ });
    await expect(title).toBeFocused();
    await page.keyboard.type("cg p?");
    await expect(title).toHaveValue("cg p?");
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Modifiers belong to the browser: Alt-C and Ctrl-C open nothing.
    await page.keyboard.press("Alt+c");
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Shift+C");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // /: the list's search box; keys typed there stay there.
    await page.keyboard.press("/");
    const search = page.getByRole("searchbox", { name: "Search tasks" });
    await expect(search).toBeFocused();
    await page.keyboard.type("gp");
    await expect(search).toHaveValue("gp");
    await expect(page).toHaveURL(/\/$/);
    await search.fill("");
    await search.blur();

    // G then P/T/S/D: the Dashboards menu's screens.
    for (const [key, path, heading] of [
      ["p", "/projects", "Projects"],
      ["t", "/time-logs", "Time Logs"],
      ["s", "/scoreboard", "Scoreboard"],
      ["d", "/", null],
    ] as const) {
      await page.keyboard.press("g");
      await page.keyboard.press(key);
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : path}`));
      if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }

    // / on a screen without a search box opens the palette.
    await page.goto("/scoreboard");
    await page.keyboard.press("/");
    await expect(page.getByRole("dialog", { name: "Command palette" }).getByRole("combobox")).toBeFocused();
  });

  test("a task's page: E edits, M completes through the completion rules, . clocks in and out", async ({ page, db, signInAs }) => {
    const { unit, user } = await member(db);
    const strict = await createTask(db, mine(user, unit.id, "Weigh the urn", { checklistRequired: true, checklist: ["Scale calibrated"] }));
    const plain = await createTask(db, mine(user, unit.id, "Call the family"));

    // M on a required checklist: the app's own refusal, nothing completed.
    await signInAs(page, { email: user.email }, `/tasks/${strict.id}`);
    await expect(page.getByRole("heading", { level: 1, name: /Weigh the urn/ })).toBeVisible();
    await page.keyboard.press("m");
    const refused = page.getByRole("dialog");
    await expect(refused).toContainText("Scale calibrated");
    await refused.getByRole("button", { name: "Cancel" }).click();
    expect((await db.task.findUniqueOrThrow({ where: { id: strict.id } })).status).toBe("open");

    await page.goto(`/tasks/${plain.id}`);
    const edit = page.getByRole("button", { name: "Edit", exact: true });
    await expect(edit).toHaveAttribute("aria-keyshortcuts", "E");
    await edit.focus();
    await expect(page.getByRole("tooltip")).toHaveText("Edit the task (E)");
    await page.locator("h1").click();

    // . clocks in, . again clocks out.
    const clock = page.getByTestId("task-clock-button");
    await expect(clock).toHaveText("Clock Into Task");
    await expect(clock).toHaveAttribute("aria-keyshortcuts", ".");
    await page.keyboard.press(".");
    await expect(clock).toContainText("Clock Out of Task");
    await expect(page.getByText("Clocked Into Task", { exact: true })).toBeVisible();
    await page.keyboard.press(".");
    await expect(clock).toHaveText("Clock Into Task");

    // M completes (no open work: no question), M again reopens.
    await page.keyboard.press("m");
    // The button says Reopen at once and stays busy (disabled, M unbound) until the save is done.
    await expect(page.getByRole("button", { name: "Reopen" })).toBeEnabled();
    await expect.poll(async () => (await db.task.findUniqueOrThrow({ where: { id: plain.id } })).status).toBe("completed");
    await page.keyboard.press("m");
    await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();

    // E opens the edit form; inside it the task keys are ordinary letters.
    await page.keyboard.press("e");
    await expect(page.getByRole("heading", { level: 1, name: "Edit Task" })).toBeVisible();
    const titleField = page.getByRole("textbox", { name: /^Title/ });
    await titleField.focus();
    await page.keyboard.press("End");
    await page.keyboard.type(" me.");
    await expect(titleField).toHaveValue("Call the family me.");
    await expect(page.getByRole("heading", { level: 1, name: "Edit Task" })).toBeVisible();
  });

  test("the palette finds tasks by number and words through the list's visibility: never another member's private task", async ({ page, db, signInAs }) => {
    const { unit, user } = await member(db);
    const other = await createUser(db, { role: "staff" });
    await addMembership(db, unit.id, other.id);
    const own = await createTask(db, mine(user, unit.id, "Zephyr keepsake engraving"));
    const secret = await createTask(db, { ...mine(other, unit.id, "Zephyr private memo"), isPrivate: true });

    await signInAs(page, { email: user.email });
    const palette = await openPalette(page);
    expect(await seriousViolations(page)).toEqual([]);
    const input = palette.getByRole("combobox");

    await input.fill("zephyr");
    await expect(palette.getByRole("option", { name: /Zephyr keepsake engraving/ })).toBeVisible();
    await expect(palette.getByRole("option", { name: /Zephyr private memo/ })).toHaveCount(0);

    // Its number, the way people say it, finds it; the private one's number finds nothing.
    await input.fill(`#${secret.displayNumber}`);
    await expect(palette.getByText(`Nothing matches “#${secret.displayNumber}”.`)).toBeVisible();
    await expect(palette.getByRole("option", { name: /private memo/ })).toHaveCount(0);
    await input.fill(String(own.displayNumber));
    const hit = palette.getByRole("option", { name: new RegExp(`#${own.displayNumber}\\s*Zephyr keepsake`) });
    await expect(hit).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/tasks/${own.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: /Zephyr keepsake engraving/ })).toBeVisible();
  });

  test("the palette: screens the caller may open, punch in and out, clock into a recent task, start a process, new task", async ({ page, db, signInAs }) => {
    const { unit, user } = await member(db, { punchedIn: false });
    const task = await createTask(db, mine(user, unit.id, "Polish the brass plate", { status: "in_progress" }));
    // Processes are visible to everyone: a name of this attempt's own (a retry meets the first attempt's).
    const processName = `Zephyr farewell ${unit.id.slice(0, 8)}`;
    await db.process.create({
      data: { name: processName, organizationalUnitId: unit.id, createdById: user.id, steps: { create: [{ position: 1, title: "Prepare the room" }] } },
    });
    await signInAs(page, { email: user.email });

    // Screens: the caller's menus only (a staff member has no admin screens).
    let palette = await openPalette(page);
    const input = palette.getByRole("combobox");
    await input.fill("go to");
    await expect(palette.getByRole("option", { name: "Go to Projects" })).toBeVisible();
    await expect(palette.getByRole("option", { name: "Go to Time Logs" })).toBeVisible();
    await expect(palette.getByRole("option", { name: "Go to Members" })).toHaveCount(0);
    await expect(palette.getByRole("option", { name: "Go to Deleted Tasks" })).toHaveCount(0);
    await input.fill("projects");
    await expect(palette.getByRole("option", { name: "Go to Projects" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/projects$/);

    // Punch in.
    palette = await openPalette(page);
    await palette.getByRole("combobox").fill("punch");
    await palette.getByRole("option", { name: "Punch In" }).click();
    await expect(page.getByText("Punched In", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByTestId("punch-button")).toContainText("Punch Out");

    // Clock into a recent task (mine, open).
    palette = await openPalette(page);
    await palette.getByRole("combobox").fill("recent");
    await expect(palette.getByRole("option", { name: "Clock into a recent task…" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(palette.getByRole("combobox")).toHaveAttribute("placeholder", "Clock into which task?");
    await palette.getByRole("option", { name: /Polish the brass plate/ }).click();
    await expect(page.getByText("Clocked Into Task", { exact: true })).toBeVisible();
    await expect.poll(async () => db.taskTimeEntry.count({ where: { taskId: task.id, userId: user.id, endedAt: null } })).toBe(1);

    // Start a process: its own dialog.
    palette = await openPalette(page);
    await palette.getByRole("option", { name: "Start a process…" }).click();
    await palette.getByRole("option", { name: processName }).click();
    const start = page.getByRole("dialog", { name: "Start process" });
    await expect(start).toContainText(processName);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // New task.
    palette = await openPalette(page);
    await palette.getByRole("combobox").fill("create");
    await expect(palette.getByRole("option", { name: "Create task" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Create New Task" }).getByRole("heading", { name: "Create New Task" })).toBeVisible();
    await page.keyboard.press("Escape");

    // Punch out: the reason dialog.
    palette = await openPalette(page);
    await palette.getByRole("combobox").fill("punch out");
    await expect(palette.getByRole("option", { name: "Punch Out" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Punch Out" })).toBeVisible();
  });

  for (const [name, viewport] of [
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`screenshots of the palette and the shortcuts dialog, ${name}`, async ({ page, db, signInAs }) => {
      await page.setViewportSize(viewport);
      const { unit, user } = await member(db);
      const tag = `${name}-${Date.now()}`;
      await createTask(db, mine(user, unit.id, `Quillon keepsake engraving ${tag}`));
      await createTask(db, mine(user, unit.id, `Quillon urn delivery ${tag}`));
      await signInAs(page, { email: user.email });
      // The header's button opens the palette where there is no keyboard.
      await page.getByRole("button", { name: "Search and commands" }).click();
      const palette = page.getByRole("dialog", { name: "Command palette" });
      await palette.getByRole("combobox").fill(`quillon ${tag}`);
      await expect(palette.getByRole("option", { name: new RegExp(`Quillon urn delivery ${tag}`) })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/palette-${name}.png` });
      await page.keyboard.press("Escape");
      await expect(palette).toHaveCount(0);
      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      // The dialog's code loads on this first open: slow on a loaded machine.
      await expect(help.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/shortcuts-${name}.png` });
    });
  }
});
