/**
 * API management: an admin creates a key on /admin/api, copies the secret shown once,
 * an integration uses it (fetch from the test, as another system would) to create a task, the list
 * shows the key's last use, revoking it makes the next call a 401; the reference page renders;
 * 375 px phone layout. Screenshots: test-results/shots/api-*.png.
 */
import type { Page } from "@playwright/test";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/api-${name}.png`, fullPage: true });

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe("API keys", () => {
  // A full create-use-revoke walk and the reference's first load (its own chunk) take a while on a loaded machine.
  test.setTimeout(120_000);

  test("create, copy once, use to create a task, last used, revoke -> 401", async ({ page, signInAs, db, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, "admin", "/admin/api");
    await expect(page.getByRole("heading", { name: "API Management" })).toBeVisible();

    const name = `Website intake ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("checkbox", { name: /tasks:write/ }).check();
    await dialog.getByRole("checkbox", { name: /tasks:read/ }).check();
    const acting = dialog.getByRole("combobox", { name: "Acting member" });
    await acting.click();
    await acting.fill("Jamie Riv");
    await dialog.getByRole("option", { name: /^Jamie Rivera/ }).click();
    await expect(acting).toHaveValue("Jamie Rivera");
    await shot(page, "create-1366");
    await dialog.getByRole("button", { name: "Create key" }).click();

    const panel = page.getByRole("dialog", { name: "API key created" });
    await expect(panel.getByRole("heading", { name: "API key created" })).toBeVisible();
    const secret = await panel.getByTestId("api-key-secret").inputValue();
    expect(secret).toMatch(/^bfs_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
    await panel.getByRole("button", { name: "Copy" }).click();
    await expect(panel.getByText("Copied to the clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, "secret-1366");
    // Escape does not lose the secret; only the confirm closes the panel.
    await page.keyboard.press("Escape");
    await expect(panel.getByRole("heading", { name: "API key created" })).toBeVisible();
    await panel.getByRole("button", { name: "I've stored it" }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row.getByTestId("api-key-last-used")).toHaveText("Never");

    // The integration calls the API with the key, from outside the browser.
    const jamie = await db.user.findUniqueOrThrow({ where: { email: "jamie@bfs.demo" }, include: { memberships: true } });
    const created = await fetch(`${E2E_BASE_URL}/api/tasks`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Intake from the website", department: jamie.memberships[0].unitId, dueDate: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string; createdById: string };
    expect(task.createdById).toBe(jamie.id);
    // Outside its scopes: 403 naming the scope.
    const refused = await fetch(`${E2E_BASE_URL}/api/projects`, { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain("projects:read");

    await page.reload();
    await expect(row.getByTestId("api-key-last-used")).not.toHaveText("Never");
    await expect(row.getByRole("img", { name: /Requests in the last 7 days: 2/ })).toBeVisible();
    await expect(page.getByTestId("try-it-command")).toContainText("Authorization: Bearer bfs_");
    await shot(page, "list-1366");

    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(row.getByText("Revoked", { exact: true })).toBeVisible();
    const after = await fetch(`${E2E_BASE_URL}/api/tasks`, { headers: { authorization: `Bearer ${secret}` } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toBe("This API key has been revoked.");
  });

  test("the reference page renders the OpenAPI document", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, "admin", "/admin/api");
    await page.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/admin\/api\/docs$/);
    const reference = page.getByTestId("api-reference");
    await expect(reference.getByText("BFS Tasks API").first()).toBeVisible({ timeout: 30_000 });
    await expect(reference.getByText("Create a task").first()).toBeVisible();
    await shot(page, "docs-1366");
  });

  test("375 px: the list, the create dialog and the reference fit the phone", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, "admin", "/admin/api");
    await expect(page.getByRole("heading", { name: "API Management" })).toBeVisible();
    await expect(page.getByTestId("try-it-command")).toBeVisible();
    await noHorizontalScroll(page);
    await shot(page, "list-375");
    await page.getByRole("button", { name: "Create API key" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Create API key" })).toBeVisible();
    await noHorizontalScroll(page);
    await shot(page, "create-375");
    await page.keyboard.press("Escape");
    await page.goto("/admin/api/docs");
    await expect(page.getByTestId("api-reference").getByText("BFS Tasks API").first()).toBeVisible({ timeout: 30_000 });
    await noHorizontalScroll(page);
    await shot(page, "docs-375");
  });
});
