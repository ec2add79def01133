import type { Page } from "@playwright/test";
import { addMembership, createTask, createUser } from "../prisma/factories";
import { businessToday } from "../lib/dates";
import { combineDayAndTime } from "../lib/dates/day-time";
import { expect, test } from "./support/fixtures";

/**
 * Quick add on the task list and under a task (chips for the defaults, Enter creates), the PDF
 * viewer in the task's activity, and the alert rule's "Specific members" chip picker, at 1366
 * and 390 px. Screenshots in test-results/shots/quick-add-*.png.
 */
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/quick-add-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`quick add on the task list and under a task (${size})`, async ({ page, db, signInAs }) => {
    test.setTimeout(150_000);
    const tag = uniq();
    const unit = await db.organizationalUnit.findFirstOrThrow({ where: { name: "Transport & Pickup" } });
    const me = await createUser(db, { role: "staff", firstName: "Quinn", lastName: `Quick ${tag}` });
    await addMembership(db, unit.id, me.id);
    await page.setViewportSize(viewport);
    await signInAs(page, { email: me.email }, "/");

    // The list's row: the caller's department and today (end of day) as chips.
    const row = page.getByTestId("quick-add");
    await expect(row.getByRole("button", { name: /^Department: Transport & Pickup/ })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Due: / })).toBeVisible();
    await row.getByRole("textbox", { name: "Add task" }).fill(`Intake: Biscuit ${tag}`);
    await row.getByRole("textbox", { name: "Add task" }).press("Enter");
    await expect.poll(() => db.task.count({ where: { title: `Intake: Biscuit ${tag}` } })).toBe(1);
    const quick = await db.task.findFirstOrThrow({ where: { title: `Intake: Biscuit ${tag}` } });
    expect(quick.organizationalUnitId).toBe(unit.id);
    expect(quick.dueDate.toISOString()).toBe(combineDayAndTime(businessToday(), null, "due").toISOString());
    await expect(row.getByRole("textbox", { name: "Add task" })).toHaveValue("");

    // A chip changed before Enter.
    await row.getByRole("button", { name: /^Priority: Normal/ }).click();
    await row.getByRole("group", { name: "Quick add: Priority" }).getByRole("combobox", { name: "Priority" }).selectOption("high");
    await expect(row.getByRole("button", { name: /^Priority: High/ })).toBeVisible();
    await row.getByRole("textbox", { name: "Add task" }).fill(`Engraving ${tag}`);
    await shot(page, `list-${size}`);
    await row.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(async () => (await db.task.findFirst({ where: { title: `Engraving ${tag}` } }))?.priority).toBe("high");

    // Under a task: the parent's department, priority, assignee and due date; a later day warns.
    const parent = await createTask(db, {
      createdById: me.id,
      organizationalUnitId: unit.id,
      title: `Private cremation ${tag}`,
      priority: "critical",
      assigneeType: "user",
      assigneeId: me.id,
      dueDate: combineDayAndTime(businessToday(), 16 * 60, "due"),
    });
    await page.goto(`/tasks/${parent.id}`);
    const sub = page.getByTestId("quick-add-sub");
    await expect(sub.getByRole("button", { name: /^Priority: Critical/ })).toBeVisible();
    await expect(sub.getByRole("button", { name: /^Assignee: Quinn Quick/ })).toBeVisible();
    await sub.getByRole("button", { name: /^Due: / }).click();
    // A new day keeps the parent's time of day (4 pm): only the date chip was changed.
    const tomorrow = combineDayAndTime(businessToday(new Date(Date.now() + 86_400_000)), 16 * 60, "due");
    await sub.getByLabel("Due date").fill(businessToday(new Date(Date.now() + 86_400_000)));
    await expect(sub.getByTestId("quick-add-due-after-parent")).toBeVisible();
    await sub.getByRole("textbox", { name: "Add sub-task" }).fill(`Paw print proof ${tag}`);
    await shot(page, `subtask-${size}`);
    await sub.getByRole("textbox", { name: "Add sub-task" }).press("Enter");
    await expect.poll(() => db.task.count({ where: { title: `Paw print proof ${tag}` } })).toBe(1);
    const child = await db.task.findFirstOrThrow({ where: { title: `Paw print proof ${tag}` } });
    expect(child).toMatchObject({ parentTaskId: parent.id, priority: "critical", assigneeId: me.id, organizationalUnitId: unit.id });
    expect(child.dueDate.toISOString()).toBe(tomorrow.toISOString());
    await expect(page.getByRole("link", { name: new RegExp(`Paw print proof ${tag}`) })).toBeVisible();
    // The row clears itself once the add is answered (after the list's refetch); typing before that is lost.
    await expect(sub.getByRole("textbox", { name: "Add sub-task" })).toHaveValue("");

    // The full form stays one click away, with the title typed so far.
    await sub.getByRole("textbox", { name: "Add sub-task" }).fill(`Signed form ${tag}`);
    await sub.getByRole("button", { name: "Full form…" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await expect(dialog.getByLabel("Title")).toHaveValue(`Signed form ${tag}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // A PDF on the task opens in the in-app viewer; the file route lets this app frame it.
    const upload = await page.request.post(`/api/tasks/${parent.id}/attachments`, {
      multipart: { files: { name: `authorization ${tag}.pdf`, mimeType: "application/pdf", buffer: PDF_BYTES } },
    });
    expect(upload.status()).toBe(201);
    const file = (await upload.json()).items[0] as { url: string };
    const head = await page.request.get(file.url);
    expect(head.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(head.headers()["content-disposition"]).toContain(`authorization ${tag}.pdf`);
    await page.reload();
    await page.getByRole("button", { name: `View authorization ${tag}.pdf` }).click();
    const viewer = page.getByRole("dialog", { name: `authorization ${tag}.pdf` });
    await expect(viewer.getByTestId("pdf-viewer")).toHaveAttribute("src", file.url);
    await expect(viewer.getByRole("link", { name: "Download" })).toHaveAttribute("download", `authorization ${tag}.pdf`);
    await shot(page, `pdf-${size}`);
  });
}

test("alert rule: Watches → Specific members is a chip picker", async ({ page, db, signInAs }) => {
  test.setTimeout(120_000);
  const tag = uniq();
  const riley = await createUser(db, { role: "staff", firstName: "Riley", lastName: `Watch ${tag}` });
  await page.setViewportSize(SIZES.phone);
  await signInAs(page, "admin", "/admin/alerts");
  await page.getByRole("button", { name: "New rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New alert rule" });
  await dialog.getByLabel("Name").fill(`Watch ${tag}`);
  await dialog.getByLabel("Watches").selectOption("members");
  await expect(dialog.locator("select[multiple]")).toHaveCount(0);
  const search = dialog.getByRole("combobox", { name: "Members" });
  await search.click();
  await search.fill(`Watch ${tag}`);
  await dialog.getByRole("option", { name: `Riley Watch ${tag}` }).click();
  await expect(dialog.getByRole("button", { name: `Remove Riley Watch ${tag}` })).toBeVisible();
  await shot(page, "watches-phone");
  await dialog.getByRole("button", { name: "Create rule" }).click();
  await expect.poll(() => db.alertRule.count({ where: { name: `Watch ${tag}` } })).toBe(1);
  expect((await db.alertRule.findFirstOrThrow({ where: { name: `Watch ${tag}` } })).scopeUserIds).toEqual([riley.id]);
});
