/**
 * Single sign-on (docs/auth.md "Single sign-on") through a real OpenID provider: the
 * `oidc-provider` package, started by this file on a loopback port (tests/support/oidc-provider.ts).
 * An admin configures it on /admin/sso; "Sign in with your company account" on the sign-in page
 * goes to the provider's sign-in form and back, signed in, at 1366 and 390 px (an existing
 * account is linked and told so, a new one is created at the company domain). Refused: a wrong
 * `state`, a wrong `nonce`, an unverified email, a foreign domain, an expired code, a member
 * deactivated in BFS. Serial: the provider's settings are one row for the whole app.
 * Screenshots: test-results/shots/sso-*.png.
 */
import type { Page, Route } from "@playwright/test";
import { createUser, DEFAULT_TEST_PASSWORD } from "../prisma/factories";
import { DEMO_PASSWORD } from "../prisma/seed";
import { startTestProvider, type TestAccount, type TestProvider } from "../tests/support/oidc-provider";
import { seriousViolations } from "./support/axe";
import { E2E_BASE_URL, E2E_COMPANY_DOMAIN } from "./support/database";
import { expect, test } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/sso-${name}.png`, fullPage: true });
const CLIENT_ID = "bfs-tasks-e2e";
const CLIENT_SECRET = "e2e-client-secret-0123456789abcdef";
const RUN = Date.now().toString(36);
const at = (name: string) => `${name}-${RUN}@${E2E_COMPANY_DOMAIN}`;

const ACCOUNTS: TestAccount[] = [
  { sub: `linked-1366-${RUN}`, email: at("linked-1366"), email_verified: true, given_name: "Lina", family_name: "Wide" },
  { sub: `linked-390-${RUN}`, email: at("linked-390"), email_verified: true, given_name: "Lina", family_name: "Narrow" },
  { sub: `new-${RUN}`, email: at("newcomer"), email_verified: true, given_name: "Nico", family_name: "Newcomer" },
  { sub: `unverified-${RUN}`, email: at("unverified"), email_verified: false, given_name: "Una" },
  { sub: `foreign-${RUN}`, email: `foreign-${RUN}@elsewhere.example`, email_verified: true, given_name: "Fay" },
  { sub: `slow-${RUN}`, email: at("slow"), email_verified: true, given_name: "Sol", shortCode: true },
  { sub: `gone-${RUN}`, email: at("gone"), email_verified: true, given_name: "Gus" },
  { sub: `plain-${RUN}`, email: at("plain"), email_verified: true, given_name: "Pia" },
  { sub: `required-${RUN}`, email: at("required"), email_verified: true, given_name: "Rey" },
];

let provider: TestProvider;

test.beforeAll(async ({ db }) => {
  // The callback's per-address limit counts every run's sign-ins from 127.0.0.1: start from none.
  await db.rateLimitEvent.deleteMany({ where: { bucket: "sso-callback:ip" } });
  provider = await startTestProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`${E2E_BASE_URL}/api/auth/sso/callback`], accounts: ACCOUNTS });
});

test.afterAll(async ({ db }) => {
  // Other spec files see a sign-in page without the button again.
  await db.ssoSettings.updateMany({ data: { enabled: false, requireSso: false } });
  await provider?.stop();
});

async function noHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The sign-in page, signed out: "Sign in with ..." → the provider's form → back to the app. */
async function signInThroughProvider(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in with your company account" }).click();
  await expect(page.getByRole("heading", { name: "Test provider" })).toBeVisible();
  await page.getByLabel("Provider email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function expectRefused(page: Page, sentence: string | RegExp) {
  await expect(page.getByTestId("sso-refusal")).toHaveText(sentence);
  await expect(page.getByRole("heading", { name: "Sign in to BFS Tasks" })).toBeVisible();
  const session = await page.request.get("/api/user");
  expect(session.status()).toBe(401);
}

test("an admin configures the provider on /admin/sso: secret stored, never shown again", async ({ page, signInAs, db }) => {
  await signInAs(page, "admin", "/admin/sso");
  await expect(page.getByRole("heading", { name: "Single sign-on", level: 1 })).toBeVisible();
  await expect(page.getByTestId("sso-redirect-uri")).toHaveText(`${E2E_BASE_URL}/api/auth/sso/callback`);
  await page.getByRole("radio", { name: "Other OpenID Connect provider" }).check();
  await page.getByLabel("Issuer URL").fill("http://idp.example.com");
  await page.getByLabel("Client ID").fill(CLIENT_ID);
  await page.getByLabel("Client secret").fill(CLIENT_SECRET);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Issuer URL must start with https://")).toBeVisible();
  await page.getByLabel("Issuer URL").fill(provider.issuer);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Single sign-on saved", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Issuer URL")).toHaveValue(provider.issuer);
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await expect(page.getByText(/Stored encrypted \(begins “e2e-…”\)/)).toBeVisible();
  expect(await page.content()).not.toContain(CLIENT_SECRET);
  const row = await db.ssoSettings.findUniqueOrThrow({ where: { id: 1 } });
  expect(row.clientSecretCiphertext).not.toContain(CLIENT_SECRET);
  for (const width of [1366, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await noHorizontalScroll(page);
    await shot(page, `settings-${width}`);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Signed out: the sign-in page has the button above the password form, at every width.
  await page.context().clearCookies();
  await page.goto("/");
  const button = page.getByRole("link", { name: "Sign in with your company account" });
  for (const width of [1366, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(button).toBeVisible();
    await expect(button).toBeInViewport();
    await noHorizontalScroll(page);
    await shot(page, `sign-in-page-${width}`);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

for (const width of [1366, 390]) {
  test(`a member with a password account signs in through the provider at ${width} px, is linked and told so`, async ({ page, db }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = await createUser(db, { email: at(`linked-${width}`), firstName: "Lina", lastName: width === 1366 ? "Wide" : "Narrow" });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign in with your company account" })).toBeVisible();
    await noHorizontalScroll(page);
    await shot(page, `sign-in-${width}`);

    await signInThroughProvider(page, member.email);
    await expect(page.getByText("Account linked", { exact: true })).toBeVisible();
    await expect(page.getByText(/Your account is now linked to your company account/).first()).toBeVisible();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).id).toBe(member.id);
    await shot(page, `signed-in-${width}`);

    // A reload keeps the session; signing out ends it; the next SSO sign-in is a plain one.
    await page.reload();
    await expect(page.getByText("Account linked", { exact: true })).toHaveCount(0);
    expect((await page.request.post("/api/logout")).status()).toBe(200);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    await signInThroughProvider(page, member.email);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    expect((await page.request.get("/api/user")).status()).toBe(200);
  });
}

test("a first sign-in at the company domain creates a staff account", async ({ page, db }) => {
  await signInThroughProvider(page, at("newcomer"));
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  const created = await db.user.findUniqueOrThrow({ where: { email: at("newcomer") } });
  expect(created).toMatchObject({ role: "staff", firstName: "Nico", lastName: "Newcomer", isActive: true });
});

test.describe("refusals", () => {
  for (const width of [1366, 390]) {
    test(`at ${width} px: unverified email, foreign domain, deactivated member`, async ({ page, db }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInThroughProvider(page, at("unverified"));
      await expectRefused(page, "Your email address at your company account is not verified, so it cannot be used to sign in.");
      await noHorizontalScroll(page);
      await shot(page, `refused-unverified-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await signInThroughProvider(page, `foreign-${RUN}@elsewhere.example`);
      await expectRefused(page, "This email address is not at the company's domain. Sign in with your work account.");

      const gone = await db.user.findUnique({ where: { email: at("gone") } });
      if (!gone) await createUser(db, { email: at("gone"), isActive: false });
      await signInThroughProvider(page, at("gone"));
      await expectRefused(page, "This account has been deactivated");
    });
  }

  // Playwright's page.route sees only the first request of a redirect chain, so the tampering
  // happens where a chain starts: "Sign in with ..." (our 303 to the provider) and the provider's
  // sign-in form (its 303s to our callback).

  /** Rewrites the authorization request our start route redirects to, keeping its pending cookie. */
  async function tamperAuthorization(page: Page, change: (url: URL) => void) {
    let tampered = false;
    await page.route((url) => url.pathname === "/api/auth/sso/start", async (route: Route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers()["location"]);
      change(location);
      tampered = true;
      await route.fulfill({ response, headers: { ...response.headers(), location: location.toString() } });
    });
    return () => tampered;
  }

  test("a wrong state: the state that comes back is not the one the browser holds", async ({ page }) => {
    const tampered = await tamperAuthorization(page, (url) => url.searchParams.set("state", "forged-state"));
    await signInThroughProvider(page, at("plain"));
    await expectRefused(page, /expired or was started in another tab/);
    expect(tampered()).toBe(true);
  });

  test("a wrong nonce: the request to the provider carries another nonce", async ({ page }) => {
    const tampered = await tamperAuthorization(page, (url) => url.searchParams.set("nonce", "forged-nonce"));
    await signInThroughProvider(page, at("plain"));
    await expectRefused(page, /could not be verified, so you were not signed in/);
    expect(tampered()).toBe(true);
  });

  test("an expired code: the provider's 1-second code reaches the app late", async ({ page, db }) => {
    await createUser(db, { email: at("slow") });
    let delayed = false;
    // The sign-in form's POST: follow the provider's redirects by hand up to our callback, then wait.
    await page.route((url) => url.origin === provider.issuer && url.pathname.startsWith("/interaction/"), async (route: Route) => {
      if (route.request().method() !== "POST") return route.continue();
      let response = await route.fetch({ maxRedirects: 0 });
      let location = new URL(response.headers()["location"], provider.issuer);
      while (location.origin === provider.issuer) {
        response = await page.context().request.get(location.toString(), { maxRedirects: 0 });
        location = new URL(response.headers()["location"], location);
      }
      expect(location.pathname).toBe("/api/auth/sso/callback");
      expect(location.searchParams.get("code")).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      delayed = true;
      await route.fulfill({ status: 303, headers: { location: location.toString() } });
    });
    await signInThroughProvider(page, at("slow"));
    await expectRefused(page, /expired or was started in another tab/);
    expect(delayed).toBe(true);
  });
});

