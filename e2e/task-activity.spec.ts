import path from "node:path";
import { createTask, createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The task page's activity feed at phone width (390 px): History rows and comments in one
 * list, a comment with an @mention picked from the composer's list (which notifies the member
 * in the bell), the "edited" mark, and a deleted comment's line. Screenshots land in
 * test-results/shots/task-activity-*.png.
 */
const PHONE = { width: 390, height: 844 };
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test.describe("task activity feed", () => {
  test("comment with an @mention, edit, delete at 390 px", async ({ page, db, signInAs }) => {
    await page.setViewportSize(PHONE);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await db.organizationalUnit.findFirstOrThrow({ where: { name: "Transport & Pickup" } });
    const last = `Mention${uniq()}`;
    const mate = await createUser(db, { role: "staff", firstName: "Quinn", lastName: last });
    const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Collect urn ${uniq()}` });

    await signInAs(page, "admin", `/tasks/${task.id}`);
    await expect(page.getByRole("heading", { name: task.title })).toBeVisible();
    // A task made by the factory has no History rows yet.
    await expect(page.getByText("No activity yet.")).toBeVisible();
    const feed = page.getByLabel("Task activity");

    const composer = page.getByTestId("comment-composer").getByRole("textbox");
    await composer.click();
    await page.keyboard.type(`Urn is ready, @${last.slice(0, 9)}`);
    const picker = page.getByRole("listbox", { name: "Mention a member" });
    await picker.getByRole("option", { name: `Quinn ${last}` }).click();
    await expect(composer).toContainText(`@Quinn ${last}`);
    await page.getByRole("button", { name: "Comment", exact: true }).click();

    const comment = feed.getByTestId("task-comment");
    await expect(comment).toContainText(`Urn is ready, @Quinn ${last}`);
    await expect(composer).not.toContainText("Urn is ready");
    await page.screenshot({ path: "test-results/shots/task-activity-phone.png", fullPage: true });

    // The mentioned member has it in the bell.
    await expect
      .poll(async () => db.alertRecipient.count({ where: { userId: mate.id, alert: { kind: "mention", taskId: task.id } } }))
      .toBe(1);

    // Edit within the window: marked "edited".
    await comment.getByRole("button", { name: "Edit" }).click();
    const editor = comment.getByRole("textbox");
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Pickup at 3 pm.");
    await comment.getByRole("button", { name: "Save" }).click();
    await expect(comment).toContainText("Pickup at 3 pm.");
    await expect(comment).toContainText("(edited)");

    // Delete: a "comment deleted" line stays.
    await comment.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete comment" }).click();
    await expect(feed.getByTestId("comment-deleted")).toContainText("comment deleted");
    await page.screenshot({ path: "test-results/shots/task-activity-deleted.png", fullPage: true });
  });

  test("a photo from the phone: Add photo opens the camera, the file lands as a thumbnail", async ({ page, db, signInAs }) => {
    await page.setViewportSize(PHONE);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const unit = await db.organizationalUnit.findFirstOrThrow({ where: { name: "Transport & Pickup" } });
    const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: `Photograph urn ${uniq()}` });
    await signInAs(page, "admin", `/tasks/${task.id}`);
    await expect(page.getByRole("heading", { name: task.title })).toBeVisible();

    const photo = page.getByTestId("photo-input");
    await expect(photo).toHaveAttribute("capture", "environment");
    await expect(photo).toHaveAttribute("accept", "image/*");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add photo" }).click();
    await (await chooser).setFiles(path.join(__dirname, "fixtures/urn-photo.png"));
    await expect(page.getByRole("list", { name: "Files to attach" })).toContainText("urn-photo.png");
    await page.getByTestId("comment-composer").getByRole("textbox").click();
    await page.keyboard.type("Engraving checked.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();

    const comment = page.getByLabel("Task activity").getByTestId("task-comment");
    await expect(comment).toContainText("Engraving checked.");
    const thumb = comment.getByRole("img", { name: "urn-photo.png" });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: "test-results/shots/task-activity-photo.png", fullPage: true });
    const stored = await db.taskAttachment.findFirstOrThrow({ where: { taskId: task.id } });
    expect(stored).toMatchObject({ fileName: "urn-photo.png", mimeType: "image/png" });
    expect(stored.commentId).not.toBeNull();
  });
});
