import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * Setting up a clinic partner on /vendors (docs/clinics.md "Setting up a clinic"): the admin
 * creates a clinic with its address and billing e-mail, finds it by its badge and the Kind filter,
 * invites a clinic user from "Portal users" and sees the code once and the pending invitation; the
 * invited person registers through the sign-up link and lands on the portal. The screen, the form
 * and the dialog fit 390 and 360 px. Screenshots: /tmp/shots-vendors/.
 */
const SHOTS = "/tmp/shots-vendors";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/clinic-setup-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

// All specs share one database in CI: every name and address here is this run's own.
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.describe("setting up a clinic partner", () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test("the admin creates a clinic, invites its user, and the user registers onto /clinic", async ({ page, browser, signInAs }) => {
    test.setTimeout(120_000);
    const name = `Harbor Vet Clinic ${tag}`;
    const invited = `frontdesk-${tag}@harbor-vet.example`;
    await signInAs(page, "admin", "/vendors");
    await expect(page.getByRole("heading", { name: "Vendors", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "New vendor" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("clinic-fields")).toHaveCount(0);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await dialog.getByLabel("Kind").selectOption("clinic");
    await dialog.getByLabel("Address").fill("12 Quay Street");
    await dialog.getByLabel("Postcode").fill("HB1 2QS");
    // Only one coordinate: the pairing rule (the schema the server parses with) lands next to the field.
    await dialog.getByLabel(/^Latitude/).fill("51.5");
    await dialog.getByLabel("Billing e-mail").fill("not-an-address");
    await dialog.getByRole("button", { name: "Create vendor" }).click();
    await expect(dialog.getByText("Enter a valid billing e-mail address")).toBeVisible();
    await dialog.getByLabel("Billing e-mail").fill(`accounts-${tag}@harbor-vet.example`);
    await dialog.getByRole("button", { name: "Create vendor" }).click();
    await expect(dialog.getByText("Latitude and longitude go together: give both or neither")).toBeVisible();
    await dialog.getByLabel(/^Longitude/).fill("-0.12");
    await dialog.getByRole("button", { name: "Add a contact" }).click();
    await dialog.getByLabel("Contact name").fill("Nora Quay");
    await dialog.getByLabel("Role").fill("Practice manager");
    await shot(page, "form-1366");
    await dialog.getByRole("button", { name: "Create vendor" }).click();
    await expect(toast(page, "Vendor created")).toBeVisible();

    // Easy to find: the Kind filter and the badge.
    await page.getByLabel("Search vendors").fill(tag);
    await page.getByLabel("Kind").selectOption("clinic");
    const row = page.getByTestId("vendor-row").filter({ hasText: name });
    await expect(row.getByText("Clinic", { exact: true })).toBeVisible();
    await expect(row).toContainText("12 Quay Street, HB1 2QS");
    await expect(row).toContainText(`Statements to accounts-${tag}@harbor-vet.example`);
    await page.getByLabel("Kind").selectOption("vendor");
    await expect(page.getByTestId("vendor-row").filter({ hasText: name })).toHaveCount(0);
    await page.getByLabel("Kind").selectOption("all");
    await expect(row).toBeVisible();
    await shot(page, "list-1366");

    // Editing keeps what was saved.
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(dialog.getByLabel("Kind")).toHaveValue("clinic");
    await expect(dialog.getByLabel(/^Latitude/)).toHaveValue("51.5");
    await expect(dialog.getByLabel("Contact name")).toHaveValue("Nora Quay");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Portal users: invite by e-mail; the code shows once and the invitation is pending.
    await row.getByRole("button", { name: `Portal users of ${name}` }).click();
    const portal = page.getByRole("dialog", { name: `Portal users of ${name}` });
    await expect(portal.getByText("Nobody signs in for this clinic yet.")).toBeVisible();
    await portal.getByLabel("Their e-mail").fill(invited);
    await portal.getByRole("button", { name: "Invite a clinic user" }).click();
    const code = (await portal.getByTestId("invitation-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await expect(portal.getByRole("button", { name: "Copy sign-up link" })).toBeVisible();
    const invitation = portal.getByTestId("clinic-invitation-row").filter({ hasText: invited });
    await expect(invitation).toContainText("pending");
    await shot(page, "portal-users-1366");

    // The invited person follows the sign-up link and lands on the clinic's portal.
    const context = await browser.newContext();
    const newcomer = await context.newPage();
    await newcomer.goto(`/?mode=register&code=${encodeURIComponent(code)}`);
    await expect(newcomer.getByLabel("Invitation code")).toHaveValue(code);
    await newcomer.getByLabel("First name").fill("Tess");
    await newcomer.getByLabel("Last name").fill("Harbor");
    await newcomer.getByLabel("Email").fill(invited);
    await newcomer.getByLabel("Password").fill("a-long-password-1");
    await newcomer.getByRole("button", { name: "Create account" }).click();
    await expect(newcomer).toHaveURL(/\/clinic$/);
    await expect(newcomer.getByRole("heading", { name, level: 1 })).toBeVisible();
    await context.close();

    // Back on the vendor: the person is a user of the clinic, the invitation used.
    await portal.getByRole("button", { name: "Done" }).click();
    await page.keyboard.press("Escape");
    await row.getByRole("button", { name: `Portal users of ${name}` }).click();
    await expect(portal.getByTestId("clinic-user-row").filter({ hasText: invited })).toContainText("Tess Harbor");
    await expect(portal.getByTestId("clinic-invitation-row").filter({ hasText: invited })).toContainText("used");
  });

  for (const width of [390, 360]) {
    test(`the list, the clinic form and the portal users fit ${width} px`, async ({ page, signInAs }) => {
      const name = `Pier Vet ${tag}-${width}`;
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, "admin", "/vendors");
      await page.getByRole("button", { name: "New vendor" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await dialog.getByLabel("Kind").selectOption("clinic");
      await dialog.getByLabel("Address").fill("3 Pier Road, Harbourside");
      await dialog.getByLabel("Billing e-mail").fill(`billing-${tag}-${width}@pier-vet.example`);
      await dialog.getByRole("button", { name: "Add a contact" }).click();
      await dialog.getByLabel("Contact name").fill("Ola Pier");
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `form-${width}`);
      await dialog.getByRole("button", { name: "Create vendor" }).click();
      await expect(toast(page, "Vendor created")).toBeVisible();

      await page.getByLabel("Search vendors").fill(tag);
      const row = page.getByTestId("vendor-row").filter({ hasText: name });
      await expect(row.getByText("Clinic", { exact: true })).toBeVisible();
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `list-${width}`);

      await row.getByRole("button", { name: `Portal users of ${name}` }).click();
      const portal = page.getByRole("dialog", { name: `Portal users of ${name}` });
      await portal.getByLabel("Their e-mail").fill(`desk-${tag}-${width}@pier-vet.example`);
      await portal.getByRole("button", { name: "Invite a clinic user" }).click();
      await expect(portal.getByTestId("invitation-code")).toBeVisible();
      await expect(portal.getByTestId("clinic-invitation-row")).toContainText("pending");
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `portal-users-${width}`);
    });
  }
});
