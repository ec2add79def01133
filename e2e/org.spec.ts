import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * The organization screens: an admin builds a small unit tree, adds a member, moves the member to
 * another unit, moves a unit, sees a blocked delete explained, and creates a vendor; a staff
 * user sees none of the header entries but opens the three pages read-only (spec §2).
 * Screenshots land in test-results/shots/org-*.png (desktop 1366 and phone 375).
 */

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/org-${name}.png`, fullPage: true });
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
const unitNumber = 8000 + Math.floor(Math.random() * 1000);

// The toast in the notifications region. Radix may briefly render a toast as one announced
// text ("Unit created Aftercare …"), so the title is matched inside it, not as a whole element.
const toast = (page: Page, title: string) => page.getByRole("region", { name: /Notifications/ }).getByText(title).first();

test.describe("admin", () => {
  test("builds a tree, adds and moves a member, moves a unit, is told why a delete is blocked", async ({ page, signInAs }) => {
    // Five page loads, three full-page shots of the tree and a dozen writes: 1.9–2.0 min in a
    // full CI run beside the other worker, where the tree holds the matrix walk's ~350 units.
    test.setTimeout(240_000);
    const parentName = `Aftercare ${tag}`;
    const childName = `Night Desk ${tag}`;
    const email = `org-${tag}@example.test`;

    await signInAs(page, "admin", "/organization");
    await expect(page.getByRole("heading", { name: "Organization", level: 1 })).toBeVisible();
    // The seeded tree: Operations with its sub-units.
    await expect(page.getByTestId("unit-row-Operations")).toBeVisible();
    await expect(page.getByTestId("unit-row-Pet Cremation Services")).toBeVisible();

    // A unit with a taken number is refused with the holder named.
    await page.getByRole("button", { name: "New unit" }).click();
    await page.getByLabel("Name").fill(parentName);
    await page.getByLabel("Unit number").fill("400");
    await page.getByRole("button", { name: "Create unit" }).click();
    await expect(page.getByRole("dialog").getByText("Unit number 400 is already used by Operations. Choose another number.")).toBeVisible();

    await page.getByLabel("Unit number").fill(String(unitNumber));
    await page.getByLabel("Type").selectOption("division");
    await page.getByRole("button", { name: "Create unit" }).click();
    await expect(toast(page, "Unit created")).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(parentName) })).toBeVisible();

    // A child unit, from the selected unit's panel.
    await page.getByRole("button", { name: "Add sub-unit" }).click();
    await expect(page.getByLabel("Parent unit")).toHaveValue(/.+/);
    await page.getByLabel("Name").fill(childName);
    await page.getByRole("button", { name: "Create unit" }).click();
    await expect(toast(page, "Unit created")).toBeVisible();

    await page.reload();
    const parentItem = page.getByRole("treeitem", { name: parentName });
    await expect(parentItem.getByTestId(`unit-row-${childName}`)).toBeVisible();
    await expect(parentItem.getByTestId(`unit-row-${parentName}`)).toContainText(String(unitNumber));
    // Collapse and expand.
    await page.getByRole("button", { name: `Collapse ${parentName}` }).click();
    await expect(page.getByTestId(`unit-row-${childName}`)).toBeHidden();
    await page.getByRole("button", { name: `Expand ${parentName}` }).click();
    await expect(page.getByTestId(`unit-row-${childName}`)).toBeVisible();
    await shot(page, "organization-desktop");

    // A new member in the parent unit.
    await page.goto("/members");
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "New member", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First name").fill("Robin");
    await dialog.getByLabel("Last name").fill(`Reyes ${tag}`);
    await dialog.getByLabel("Email").fill(email);
    // The member type says who is a volunteer: the pay type then has nothing to say.
    await expect(dialog.getByLabel("Pay type")).toHaveValue("hourly");
    await dialog.getByLabel("Member type").selectOption("volunteer");
    await expect(dialog.getByLabel("Pay type")).toBeDisabled();
    await expect(dialog.getByTestId("member-payType-note")).toHaveText("Volunteers are not paid: they have no pay type, and payroll exports can leave them out.");
    await shot(page, "member-form-volunteer-desktop");
    await dialog.getByLabel("Units").fill(parentName);
    await page.getByRole("option", { name: new RegExp(parentName) }).click();
    await dialog.getByRole("button", { name: "Create member" }).click();
    await expect(toast(page, "Member created")).toBeVisible();
    await expect(page.getByTestId("temporary-password")).toHaveText(/^[A-Za-z2-9]{12}$/);
    await shot(page, "member-created-desktop");
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByLabel("Search members").fill(tag);
    const row = page.getByTestId("member-row").filter({ hasText: `Robin Reyes ${tag}` });
    await expect(row).toContainText(parentName);
    await expect(row).toContainText(email);

    // Move the member: edit their units.
    await row.getByRole("button", { name: `Edit Robin Reyes ${tag}` }).click();
    await dialog.getByRole("button", { name: `Remove unit ${parentName}` }).click();
    await dialog.getByLabel("Units").fill(childName);
    await page.getByRole("option", { name: new RegExp(childName) }).click();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "Member updated")).toBeVisible();
    await page.reload();
    await page.getByLabel("Search members").fill(tag);
    await expect(page.getByTestId("member-row").filter({ hasText: `Robin Reyes ${tag}` })).toContainText(childName);
    await expect(page.getByTestId("member-row").filter({ hasText: `Robin Reyes ${tag}` })).not.toContainText(parentName);
    await shot(page, "members-desktop");

    // The organization screen lists the member beside the child unit; moving the unit and a blocked delete.
    await page.goto("/organization");
    await page.getByTestId(`unit-row-${childName}`).click();
    const panel = page.getByRole("region", { name: new RegExp(childName) });
    await expect(panel.getByRole("link", { name: `Robin Reyes ${tag}` })).toBeVisible();

    await panel.getByRole("button", { name: "Move to…" }).click();
    await page.getByLabel("Move to").selectOption({ label: "Top level (no parent)" });
    await page.getByRole("dialog").getByRole("button", { name: "Move" }).click();
    await expect(toast(page, "Unit moved")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("treeitem", { name: parentName }).getByTestId(`unit-row-${childName}`)).toHaveCount(0);
    await expect(page.getByTestId(`unit-row-${childName}`)).toBeVisible();

    await page.getByTestId(`unit-row-${childName}`).click();
    await page.getByRole("region", { name: new RegExp(childName) }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete unit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: `Cannot delete ${childName}: it has 1 member. Move them first.` })).toBeVisible();
    await shot(page, "delete-blocked-desktop");
    await page.getByRole("button", { name: "Close", exact: true }).first().click();

    // The now-empty parent can be deleted.
    await page.getByTestId(`unit-row-${parentName}`).click();
    await page.getByRole("region", { name: new RegExp(parentName) }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete unit" }).click();
    await expect(toast(page, "Unit deleted")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId(`unit-row-${parentName}`)).toHaveCount(0);

    // The member's profile.
    await page.goto("/members");
    await page.getByLabel("Search members").fill(tag);
    await page.getByRole("link", { name: `Robin Reyes ${tag}` }).click();
    await expect(page.getByRole("heading", { name: `Robin Reyes ${tag}`, level: 1 })).toBeVisible();
    // Its units (the Pay section's department picker names the unit too).
    await expect(page.getByRole("listitem").filter({ hasText: childName })).toBeVisible();
    await expect(page.getByTestId("hours-this-week")).toHaveText("0h 00m");
    await shot(page, "member-profile-desktop");
  });

  test("creates, edits and deactivates a vendor", async ({ page, signInAs }) => {
    const name = `Willow Caskets ${tag}`;
    await signInAs(page, "admin", "/vendors");
    await expect(page.getByRole("heading", { name: "Vendors", level: 1 })).toBeVisible();
    await expect(page.getByText("Evergreen Urn Co.")).toBeVisible();

    await page.getByRole("button", { name: "New vendor" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Create vendor" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Enter a valid email address")).toBeVisible();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Contact person").fill("Ivy Moss");
    await dialog.getByLabel("Email").fill("ivy@willow.example");
    await dialog.getByLabel("Phone").fill("555-0199");
    await dialog.getByLabel("Services").fill("Caskets, memorial boxes");
    await dialog.getByLabel("Notes").fill("Delivers Tuesdays");
    await dialog.getByRole("button", { name: "Create vendor" }).click();
    await expect(toast(page, "Vendor created")).toBeVisible();

    await page.reload();
    await page.getByLabel("Search vendors").fill(tag);
    const row = page.getByTestId("vendor-row").filter({ hasText: name });
    await expect(row).toContainText("Ivy Moss · ivy@willow.example · 555-0199");
    await expect(row).toContainText("Caskets, memorial boxes");

    await row.getByRole("button", { name: `Edit ${name}` }).click();
    await dialog.getByLabel("Services").fill("Caskets");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "Vendor updated")).toBeVisible();

    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    await expect(toast(page, "Vendor deactivated")).toBeVisible();
    await page.reload();
    await page.getByLabel("Search vendors").fill(tag);
    await expect(page.getByTestId("vendor-row").filter({ hasText: name })).toContainText("Inactive");
    await shot(page, "vendors-desktop");
  });

  test("phone width: the organization, members and vendors screens fit 375 px", async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, "admin", "/organization");
    await page.getByTestId("unit-row-Operations").click();
    await expect(page.getByRole("region", { name: /Operations/ }).getByRole("link", { name: "Priya Patel" })).toBeVisible();
    const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "organization-phone");

    await page.goto("/members");
    await expect(page.getByTestId("member-row").first()).toBeVisible();
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "members-phone");
    await page.getByRole("button", { name: "New member", exact: true }).click();
    await expect(page.getByRole("dialog").getByLabel("First name")).toBeVisible();
    await shot(page, "member-dialog-phone");
    await page.keyboard.press("Escape");

    await page.goto("/vendors");
    await expect(page.getByTestId("vendor-row").first()).toBeVisible();
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "vendors-phone");
  });
});

test.describe("staff", () => {
  test("sees no header entries, opens organization, members and vendors read-only, and a profile without contact details", async ({ page, db, signInAs }) => {
    test.setTimeout(90_000);
    await signInAs(page, "staff", "/");
    const header = page.getByRole("banner");
    await expect(header).toBeVisible();
    const settings = header.getByRole("button", { name: "Settings" });
    if (await settings.isVisible()) await settings.click();
    for (const name of ["Organization", "Members", "Vendors"]) {
      await expect(page.getByRole("menuitem", { name })).toHaveCount(0);
      await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
    }

    // Spec §2: sign-in required, not admin-only. Read-only: no create, edit, move, delete or
    // member controls, and no emails or phones.
    await page.goto("/organization");
    await expect(page).toHaveURL(/\/organization$/);
    await expect(page.getByRole("heading", { name: "Organization", level: 1 })).toBeVisible();
    await page.getByTestId("unit-row-Operations").click();
    const panel = page.getByRole("region", { name: /Operations/ });
    await expect(panel.getByRole("link", { name: "Priya Patel" })).toBeVisible();
    for (const name of ["New unit", "Edit", "Move to…", "Add sub-unit", "Delete", /^Remove /]) {
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    }
    await expect(page.getByRole("combobox", { name: "Add member to unit" })).toHaveCount(0);
    await shot(page, "organization-staff-desktop");

    await page.goto("/members");
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId("member-row").filter({ hasText: "Marcus Chen" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New member", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Edit|Deactivate|Reactivate) / })).toHaveCount(0);
    await expect(page.getByText("@bfs.demo")).toHaveCount(0);
    await shot(page, "members-staff-desktop");

    await page.goto("/vendors");
    await expect(page).toHaveURL(/\/vendors$/);
    await expect(page.getByTestId("vendor-row").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "New vendor" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Edit|Deactivate|Reactivate) / })).toHaveCount(0);
    // No contact details: the seeded vendors' e-mails and phones (other specs' vendors may carry "@" in their names).
    for (const detail of ["orders@evergreenurn.example", "555-0170", "sam@pawsforever.example", "555-0171"]) await expect(page.getByText(detail)).toHaveCount(0);
    await shot(page, "vendors-staff-desktop");
    // A clinic is badged in the directory too.
    const clinic = `Directory Clinic ${Date.now().toString(36)}`;
    await db.vendor.create({ data: { name: clinic, kind: "clinic" } });
    await page.reload();
    await page.getByLabel("Search vendors").fill(clinic);
    await expect(page.getByTestId("vendor-row").filter({ hasText: clinic }).getByText("Clinic", { exact: true })).toBeVisible();

    // The API refuses staff writes.
    const res = await page.request.post("/api/organizational-units", { data: { name: "Sneaky" } });
    expect(res.status()).toBe(403);

    // A profile is readable, without email, hours or punches of someone else.
    const list = await page.request.get("/api/members?q=Marcus");
    const marcus = (await list.json()).items[0];
    expect(marcus.email).toBeUndefined();
    await page.goto(`/members/${marcus.id}`);
    await expect(page.getByRole("heading", { name: "Marcus Chen", level: 1 })).toBeVisible();
    await expect(page.getByText("marcus@bfs.demo")).toHaveCount(0);
    await expect(page.getByText("Only the member and administrators see hours and punches.")).toBeVisible();
    await shot(page, "member-profile-staff-desktop");

    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("link", { name: "Organization" })).toHaveCount(0);
    await shot(page, "staff-menu-phone");
  });
});