test("ticking Require single sign-on says how many open sessions saving would end (not saved: it would end other workers' sessions)", async ({ page, signInAs, db }) => {
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
  const member = await createUser(db, { email: at("password-only") });
  // A password session of a member, open before SSO is required: one of those saving ends.
  expect((await page.request.post("/api/login", { data: { email: member.email, password: DEFAULT_TEST_PASSWORD } })).status()).toBe(200);
  await signInAs(page, "admin", "/admin/sso");
  await expect(page.getByTestId("sso-sessions-ending")).toHaveCount(0);
  await page.getByRole("checkbox", { name: /^Require single sign-on/ }).check();
  await page.getByLabel("Break-glass administrator (may still use a password)").selectOption(admin.id);
  await expect(page.getByTestId("sso-sessions-ending")).toHaveText(/^Saving ends \d+ sessions? not made with single sign-on \(web and phone\)/);
  for (const width of [1366, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await noHorizontalScroll(page);
    await shot(page, `require-effect-${width}`);
  }
  expect((await db.ssoSettings.findUniqueOrThrow({ where: { id: 1 } })).requireSso).toBe(false);
});

test("requiring SSO: a member's password sign-in is refused with the sentence; the break-glass admin's works @global-setting", async ({ page, db }) => {
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
  const member = await createUser(db, { email: at("required") });
  // This project runs after the desktop one, whose afterAll switched SSO off; the provider it
  // configured was another process. Point the stored settings at this file's provider and switch
  // it on (requiring SSO needs it on: check sso_settings_break_glass).
  await db.ssoSettings.update({ where: { id: 1 }, data: { issuer: provider.issuer, clientId: CLIENT_ID, enabled: true, requireSso: true, breakGlassUserId: admin.id } });
  try {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.context().clearCookies();
    await page.goto("/");
    await expect(page.getByText("or, for the break-glass administrator, with a password")).toBeVisible();
    await expect(page.getByTestId("register-invitation-hint")).toHaveCount(0);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(DEFAULT_TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText('Your administrator requires signing in with your company account: use the "Sign in with your company account" button.').first()).toBeVisible();
    await shot(page, "required-refused-390");
    expect((await page.request.get("/api/user")).status()).toBe(401);

    // The same member gets in through the provider.
    await signInThroughProvider(page, member.email);
    await expect(page).toHaveURL(/\/(\?sso=linked)?$/);
    expect((await page.request.get("/api/user")).status()).toBe(200);

    // The break-glass administrator still signs in with a password.
    await page.context().clearCookies();
    expect((await page.request.post("/api/login", { data: { email: admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  } finally {
    await db.ssoSettings.update({ where: { id: 1 }, data: { enabled: false, requireSso: false, breakGlassUserId: null } });
  }
});
