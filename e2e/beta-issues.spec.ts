import type { Page } from "@playwright/test";
import { createBetaIssue, createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { E2E_BASE_URL } from "./support/database";
import { expect, signInRequest, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

/**
 * The beta issue screens: the Report Beta Issue dialog from the floating button (validation, a
 * pasted screenshot and a picked PDF, refusals before upload), "My Beta Issues", the issue
 * page, and an admin triaging an issue and turning it into a task; all at 375 px too.
 * Each test makes users of its own. Screenshots: test-results/shots/beta-*.png.
 */

const PHONE = { width: 375, height: 812 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/beta-${name}.png`, fullPage: true });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** A 40×24 PNG drawn on a canvas, pasted as the clipboard's only file (what a screenshot paste is). */
async function pasteScreenshot(page: Page, target: string) {
  await page.evaluate(async (selector) => {
    const canvas = document.createElement("canvas");
    canvas.width = 40;
    canvas.height = 24;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#4f46e5";
    ctx.fillRect(0, 0, 40, 24);
    ctx.fillStyle = "#fbbf24";
    ctx.fillRect(8, 6, 12, 12);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const data = new DataTransfer();
    data.items.add(new File([blob], "image.png", { type: "image/png" }));
    document.querySelector(selector)!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, target);
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

async function openDialog(page: Page) {
  const dialog = await openQuickAction(page, "Report Beta Issue", "Report Beta Issue");
  await expect(dialog.getByLabel("Title")).toBeVisible();
  return dialog;
}

test.describe("Report Beta Issue", () => {
  test("a staff member reports an issue with a pasted screenshot and a PDF, then finds it in My Beta Issues", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    const user = await createUser(db, { role: "staff", firstName: "Robin", lastName: `Reporter ${uniq()}` });
    const title = `Punch button spins ${uniq()}`;
    await signInAs(page, { email: user.email }, "/");
    const dialog = await openDialog(page);

    // Spec §5: all three are required, one message; severity defaults to Low.
    await expect(dialog.getByRole("radio", { name: "Low" })).toBeChecked();
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(dialog.getByText("Please fill in the category, title, and description.")).toBeVisible();
    await expect(dialog.getByTestId("beta-environment-note")).toContainText("this page's address, your browser and your screen size are attached automatically");
    await expect(dialog.getByTestId("beta-environment-note")).toContainText("screen ");

    await dialog.getByLabel("Category").selectOption("bug");
    await dialog.getByText("Medium", { exact: true }).click();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("I click Punch In.\nThe spinner never stops.");

    // Refused before any upload: too large, and a type we do not take.
    await dialog.getByLabel("Choose files to attach").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(toast(page, "File too large")).toBeVisible();
    await expect(toast(page, "File huge.png exceeds 10MB limit.")).toBeVisible();
    await dialog.getByLabel("Choose files to attach").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
    await expect(toast(page, "Invalid file type")).toBeVisible();
    await expect(toast(page, "File logo.svg is not supported. Please use images, videos, PDFs, or text files.")).toBeVisible();

    // Into the dialog's form: the page behind it has forms of its own (quick add).
    await pasteScreenshot(page, '[role="dialog"] form');
    await dialog.getByLabel("Choose files to attach").setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    const files = dialog.getByRole("list", { name: "Attached files" }).getByRole("listitem");
    await expect(files).toHaveCount(2);
    await expect(files.nth(0)).toContainText(/screenshot-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.png/);
    await expect(files.nth(0).getByRole("img")).toBeVisible();
    await expect(files.nth(1)).toContainText("receipt.pdf");
    await expect(files.nth(1)).toContainText(`${PDF.length} B`);
    await expect(dialog.getByRole("button", { name: "Remove receipt.pdf" })).toBeVisible();
    await shot(page, "dialog-desktop");

    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(toast(page, "Beta Feedback Submitted")).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "View issue" }).click();

    await expect(page.getByRole("heading", { name: `[BETA] ${title}` })).toBeVisible();
    await expect(page.getByTestId("beta-description")).toHaveText("I click Punch In.\nThe spinner never stops.");
    const preview = page.getByRole("img", { name: /screenshot-.*\.png/ });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    await expect(page.getByRole("link", { name: "receipt.pdf" })).toHaveAttribute("href", /\/api\/beta-issues\/[0-9a-f-]+\/attachments\/[0-9a-f-]+$/);
    const environment = page.getByRole("region", { name: "Environment" });
    await expect(environment).toContainText("Chrome");
    await expect(environment).toContainText("1366×900");
    await expect(page.getByRole("region", { name: "Status history" })).toContainText("Reported as New, severity Medium");
    await expect(page.getByRole("region", { name: "Triage" })).toHaveCount(0);
    await shot(page, "detail-desktop");

    // The PDF downloads (attachment) with its checked type.
    const pdfUrl = await page.getByRole("link", { name: "receipt.pdf" }).getAttribute("href");
    const pdf = await page.request.get(pdfUrl!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toMatch(/^attachment; filename="receipt.pdf"/);
    expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");

    await page.getByRole("link", { name: "My Beta Issues" }).first().click();
    await expect(page.getByRole("heading", { name: "My Beta Issues" })).toBeVisible();
    await page.reload();
    const row = page.getByTestId("beta-issue-row").filter({ hasText: title });
    await expect(row).toContainText("New");
    await expect(row).toContainText("Bug");
    await expect(row).toContainText("Medium");
    await expect(row).toContainText("2 files");
    await shot(page, "list-desktop");
  });

  test("a failed submit keeps everything typed", async ({ page, db, signInAs }) => {
    const user = await createUser(db, { role: "staff" });
    await signInAs(page, { email: user.email }, "/");
    const dialog = await openDialog(page);
    await dialog.getByLabel("Category").selectOption("usability");
    await dialog.getByLabel("Title").fill("Keeps my words");
    await dialog.getByLabel("Description").fill("Every word");
    await page.route("**/api/beta-issues", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Something went wrong", code: "INTERNAL" }) }));
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(toast(page, "Failed to submit feedback. Please try again.")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue("Keeps my words");
    await expect(dialog.getByLabel("Description")).toHaveValue("Every word");
    await expect(dialog.getByLabel("Category")).toHaveValue("usability");
  });

  test("closing the dialog keeps the draft for the next open", async ({ page, db, signInAs }) => {
    const user = await createUser(db, { role: "staff" });
    await signInAs(page, { email: user.email }, "/");
    let dialog = await openDialog(page);
    await dialog.getByLabel("Title").fill("Half-written report");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    dialog = await openDialog(page);
    await expect(dialog.getByLabel("Title")).toHaveValue("Half-written report");
  });
});

test.describe("triage", () => {
  test("an admin triages an issue, answers, and turns it into a task; the reporter sees the change", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(120_000);
    const reporter = await createUser(db, { role: "staff", firstName: "Casey", lastName: `Triage ${uniq()}` });
    const title = `[BETA] Gantt bars overlap ${uniq()}`;
    const issue = await createBetaIssue(db, {
      reporterId: reporter.id, title, description: "Bars overlap <b>labels</b> on narrow screens.", issueType: "usability", severity: "informational",
      pageUrl: "http://localhost:3000/gantt", environment: { screen: "390×844" },
      statusChanges: { create: [{ actorId: reporter.id, toStatus: "new", toSeverity: "informational" }] },
    });

    await signInAs(page, "admin", "/beta-issues");
    await expect(page.getByRole("heading", { name: "Beta Issues" })).toBeVisible();
    await page.getByLabel("Search beta issues").fill(reporter.lastName);
    const row = page.getByTestId("beta-issue-row").filter({ hasText: title });
    await expect(row).toContainText(`Casey ${reporter.lastName}`);
    await shot(page, "admin-list-desktop");
    await row.getByRole("link", { name: title }).click();

    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // Rendered as text, not HTML.
    await expect(page.getByTestId("beta-description")).toHaveText("Bars overlap <b>labels</b> on narrow screens.");
    const triage = page.getByRole("region", { name: "Triage" });
    await triage.getByLabel("Status").selectOption("in_progress");
    await expect(toast(page, "Status updated")).toBeVisible();
    await triage.getByLabel("Severity").selectOption("blocker");
    await expect(toast(page, "Severity updated")).toBeVisible();
    const history = page.getByRole("region", { name: "Status history" });
    await expect(history).toContainText("Status: New → In progress");
    await expect(history).toContainText("Severity: Low → High");

    await page.getByLabel("Add a comment").fill("Reproduced on an iPhone; fixing it this week.");
    await page.getByRole("button", { name: "Add comment" }).click();
    await expect(toast(page, "Comment added")).toBeVisible();
    await expect(page.getByRole("region", { name: "Comments" })).toContainText("Reproduced on an iPhone; fixing it this week.");

    await triage.getByRole("button", { name: "Convert to task" }).click();
    await expect(toast(page, "Task created successfully")).toBeVisible();
    const openTask = triage.getByRole("link", { name: /Open task #\d+/ });
    await expect(openTask).toBeVisible();
    await shot(page, "admin-detail-desktop");
    await openTask.click();
    await expect(page.getByRole("heading", { name: title.replace("[BETA] ", "") })).toBeVisible();
    await expect(page.getByRole("link", { name: `/beta-issues/${issue.id}` })).toBeVisible();

    // The reporter sees the new status in their list and the answer on the issue.
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const theirs = await context.newPage();
    expect((await theirs.request.post("/api/login", { data: { email: reporter.email, password: DEFAULT_TEST_PASSWORD } })).status()).toBe(200);
    await theirs.goto("/beta-issues");
    const mine = theirs.getByTestId("beta-issue-row").filter({ hasText: title });
    // A fresh context loads the whole app first: on a loaded 2-core machine that can take a while.
    await expect(mine).toContainText("In progress", { timeout: 30_000 });
    await expect(mine).toContainText("High");
    await theirs.goto(`/beta-issues/${issue.id}`);
    await expect(theirs.getByRole("region", { name: "Comments" })).toContainText("Reproduced on an iPhone");
    await expect(theirs.getByRole("link", { name: /^Task #\d+$/ })).toBeVisible();
    await context.close();
  });

  test("someone else's issue is the not-found page", async ({ page, db, signInAs }) => {
    const owner = await createUser(db, { role: "staff" });
    const issue = await createBetaIssue(db, { reporterId: owner.id });
    await signInAs(page, "staff", `/beta-issues/${issue.id}`);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    const response = await page.request.get(`/api/beta-issues/${issue.id}`);
    expect(response.status()).toBe(404);
  });
});

test.describe("through the production server", () => {
  // The API's answer only: no page.
  test("exactly 10MB is accepted, one byte more is refused with 413 and nothing stored", async ({ request, db }) => {
    test.setTimeout(90_000);
    const user = await createUser(db, { role: "staff" });
    await signInRequest(request, { email: user.email });
    const png = (size: number) => {
      const bytes = Buffer.alloc(size, 0x41);
      Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").copy(bytes);
      return bytes;
    };
    const post = (name: string, size: number) =>
      request.post("/api/beta-issues", {
        headers: { Origin: E2E_BASE_URL },
        multipart: { title: `[BETA] Boundary ${name}`, description: "d", issueType: "bug", attachments: { name, mimeType: "image/png", buffer: png(size) } },
      });
    const exact = await post("exact.png", 10 * 1024 * 1024);
    expect(exact.status()).toBe(201);
    expect((await exact.json()).attachments[0].size).toBe(10 * 1024 * 1024);
    const over = await post("over.png", 10 * 1024 * 1024 + 1);
    expect(over.status()).toBe(413);
    expect((await over.json()).message).toBe("File over.png exceeds 10MB limit.");
    expect(await db.betaIssue.count({ where: { reporterId: user.id } })).toBe(1);
  });
});

test.describe("phone width", () => {
  test.use({ viewport: PHONE });

  test("the dialog, the list and the issue fit 375 px", async ({ page, db, signInAs }) => {
    test.setTimeout(90_000);
    const user = await createUser(db, { role: "staff", firstName: "Pat", lastName: `Phone ${uniq()}` });
    const issue = await createBetaIssue(db, {
      reporterId: user.id, title: `[BETA] A rather long title that has to wrap on a phone screen ${uniq()}`, description: "Line one\nLine two", issueType: "general", severity: "blocker",
      pageUrl: "http://localhost:3000/time-logs?from=2026-11-01&to=2026-11-30&member=someone-with-a-long-name", environment: { screen: "390×844", viewport: "390×664" },
      statusChanges: { create: [{ actorId: user.id, toStatus: "new", toSeverity: "blocker" }] },
    });
    await signInAs(page, { email: user.email }, "/beta-issues");
    await expect(page.getByRole("heading", { name: "My Beta Issues" })).toBeVisible();
    await expect(page.getByTestId("beta-issue-row").first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "list-phone");

    const dialog = await openDialog(page);
    await dialog.getByLabel("Choose files to attach").setInputFiles({ name: "notes-from-the-front-desk-with-a-long-name.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
    await expect(dialog.getByRole("button", { name: /Remove notes-from/ })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "dialog-phone");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`/beta-issues/${issue.id}`);
    await expect(page.getByRole("heading", { name: issue.title })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "detail-phone");
  });
});
