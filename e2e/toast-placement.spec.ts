/**
 * Toasts and the round button never cover what a person needs next (docs/shared-ui.md, "Toast
 * placement"). On each page that raises a toast, at 390 and 1366 px: once the toast shows, every
 * primary action of the page is hit-testable (`document.elementFromPoint` at its centre is the
 * action or inside it). The round button is absent on /mobile-punch, /punch-authenticated and
 * /scan, and lets clicks through while a dialog is open or a comment is being written. Screenshots: test-results/shots/toast-*.png.
 */
import type { Locator, Page } from "@playwright/test";
import { addMembership, createTask, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { expect, test } from "./support/fixtures";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/toast-${name}.png` });

/** The toast card showing `text`, once it has faded in. */
async function shownToast(page: Page, text: string): Promise<Locator> {
  const card = page.getByRole("region", { name: /^Notifications/ }).locator("li").filter({ hasText: text }).first();
  await expect(card).toBeVisible();
  await expect(card).toHaveCSS("opacity", "1");
  return card;
}

/**
 * Each action is on screen and the element at its centre is the action itself (or inside it). An
 * action below the fold (a desktop window is short) is scrolled to first, as a person would; the
 * toast then has its next placement check (400 ms) to move off it.
 */
async function expectHitTestable(page: Page, actions: Locator[], where: string): Promise<void> {
  for (const action of actions) {
    await expect(action).toBeVisible();
    const probe = () =>
      action.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        const inView = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
        return { inView, ok: top !== null && (top === el || el.contains(top)), name: el.textContent?.trim() || el.getAttribute("aria-label"), over: top ? `${top.tagName.toLowerCase()} ${top.textContent?.trim().slice(0, 40)}` : "nothing" };
      });
    if (!(await probe()).inView) {
      await action.scrollIntoViewIfNeeded();
      await expect(async () => expect((await probe()).ok).toBe(true)).toPass({ timeout: 1_000 });
    }
    const hit = await probe();
    expect(hit.inView, `${where}: "${hit.name}" is on screen`).toBe(true);
    expect(hit.ok, `${where}: "${hit.name}" is covered by ${hit.over}`).toBe(true);
  }
}

let seq = 0;
async function staffWithTasks(db: PrismaClient) {
  const tag = `${Date.now().toString(36)}-${++seq}`;
  const user = await createUser(db, { email: `toasts-${tag}@example.test`, role: "staff", firstName: "Robin", lastName: "Hale" });
  const unit = await createUnit(db, { name: `Front desk ${tag}` });
  await addMembership(db, unit.id, user.id);
  const tasks = [];
  for (const title of ["Call back the Hendersons about memorial options", "Schedule family viewing for Biscuit", "Order the walnut urn"]) {
    tasks.push(await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, title, dueDate: new Date(Date.now() - 3_600_000) }));
  }
  return { user, tasks };
}

const quickActions = (page: Page) => page.getByRole("button", { name: "Quick actions" });

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test("sign-in: Welcome back! leaves the home view toggle, New Task and Punch In free", async ({ page, db }) => {
      const { user } = await staffWithTasks(db);
      await page.goto("/");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(DEFAULT_TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await shownToast(page, "Welcome back!");
      await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
      const toggle = page.getByRole("group", { name: "Home view" });
      await expectHitTestable(page, [toggle.getByRole("button", { name: "My day" }), toggle.getByRole("button", { name: "Task List" }), page.getByRole("button", { name: "New Task" }), page.getByRole("banner").getByTestId("punch-button")], "after sign-in");
      await shot(page, `sign-in-${size.width}`);

      // Punch In from the header: its toast leaves the same controls free, and Punch Out.
      await page.getByRole("banner").getByTestId("punch-button").click();
      await shownToast(page, "You are now clocked in for work.");
      await expect(page.getByRole("banner").getByTestId("punch-button")).toContainText("Punch Out");
      await expectHitTestable(page, [toggle.getByRole("button", { name: "Task List" }), page.getByRole("button", { name: "New Task" }), page.getByRole("banner").getByTestId("punch-button")], "after Punch In");
    });

    test("Case created leaves Print label, Label sheet, Edit and Close case free", async ({ page, signInAs }) => {
      const suffix = `${Date.now().toString(36)}${++seq}`;
      await signInAs(page, "admin", "/cases/new");
      await page.getByLabel("Pet name").fill(`Pepper ${suffix}`);
      await page.getByLabel("Species").fill("Cat");
      await page.getByLabel("Metal tag serial").fill(`T-${suffix}`.toUpperCase());
      await page.getByLabel("Family name").fill("Henderson family");
      await page.getByLabel("Service type").selectOption("private");
      await page.getByRole("button", { name: "Create Case" }).click();
      await expect(page).toHaveURL(/\/cases\/C-\d{4}-\d{5,}$/);
      await expect(page.getByRole("heading", { level: 1, name: `Pepper ${suffix}` })).toBeVisible();
      await shownToast(page, "Case created");
      // The toast was placed on the form; the case page arrived under it, and it moved if it covered an action.
      await expect(async () => {
        await expectHitTestable(page, ["Print label", "Label sheet", "Edit"].map((name) => page.getByRole("link", { name, exact: true })).concat(page.getByRole("button", { name: "Close case" })), "after Case created");
      }).toPass({ timeout: 3_000 });
      await shownToast(page, "Case created");
      await shot(page, `case-created-${size.width}`);
    });

    test("/mobile-punch and /punch-authenticated: Punch In's toast leaves Punch Out and every Clock In free, with no round button", async ({ page, db, signInAs }) => {
      const { user, tasks } = await staffWithTasks(db);
      await signInAs(page, { email: user.email }, "/mobile-punch");
      const state = page.getByTestId("punch-state");
      await expect(state).toHaveAttribute("data-state", "out");
      await expect(quickActions(page)).toHaveCount(0);
      await state.getByRole("button", { name: "Punch In" }).click();
      await shownToast(page, "You are now clocked in for work.");
      const today = page.getByRole("region", { name: "My tasks for today" });
      await expect(today).toContainText(tasks[2]!.title);
      const clockIns = tasks.map((t) => today.getByRole("button", { name: `Clock in to #${t.displayNumber}` }));
      await expectHitTestable(page, [state.getByRole("button", { name: /Punch Out/ }), ...clockIns.slice(0, 2)], "/mobile-punch after Punch In");
      await shot(page, `mobile-punch-${size.width}`);

      // The same clock inside the app: no round button over #3's Clock In.
      await page.goto("/punch-authenticated");
      await expect(page.getByTestId("punch-state")).toHaveAttribute("data-state", "in");
      await expect(quickActions(page)).toHaveCount(0);
      const rows = page.getByRole("region", { name: "My tasks for today" });
      await rows.getByRole("button", { name: `Clock in to #${tasks[0]!.displayNumber}` }).click();
      await expect(rows).toContainText("On the clock");
      // The placement checks again every 400 ms (components/ui/toast-placement.ts): until it has, the hit test may fail.
      await expect(() => expectHitTestable(page, [page.getByTestId("punch-state").getByRole("button", { name: /Punch Out/ })], "/punch-authenticated after Clock In")).toPass({ timeout: 5_000 });
      await shot(page, `punch-authenticated-${size.width}`);

      await page.goto("/scan");
      await expect(page.getByRole("heading", { name: "Which station is this phone at?" })).toBeVisible();
      await expect(quickActions(page)).toHaveCount(0);
    });

    test("the round button lets clicks through while a dialog is open", async ({ page, db, signInAs }) => {
      const { user } = await staffWithTasks(db);
      await signInAs(page, { email: user.email }, "/");
      const fab = quickActions(page);
      await expect(fab).toBeVisible();
      await page.getByRole("button", { name: "New Task" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Task" });
      await expect(dialog.getByRole("heading", { name: "Create New Task" })).toBeVisible();
      await expect(page.getByTestId("quick-actions")).toHaveAttribute("data-covered", "true");
      await expect(page.getByTestId("quick-actions")).toHaveCSS("opacity", "0");
      await expectHitTestable(page, [dialog.getByRole("button", { name: "Cancel" })], "Create Task dialog");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("quick-actions")).not.toHaveAttribute("data-covered", "true");
      await expect(fab).toBeVisible();
    });

    test("the round button steps aside while a comment is written, and the Comment tap lands", async ({ page, db, signInAs }) => {
      const { user, tasks } = await staffWithTasks(db);
      await signInAs(page, { email: user.email }, `/tasks/${tasks[0].id}`);
      await expect(quickActions(page)).toBeVisible();
      const composer = page.getByTestId("comment-composer").getByRole("textbox");
      await composer.click();
      await expect(page.getByTestId("quick-actions")).toHaveAttribute("data-covered", "true");
      await page.keyboard.type("Urn is ready for pickup");
      const post = page.getByRole("button", { name: "Comment", exact: true });
      await post.scrollIntoViewIfNeeded();
      await expectHitTestable(page, [post], "comment composer");
      await shot(page, `comment-${size.width}`);
      await post.click();
      await expect(page.getByLabel("Task activity").getByTestId("task-comment")).toContainText("Urn is ready for pickup");
      await page.getByRole("heading", { name: tasks[0].title }).click();
      await expect(page.getByTestId("quick-actions")).not.toHaveAttribute("data-covered", "true");
    });
  });
}
