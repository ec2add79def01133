import type { Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../prisma/seed";
import { addMembership, createTask, createUnit, createUser } from "../prisma/factories";
import { businessToday } from "../lib/dates";
import { combineDayAndTime } from "../lib/dates/day-time";
import { startAiStub, type AiStub } from "../tests/support/ai-stub";
import { seriousViolations } from "./support/axe";
import { E2E_BASE_URL } from "./support/database";
import { expect as baseExpect, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

// The shared 2-core machine answers slowly: give each expectation longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The AI assistant: the floating button's dialog in structured mode (no model: the
 * e2e server has none) and against a local OpenAI-compatible stub (the test hook points the
 * server at it), Enter/Shift+Enter, attachments, the discussion page, and a 375 px phone.
 */
// Serial: the stub test points the one e2e server at a model for a while. Generous: the machine is shared and slow.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/assistant-${name}.png` });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

async function openAssistant(page: Page): Promise<Locator> {
  const dialog = await openQuickAction(page, "AI Assistant", "AI Assistant");
  await expect(dialog.getByRole("textbox", { name: "Message" })).toBeVisible();
  return dialog;
}

const lastAssistantReply = (scope: Locator) => scope.getByRole("log", { name: "Conversation" }).locator(".justify-start").last();

test.describe("AI assistant", () => {
  let email: string;
  let seededTitle: string;
  let unitName: string;

  test.beforeAll(async ({ db }) => {
    const user = await createUser(db, { role: "staff", firstName: "Ada", lastName: `Assist ${uniq()}` });
    email = user.email;
    unitName = `Memorials ${uniq()}`;
    const unit = await createUnit(db, { name: unitName });
    await addMembership(db, unit.id, user.id);
    seededTitle = `Bella cremation ${uniq()}`;
    // Due at the end of today in the business time zone: "My tasks due today" lists it.
    await createTask(db, { title: seededTitle, createdById: user.id, organizationalUnitId: unit.id, assigneeId: user.id, dueDate: combineDayAndTime(businessToday(), null, "due") });
  });

  test("no model: quick actions answer, free text gets the honest reply, Create a task… is confirmed and shows in the list", async ({ page, signInAs }) => {
    await signInAs(page, { email });
    const dialog = await openAssistant(page);
    // 600 px tall on a desktop, once its opening transition (a slight scale-up) has ended.
    const panel = dialog.locator(".sm\\:h-\\[600px\\]");
    await expect.poll(async () => Math.round((await panel.boundingBox())?.height ?? 0)).toBe(600);
    await expect(dialog.getByText("No AI model is configured here")).toBeVisible();
    await shot(page, "dialog-empty-1366");

    await dialog.getByRole("button", { name: "My tasks due today" }).click();
    await expect(lastAssistantReply(dialog)).toContainText("Your tasks due today");
    await expect(lastAssistantReply(dialog).getByRole("link", { name: new RegExp(seededTitle) })).toBeVisible();

    const box2 = dialog.getByRole("textbox", { name: "Message" });
    await expect(dialog.getByRole("button", { name: "Send" })).toBeDisabled();
    await box2.fill("   ");
    await expect(dialog.getByRole("button", { name: "Send" })).toBeDisabled();
    await box2.fill("What's overdue in Transport?");
    await box2.press("Enter");
    await expect(lastAssistantReply(dialog)).toContainText("The assistant isn't set up to answer typed questions yet. Ask an administrator to turn it on.");

    await dialog.getByRole("button", { name: "Create a task…" }).click();
    const card = dialog.getByRole("region", { name: "Create a task" });
    await expect(card.getByText("Needs your confirmation")).toBeVisible();
    const title = `Order flowers ${uniq()}`;
    await card.getByLabel("Title").fill(title);
    await expect(card.getByLabel("Department")).toHaveValue(/.+/);
    await shot(page, "create-card-1366");
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole("button", { name: "Confirm" }).click();
    await expect(card.getByText("Done")).toBeVisible();
    await expect(card.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await shot(page, "create-done-1366");

    await dialog.getByRole("button", { name: "Close" }).click();
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search tasks" }).fill(title);
    await expect(page.getByText(title).first()).toBeVisible();
  });

  test("Enter sends, Shift+Enter adds a line; an attachment is sent with the message; a refused file aborts sending", async ({ page, signInAs }) => {
    await signInAs(page, { email });
    const dialog = await openAssistant(page);
    const box = dialog.getByRole("textbox", { name: "Message" });
    await box.fill("line one");
    await box.press("Shift+Enter");
    await box.pressSequentially("line two");
    await expect(box).toHaveValue("line one\nline two");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    const log = dialog.getByRole("log", { name: "Conversation" });
    await expect(log.locator(".justify-end").last()).toHaveText(/line one\s*line two/);
    // Enter is ignored while a send is in flight: wait for the composer to be free again.
    await expect(dialog.getByRole("button", { name: "Attach a file" })).toBeEnabled();

    // A file the server refuses (an executable): the send is aborted and the text stays.
    await dialog.locator('input[type="file"]').setInputFiles({ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]) });
    await box.fill("see the file");
    await box.press("Enter");
    await expect(page.getByText("Upload failed").first()).toBeVisible();
    await expect(box).toHaveValue("see the file");
    await expect(dialog.getByText("Upload failed", { exact: true }).first()).toBeVisible();
    await dialog.getByRole("button", { name: "Remove tool.exe" }).click();

    // A text file: uploaded on Send, shown on the message, readable by its uploader.
    await dialog.locator('input[type="file"]').setInputFiles({ name: "checklist.txt", mimeType: "text/plain", buffer: Buffer.from("1. Collect paw print\n2. Order urn\n") });
    await expect(dialog.getByRole("list", { name: "Files to send" })).toContainText("checklist.txt");
    await box.press("Enter");
    const sent = log.locator(".justify-end").last();
    await expect(sent.getByRole("link", { name: "checklist.txt" })).toBeVisible();
    const href = await sent.getByRole("link", { name: "checklist.txt" }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain("Collect paw print");
    await shot(page, "attachment-1366");
  });

  test("with a model (local OpenAI-compatible stub): a free-text question is answered from live data", async ({ page, signInAs, playwright }) => {
    const stub: AiStub = await startAiStub();
    const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const setStub = async (baseUrl: string | null) => {
      const res = await admin.post("/api/test-hooks/assistant", { data: { baseUrl } });
      expect(res.status()).toBe(200);
      return (await res.json()) as { mode: string };
    };
    try {
      expect((await admin.post("/api/login", { data: { email: "admin@bfs.demo", password: DEMO_PASSWORD } })).status()).toBe(200);
      expect((await setStub(stub.url)).mode).toBe("model");
      await signInAs(page, { email });
      const dialog = await openAssistant(page);
      await expect(dialog.getByText("Ask about your tasks")).toBeVisible();
      const box = dialog.getByRole("textbox", { name: "Message" });
      await box.fill(`Can you find ${seededTitle.split(" ").slice(0, 2).join(" ")}?`);
      await box.press("Enter");
      await expect(dialog.getByText("Assistant is typing…")).toBeHidden({ timeout: 20_000 });
      await expect(lastAssistantReply(dialog)).toContainText(`Here is what I found: #`);
      await expect(lastAssistantReply(dialog)).toContainText(seededTitle);
      // The server called the stub twice: the tool call, then the answer with the tool's result.
      expect(stub.requests.length).toBeGreaterThanOrEqual(2);
      expect(stub.requests.at(-1)!.body.messages.some((m) => m.role === "tool")).toBe(true);
      await shot(page, "model-answer-1366");
    } finally {
      expect((await setStub(null)).mode).toBe("structured");
      await admin.dispose();
      await stub.close();
    }
  });

  test("the discussion page: history, continue in place, rename and delete", async ({ page, signInAs }) => {
    await signInAs(page, { email });
    const dialog = await openAssistant(page);
    await dialog.getByRole("button", { name: "Punch status" }).click();
    await expect(lastAssistantReply(dialog)).toContainText("punched out");
    await dialog.getByRole("link", { name: "Open as full page" }).click();
    await page.waitForURL(/\/agent-discussion\/[0-9a-f-]{36}$/);
    const conversation = page.getByRole("log", { name: "Conversation" });
    await expect(conversation).toContainText("Punch status");
    await expect(conversation).toContainText("punched out");

    await page.getByRole("button", { name: "Hours this week" }).click();
    await expect(conversation.locator(".justify-start").last()).toContainText("this week");
    await page.reload();
    await expect(page.getByRole("log", { name: "Conversation" })).toContainText("You have worked");

    const sidebar = page.getByRole("complementary", { name: "Discussions" });
    await expect(sidebar.getByRole("link", { name: "Punch status" }).first()).toBeVisible();
    await sidebar.getByRole("button", { name: "Rename Punch status" }).first().click();
    const rename = page.getByRole("dialog", { name: "Rename discussion" });
    const newTitle = `Clock check ${uniq()}`;
    await rename.getByLabel("Title").fill(newTitle);
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(sidebar.getByRole("link", { name: newTitle })).toBeVisible();
    await shot(page, "discussion-1366");
    expect(await seriousViolations(page)).toEqual([]);

    await sidebar.getByRole("button", { name: `Delete ${newTitle}` }).click();
    await page.getByRole("dialog", { name: "Delete discussion?" }).getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/agent-discussion\/new$/);
    await expect(page.getByRole("link", { name: newTitle })).toHaveCount(0);
  });

  test("375 px: the dialog fills the phone, and the discussion page has no horizontal scroll", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, { email });
    const dialog = await openAssistant(page);
    const panel = await dialog.locator(".h-dvh").boundingBox();
    expect(Math.round(panel!.width)).toBe(375);
    expect(Math.round(panel!.height)).toBe(740);
    await dialog.getByRole("button", { name: "My tasks due today" }).click();
    await expect(lastAssistantReply(dialog)).toContainText("Your tasks due today");
    await dialog.getByRole("button", { name: "Create a task…" }).click();
    await expect(dialog.getByRole("region", { name: "Create a task" })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "dialog-375");

    await dialog.getByRole("link", { name: "Open as full page" }).click();
    await page.waitForURL(/\/agent-discussion\//);
    await expect(page.getByRole("log", { name: "Conversation" })).toContainText("Your tasks due today");
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "discussion-375");
    await page.getByRole("button", { name: "Discussions" }).click();
    await expect(page.getByRole("complementary", { name: "Discussions" })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, "discussion-list-375");
  });
});
