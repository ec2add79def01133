import type { Page } from "@playwright/test";
import { createTask, createUnit } from "../prisma/factories";
import { expect, signInRequest, test } from "./support/fixtures";

/**
 * Every page is served with a strict, nonce-based Content-Security-Policy, still
 * hydrates under it, and logs no CSP violation; an injected inline script does not run. Also the
 * API's headers. Screenshots: test-results/shots/security-*.png.
 */

/** Collects CSP violations as the browser reports them (console and the DOM event). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) violations.push(msg.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

const SIGNED_OUT_PAGES = ["/", "/?mode=register", "/reset-password", "/reset-password?token=abc", "/mobile-punch", "/no-such-page"];

test("signed-out pages: strict CSP with a fresh nonce, hydrated, no violation", async ({ page }) => {
  const violations = watchCsp(page);
  const nonces = new Set<string>();
  for (const path of SIGNED_OUT_PAGES) {
    const response = await page.goto(path);
    const csp = response!.headers()["content-security-policy"];
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("connect-src 'self'");
    nonces.add(/'nonce-([^']+)'/.exec(csp)![1]);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    // Next puts the nonce on every script it renders. (Chunks loaded later, by next/dynamic, are
    // inserted by those trusted scripts and run under 'strict-dynamic' without one.)
    const scripts = [...(await response!.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !/\snonce="[^"]+"/.test(tag)), path).toEqual([]);
  }
  expect(nonces.size).toBe(SIGNED_OUT_PAGES.length);
  expect(violations).toEqual([]);
});

test("injected markup cannot run script (stored-XSS backstop): inline handlers and javascript: URLs are blocked", async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto("/");
  await page.evaluate(() => {
    const box = document.createElement("div");
    box.innerHTML = '<img src="data:," onerror="window.__injected = 1"><a id="js-link" href="javascript:window.__injected = 2">x</a>';
    document.body.appendChild(box);
  });
  await page.locator("#js-link").click();
  // The browser reports the blocked javascript: URL (after the image's handler): once it has, neither ran.
  await expect.poll(() => violations.some((v) => /javascript url/i.test(v))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(violations.some((v) => v.includes("script-src"))).toBe(true);
});

const SIGNED_IN_PAGES = [
  ["/", "/tasks/new", "/available-tasks", "/recurring-tasks", "/profile", "/organization"],
  ["/members", "/vendors", "/punch-authenticated?location=desk", "/admin/deleted", "/admin/time-card", "/admin/alerts"],
  ["/admin/accountability", "/admin/api", "/projects", "/processes", "/workflow", "/gantt"],
  ["/scoreboard", "/statistics", "/time-logs", "/beta-issues"],
];

SIGNED_IN_PAGES.forEach((paths, i) => {
  test(`signed-in pages, group ${i + 1} (admin): load, hydrate, no CSP violation`, async ({ page, signInAs }) => {
    test.setTimeout(240_000);
    await signInAs(page, "admin");
    const violations = watchCsp(page);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBeLessThan(400);
      expect(response!.headers()["content-security-policy"], path).toContain("'strict-dynamic'");
      await expect(page.locator("html[data-hydrated]"), path).toBeAttached();
    }
    expect(violations).toEqual([]);
  });
});

test("a task page, the rich-text editor (tiptap) and a member profile run under the policy", async ({ page, db, signInAs }) => {
  test.setTimeout(240_000);
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
  const unit = await createUnit(db, { name: `CSP Unit ${Date.now()}` });
  const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: "CSP check task", description: "<p>Rich <strong>text</strong></p>", checklist: ["one", "two"] });
  await signInAs(page, "admin");
  const violations = watchCsp(page);
  await page.goto(`/members/${admin.id}`);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByText("Rich")).toBeVisible();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const editor = page.getByRole("textbox", { name: "Description" });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type(" typed under CSP");
  await expect(editor).toContainText("typed under CSP");
  await page.screenshot({ path: "test-results/shots/security-task-editor-under-csp.png", fullPage: true });
  expect(violations).toEqual([]);
});

test("API answers: CSP default-src 'none' and Cache-Control no-store", async ({ request }) => {
  await signInRequest(request, "staff");
  for (const path of ["/api/user", "/api/tasks", "/api/health"]) {
    const res = await request.get(path);
    expect(res.headers()["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers()["cache-control"], path).toBe("no-store");
  }
});
