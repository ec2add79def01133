import { createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

test("a member created with a temporary password must choose their own before using the app", async ({ page, db, signInAs }) => {
  const email = `first-${Date.now().toString(36)}@example.test`;
  await createUser(db, { email, firstName: "Robin", lastName: "Newcomer", mustChangePassword: true });

  await signInAs(page, { email }, "/available-tasks");
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Available Tasks" })).toHaveCount(0);

  await page.getByLabel("Current password").fill(DEFAULT_TEST_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("my-own-password-7");
  await page.getByLabel("Repeat new password").fill("my-own-password-7");
  await page.getByRole("button", { name: "Change password" }).click();

  await expect(page.getByText("Password changed", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose your password" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Choose your password" })).toHaveCount(0);
  const stored = await db.user.findUniqueOrThrow({ where: { email } });
  expect(stored.mustChangePassword).toBe(false);
});
