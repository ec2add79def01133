/**
 * Webhooks (/admin/webhooks): an admin adds a webhook (an http URL is refused in the form), copies
 * the signing secret shown once, a task created through the API becomes a delivery, the job's
 * attempt against a closed loopback port shows in the delivery log with its error, "Resend"
 * queues it again, the row survives a reload, "Roll secret" shows the new secret once and the
 * row says until when the old one still signs, delete removes it; the page at 390 px fits.
 * Screenshots: test-results/shots/webhooks-*.png.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/webhooks-${name}.png`, fullPage: true });

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const width of [1366, 390]) {
  test(`webhooks at ${width} px: add, secret once, delivery log with the failed attempt, resend, delete`, async ({ page, signInAs, db }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, "admin", "/admin/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    // Port 9 on loopback: nobody listens, so the attempt fails at once (and nothing leaves the machine).
    const url = `https://127.0.0.1:9/hooks/${width}-${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    await dialog.getByLabel("URL").fill("http://example.com/hooks");
    await dialog.getByRole("checkbox", { name: /task\.created/ }).check();
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog.getByText("URL must start with https://")).toBeVisible();
    await dialog.getByLabel("URL").fill(url);
    await dialog.getByLabel("Description (optional)").fill("Accounting");
    await shot(page, `add-${width}`);
    await dialog.getByRole("button", { name: "Add webhook" }).click();

    const panel = page.getByRole("dialog", { name: "Webhook added" });
    const secret = await panel.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    await shot(page, `secret-${width}`);
    await panel.getByRole("button", { name: "I've stored it" }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    const row = page.getByTestId("webhook-row").filter({ hasText: url });
    await expect(row.getByText("Active")).toBeVisible();
    await expect(row.getByText(secret.slice(0, 10))).toBeVisible();

    // A change through the API writes the outbox row; the job sends it (and fails: port 9 is closed).
    const unit = await db.organizationalUnit.findFirstOrThrow({ select: { id: true } });
    const created = await page.request.post("/api/tasks", { data: { title: `Webhook e2e ${width}`, department: unit.id, dueDate: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(created.status()).toBe(201);
    const run = await page.request.post("/api/test-hooks/jobs/webhooks-deliver", { data: {} });
    expect(run.status()).toBe(200);

    await row.getByRole("button", { name: "Delivery log" }).click();
    const log = page.getByRole("dialog", { name: "Delivery log" });
    const delivery = log.getByTestId("webhook-delivery").first();
    await expect(delivery.getByText("task.created")).toBeVisible();
    await expect(delivery.getByText("Retrying")).toBeVisible();
    await expect(delivery.getByText(/ECONNREFUSED/)).toBeVisible();
    await shot(page, `log-${width}`);
    await delivery.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByText("Delivery queued again").first()).toBeVisible();
    await log.getByRole("button", { name: "Close" }).first().click();

    await page.reload();
    await expect(page.getByTestId("webhook-row").filter({ hasText: url })).toBeVisible();
    await noHorizontalScroll(page);
    await shot(page, `list-${width}`);

    // Roll the secret: the old one keeps signing for the chosen overlap (24 hours by default); the new one is shown once.
    await page.getByTestId("webhook-row").filter({ hasText: url }).getByRole("button", { name: `Roll the secret of ${url}` }).click();
    const roll = page.getByRole("dialog", { name: "Roll the signing secret?" });
    await expect(roll.getByLabel("Old secret keeps signing for")).toHaveValue(String(24 * 60));
    await shot(page, `roll-${width}`);
    await roll.getByRole("button", { name: "Roll secret" }).click();
    const rolled = page.getByRole("dialog", { name: "Signing secret rolled" });
    const fresh = await rolled.getByTestId("webhook-secret").inputValue();
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(fresh).not.toBe(secret);
    await rolled.getByRole("button", { name: "I've stored it" }).click();
    const rolledRow = page.getByTestId("webhook-row").filter({ hasText: url });
    await expect(rolledRow.getByText(fresh.slice(0, 10))).toBeVisible();
    await expect(rolledRow.getByText("Previous secret signs until")).toBeVisible();
    const stored = await db.webhookSubscription.findFirstOrThrow({ where: { url }, select: { previousSecretExpiresAt: true, previousSecretCiphertext: true } });
    expect(stored.previousSecretCiphertext).not.toBeNull();
    expect(stored.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    await page.getByTestId("webhook-row").filter({ hasText: url }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByText("Webhook deleted").first()).toBeVisible();
    await expect(page.getByTestId("webhook-row").filter({ hasText: url })).toHaveCount(0);
  });
}
