import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** /admin/punch-posts: add a post, print it (lastPrintedAt), rotate with its warning, remove. */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/punch-posts-${name}.png`, fullPage: true });

test("an admin adds, prints, rotates and removes a punch post", async ({ page, db, signInAs }) => {
  const location = `van-${Date.now().toString(36)}`;
  await signInAs(page, "admin", "/admin/punch-posts");
  await expect(page.getByRole("heading", { name: "Punch posts", exact: true })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a punch post" });
  await form.getByLabel("Name").fill("Transport van");
  await form.getByLabel("Where it is").fill("Inside the back door");
  await form.getByLabel("Code location").fill(location);
  await form.getByRole("button", { name: "Add post" }).click();
  await expect(page.getByText("Punch post added", { exact: true }).first()).toBeVisible();
  const row = page.getByTestId("punch-post-row").filter({ hasText: location });
  await expect(row).toContainText("Transport van");
  await expect(row).toContainText("Inside the back door");
  await expect(row).toContainText("Never printed");
  await expect(row).toContainText("Key version 1");

  const popup = page.waitForEvent("popup");
  await row.getByRole("link", { name: "Print Transport van" }).click();
  await (await popup).close();
  await expect(row).toContainText("Last printed", { timeout: 10_000 });
  expect((await db.punchStation.findUniqueOrThrow({ where: { location } })).lastPrintedAt).not.toBeNull();

  await row.getByRole("button", { name: "Rotate Transport van" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate the key of Transport van?" });
  await expect(rotate).toContainText("Printed copies of this post stop working");
  await shot(page, "rotate-confirm");
  await rotate.getByRole("button", { name: "Rotate key" }).click();
  await expect(row).toContainText("Key version 2");

  await page.reload();
  await shot(page, "list");
  await row.getByRole("button", { name: "Remove Transport van" }).click();
  const remove = page.getByRole("dialog", { name: "Remove Transport van?" });
  await expect(remove).toContainText("Printed copies of this post stop working");
  await remove.getByRole("button", { name: "Remove post" }).click();
  await expect(row).toHaveCount(0);
  const stored = await db.punchStation.findUniqueOrThrow({ where: { location } });
  expect(stored.deletedAt).not.toBeNull();
  expect(stored.keyVersion).toBe(3);
});
