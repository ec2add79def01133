import type { Page } from "@playwright/test";
import { createTask, createUnit, createUser, addMembership } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Small things people met along the way, each at the widths where it is used (390 px phone and
 * 1366 px desktop): the bell's link marks an alert read; the mention picker's keys, focus and the
 * highlighted mention; no Clock Into Task on a finished task; Delete away from Mark Complete; the
 * QR page's post name and its Task List link; ticking the checklist inside "Complete the checklist
 * first"; My day's own Punch In; /tasks. Screenshots: test-results/shots/small-*.png.
 */
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A unique surname of letters only: the @ picker matches names (letters), and base-36 time has digits for hours of each day. */
const uniqLetters = () => uniq().replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]);
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `test-results/shots/small-${name}.png`, fullPage });

/** A staff member of their own department (home: My day), signed in. */
async function staffMember(db: Parameters<typeof createUser>[0], extra: { firstName?: string; lastName?: string } = {}) {
  const unit = await createUnit(db, { name: `Dept ${uniq()}` });
  const user = await createUser(db, { role: "staff", ...extra });
  await addMembership(db, unit.id, user.id);
  return { unit, user };
}

/** Whether the element is inside the viewport (a dialog's primary button must be). */
async function inViewport(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return Boolean(box && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width);
}

test("/tasks shows the Task List, whatever the member's home", async ({ page, db, signInAs }) => {
  const { user } = await staffMember(db);
  await signInAs(page, { email: user.email }, "/");
  await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  const response = await page.goto("/tasks");
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("heading", { level: 1, name: "Task List" })).toBeVisible();
  // The saved choice is untouched: / still opens My day.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the QR page names the post and "Go to Task List" opens the Task List (${size})`, async ({ page, db, signInAs }) => {
    await page.setViewportSize(viewport);
    const { user } = await staffMember(db);
    const key = `post-${uniq()}`;
    await db.punchStation.create({ data: { location: key, name: "Crematory back room" } });

    await signInAs(page, { email: user.email }, `/punch-authenticated?auto=true&location=${key}`);
    // An unsigned link asks first, naming the post.
    await expect(page.getByText("Punch in at Crematory back room?")).toBeVisible();
    await expect(page.getByText("Location: Crematory back room")).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);
    await shot(page, `qr-post-name-${size}`);

    await page.getByRole("link", { name: "Go to Task List" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Task List" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test(`a finished task offers no Clock Into Task, and Delete is not beside Mark Complete (${size})`, async ({ page, db, signInAs }) => {
    await page.setViewportSize(viewport);
    const { unit, user } = await staffMember(db);
    const base = { createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, assigneeType: "user" as const };
    const open = await createTask(db, { ...base, title: `Call the Hendersons ${uniq()}` });
    const done = await createTask(db, { ...base, title: `Urn delivered ${uniq()}`, status: "completed", completedAt: new Date() });
    await db.punchSession.create({ data: { userId: user.id, punchInAt: new Date(Date.now() - 3_600_000), inLocation: "desktop" } });

    await signInAs(page, { email: user.email }, `/tasks/${open.id}`);
    await expect(page.getByRole("button", { name: "Clock Into Task" })).toBeVisible();
    const actions = page.getByRole("group", { name: "Task actions" });
    await expect(actions.getByRole("button", { name: "Mark Complete" })).toBeVisible();
    // The staff assignee may delete, but not from the row of everyday actions, and not with a solid red button.
    await expect(actions.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    const remove = page.getByRole("button", { name: "Delete task", exact: true });
    await expect(remove).toBeVisible();
    const background = await remove.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgba(0, 0, 0, 0)");
    const [complete, del] = [await actions.getByRole("button", { name: "Mark Complete" }).boundingBox(), await remove.boundingBox()];
    expect(Math.hypot(del!.x - complete!.x, del!.y - complete!.y)).toBeGreaterThan(200);
    await remove.click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Delete this task?" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await shot(page, `task-open-${size}`);

    await page.goto(`/tasks/${done.id}`);
    await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
    await expect(page.getByTestId("task-clock-button")).toHaveCount(0);
    await shot(page, `task-completed-${size}`);
  });

  test(`"Complete the checklist first" lets people tick the open items in place (${size})`, async ({ page, db, signInAs }) => {
    await page.setViewportSize(viewport);
    const { unit, user } = await staffMember(db);
    const task = await createTask(db, {
      createdById: user.id,
      organizationalUnitId: unit.id,
      assigneeId: user.id,
      assigneeType: "user",
      title: `Cremation paperwork ${uniq()}`,
      checklist: ["Authorization signed", "ID tag recorded"],
      checklistRequired: true,
    });
    await signInAs(page, { email: user.email }, `/tasks/${task.id}`);
    await page.getByRole("group", { name: "Task actions" }).getByRole("button", { name: "Mark Complete" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Complete the checklist first" })).toBeVisible();
    const finish = dialog.getByRole("button", { name: "Mark Complete" });
    await expect(finish).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Complete anyway" })).toHaveCount(0);
    await dialog.getByRole("checkbox", { name: "Authorization signed" }).check();
    await expect(finish).toBeDisabled();
    await dialog.getByRole("checkbox", { name: "ID tag recorded" }).check();
    await expect(finish).toBeEnabled();
    expect(await inViewport(page, finish)).toBe(true);
    await shot(page, `checklist-ticked-${size}`, false);
    await finish.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
    const stored = await db.task.findUniqueOrThrow({ where: { id: task.id }, include: { checklistItems: true } });
    expect(stored.status).toBe("completed");
    expect(stored.checklistItems.every((c) => c.isCompleted)).toBe(true);
  });

  test(`My day's "Not punched in" card has its own Punch In (${size})`, async ({ page, db, signInAs }) => {
    await page.setViewportSize(viewport);
    const { user } = await staffMember(db);
    await signInAs(page, { email: user.email }, "/");
    const card = page.getByTestId("my-day-not-punched-in");
    await expect(card).toContainText("Not punched in");
    await shot(page, `my-day-not-punched-in-${size}`);
    await card.getByRole("button", { name: "Punch In" }).click();
    await expect(page.getByText("You are now clocked in for work.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("my-day-timers")).toContainText("On the clock");
    await expect(card).toHaveCount(0);
    const punch = await db.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(punch).toMatchObject({ punchOutAt: null, inLocation: "desktop" });
  });

  test(`opening an alert from the bell marks it read (${size})`, async ({ page, db, signInAs }) => {
    await page.setViewportSize(viewport);
    const { unit, user } = await staffMember(db, { firstName: "Bellamy" });
    const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, title: `Return the urn ${uniq()}` });
    const alert = await db.alert.create({
      data: { kind: "mention", subjectType: "comment", subjectId: crypto.randomUUID(), occurrence: user.id, taskId: task.id, href: `/tasks/${task.id}`, severity: "info", message: "Sam mentioned you in a comment", recipients: { create: { userId: user.id } } },
    });
    await signInAs(page, { email: user.email }, "/");
    const link = page.getByTestId("alert-item").getByRole("link", { name: new RegExp(task.title) });
    if (size === "phone") {
      await expect(page.getByTestId("alert-dot")).toBeVisible();
      await page.getByRole("button", { name: /Account menu for Bellamy/ }).click();
      const section = page.getByTestId("mobile-alerts");
      await expect(section.getByTestId("mobile-alert-count")).toHaveText("1 unread");
      await section.getByRole("button", { name: /Alerts/ }).click();
    } else {
      await expect(page.getByTestId("alert-count")).toHaveText("1");
      await page.getByTestId("alert-bell").click();
    }
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole("heading", { name: task.title })).toBeVisible();
    await expect.poll(async () => (await db.alertRecipient.findFirstOrThrow({ where: { alertId: alert.id } })).readAt).not.toBeNull();
    await expect(page.getByTestId(size === "phone" ? "alert-dot" : "alert-count")).toHaveCount(0);
    // Read is not acknowledged: it stays in the list, no longer marked unread.
    expect((await db.alert.findUniqueOrThrow({ where: { id: alert.id } })).acknowledgedAt).toBeNull();
    await shot(page, `bell-read-${size}`);
  });
}

test.describe("the mention picker", () => {
  test("takes ↑/↓ and Enter, keeps the cursor in the editor, and the posted mention is highlighted (desktop)", async ({ page, db, signInAs }) => {
    const last = `Keys${uniqLetters()}`;
    const { unit, user } = await staffMember(db);
    const first = await createUser(db, { role: "staff", firstName: "Quinn", lastName: `${last}a` });
    const second = await createUser(db, { role: "staff", firstName: "Quinn", lastName: `${last}b` });
    await addMembership(db, unit.id, first.id);
    await addMembership(db, unit.id, second.id);
    const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, title: `Engrave plaque ${uniq()}` });
    await signInAs(page, { email: user.email }, `/tasks/${task.id}`);

    const composer = page.getByTestId("comment-composer").getByRole("textbox");
    await composer.click();
    await page.keyboard.type(`Proof is ready @${last.slice(0, 8)}`);
    const picker = page.getByRole("listbox", { name: "Mention a member" });
    await expect(picker.getByRole("option")).toHaveCount(2);
    await expect(picker.getByRole("option", { name: `Quinn ${last}a` })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(picker.getByRole("option", { name: `Quinn ${last}b` })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(picker.getByRole("option", { name: `Quinn ${last}b` })).toHaveAttribute("aria-selected", "true");
    await shot(page, "mention-picker-desktop", false);
    await page.keyboard.press("Enter");
    await expect(picker).toBeHidden();
    // Enter picked (no new paragraph), and typing goes on right after the name.
    await expect(composer).toBeFocused();
    await page.keyboard.type("please check");
    await expect(composer).toHaveText(`Proof is ready @Quinn ${last}b\u00a0please check`);
    await page.getByRole("button", { name: "Comment", exact: true }).click();

    const mention = page.getByTestId("task-comment").locator("[data-mention]");
    await expect(mention).toHaveText(`@Quinn ${last}b`);
    await expect(mention).toHaveAttribute("data-mention", second.id);
    const colour = await mention.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).not.toBe("rgba(0, 0, 0, 0)");
    await shot(page, "mention-posted-desktop");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: SIZES.phone, hasTouch: true, isMobile: true });
    test("a tap on a name keeps the focus in the editor (phone)", async ({ page, db, signInAs }) => {
      const last = `Tap${uniqLetters()}`;
      const { unit, user } = await staffMember(db);
      const mate = await createUser(db, { role: "staff", firstName: "Rowan", lastName: last });
      await addMembership(db, unit.id, mate.id);
      const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, title: `Collect ashes ${uniq()}` });
      await signInAs(page, { email: user.email }, `/tasks/${task.id}`);

      const composer = page.getByTestId("comment-composer").getByRole("textbox");
      await composer.tap();
      await page.keyboard.type(`Ready @${last.slice(0, 7)}`);
      const option = page.getByRole("listbox", { name: "Mention a member" }).getByRole("option", { name: `Rowan ${last}` });
      await option.tap();
      await expect(composer).toBeFocused();
      await page.keyboard.type("thanks");
      await expect(composer).toHaveText(`Ready @Rowan ${last}\u00a0thanks`);
      await shot(page, "mention-phone", false);
    });
  });
});
