import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import QRCode from "qrcode";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Station } from "../lib/cases/stations";
import { DEFAULT_TEST_PASSWORD, createUser, recordCaseScans } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

/**
 * Custody a family and an inspector can trust (docs/cases.md, docs/cases-screens.md), at 360, 390
 * and 1366 px: the family's page with the business's contact details and the place to collect
 * the pet, "Back home" after the return, a kind 404 for a wrong link and a 429 past the limit; the
 * certificate's QR (read off the real PDF with pdftoppm and zbarimg) opening the public
 * verification page; the return screen showing the pet, the family and the photo, and keeping the
 * receiver and the signature after a tag mismatch. Screenshots: test-results/shots/custody-*.png.
 */
const WIDTHS = [360, 390, 1366] as const;
const OUT = path.resolve("test-results/custody");
const CONTACT = { phone: "(312) 555-0148", email: "care@bfs.demo", address: "1200 Elm Street\nSpringfield, IL 62701", hours: "Mon-Fri 8 AM - 6 PM\nSat 9 AM - 1 PM" };
const PLACE = "BFS Pet Memorial Services, 1200 Elm Street, Springfield, IL 62701";
const ALL: Station[] = ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready", "returned"];

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/custody-${name}.png`, fullPage: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A case made through the API (as the manager's screen does), with a photo, then scanned to `through`. */
async function caseAt(page: Page, db: PrismaClient, through: Station[], extra: Record<string, unknown> = {}) {
  const tag = `E2E-${randomUUID().slice(0, 8)}`;
  const petName = `Juniper ${tag.slice(-4)}`;
  const created = await page.request.post("/api/cases", {
    data: {
      uuid: randomUUID(),
      petName,
      petSpecies: "Dog",
      familyName: "The Okafors",
      serviceType: "private",
      returnMethod: "pickup_here",
      promisedReturnDate: "2030-01-15",
      tagSerial: tag,
      ...extra,
    },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { id: string; number: string; familyLink: { url: string } };
  // The photo goes up on its own upload path, as the case form sends it.
  const photo = await page.request.put(`/api/cases/${body.number}/photo`, {
    multipart: { photo: { name: "pet.png", mimeType: "image/png", buffer: await QRCode.toBuffer(petName, { width: 240 }) } },
  });
  expect(photo.status()).toBe(200);
  if (through.length) {
    const chamber = await db.cremationChamber.create({ data: { name: `E2E ${randomUUID().slice(0, 8)}` } });
    const staff = await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" } });
    await recordCaseScans(db, { caseId: body.id, memberId: staff.id, stations: through, chamberId: chamber.id });
    if (through.includes("returned")) await db.memorialCase.update({ where: { id: body.id }, data: { status: "closed", closedAt: new Date() } });
  }
  return { ...body, tag, petName, familyPath: new URL(body.familyLink.url).pathname };
}

async function signedOut(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: E2E_BASE_URL });
  return { context, page: await context.newPage() };
}

test.describe("custody a family and an inspector can trust", () => {
  test.beforeAll(async ({ db }) => {
    await db.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1, ...CONTACT }, update: CONTACT });
  });

  test("the family's page: how to reach us, where to collect the pet, 'Back home' after the return, a kind 404 and a 429", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(180_000);
    await signInAs(page, "manager", "/cases");
    const inCare = await caseAt(page, db, ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"]);
    const home = await caseAt(page, db, ALL);

    for (const width of WIDTHS) {
      const { context, page: visitor } = await signedOut(browser, width);
      try {
        const response = await visitor.goto(inCare.familyPath);
        expect(response?.status()).toBe(200);
        await expect(visitor.getByRole("heading", { level: 1, name: inCare.petName })).toBeVisible();
        await expect(visitor.getByText("In our care", { exact: true })).toBeVisible();
        await expect(visitor.getByText("Collect from us")).toBeVisible();
        await expect(visitor.getByText(PLACE)).toBeVisible();
        const contact = visitor.getByRole("region", { name: "Contact us" });
        await expect(contact.getByRole("link", { name: CONTACT.phone })).toHaveAttribute("href", "tel:3125550148");
        await expect(contact.getByRole("link", { name: CONTACT.email })).toHaveAttribute("href", `mailto:${CONTACT.email}`);
        await expect(contact).toContainText("Sat 9 AM - 1 PM");
        await expect(contact).toContainText("Springfield, IL 62701");
        expect(await noSideScroll(visitor)).toBe(true);
        await shot(visitor, `family-${width}`);
        expect(await seriousViolations(visitor)).toEqual([]);

        await visitor.goto(home.familyPath);
        await expect(visitor.getByText("Back home", { exact: true })).toBeVisible();
        await expect(visitor.getByText("In our care", { exact: true })).toHaveCount(0);
        await shot(visitor, `family-returned-${width}`);

        // A wrong link: a kind page with the same contact details, a 404, and no way to the staff sign-in.
        const wrong = await visitor.goto(`${inCare.familyPath.slice(0, -3)}xyz`);
        expect(wrong?.status()).toBe(404);
        await expect(visitor.getByRole("heading", { level: 1, name: "We could not find this page" })).toBeVisible();
        await expect(visitor.getByRole("region", { name: "Contact us" }).getByRole("link", { name: CONTACT.phone })).toBeVisible();
        await expect(visitor.getByRole("link", { name: "Go Home" })).toHaveCount(0);
        await expect(visitor.getByText("Page not found")).toHaveCount(0);
        expect(await noSideScroll(visitor)).toBe(true);
        await shot(visitor, `family-404-${width}`);
        expect(await seriousViolations(visitor)).toEqual([]);
      } finally {
        await context.close();
      }
    }

    // Past the limit the page answers 429 (with Retry-After), kindly and with the contact details.
    const { context, page: visitor } = await signedOut(browser, 390);
    try {
      await visitor.goto(inCare.familyPath);
      const mine = await db.rateLimitEvent.findFirstOrThrow({ where: { bucket: "case-family:address" }, orderBy: { createdAt: "desc" } });
      const filler = Array.from({ length: 60 }, () => ({ id: randomUUID(), bucket: "case-family:address", key: mine.key }));
      await db.rateLimitEvent.createMany({ data: filler });
      try {
        const limited = await visitor.goto(inCare.familyPath);
        expect(limited?.status()).toBe(429);
        expect(limited?.headers()["retry-after"]).toBeTruthy();
        await expect(visitor.getByRole("heading", { level: 1, name: "Please try again in a few minutes" })).toBeVisible();
        await expect(visitor.getByRole("region", { name: "Contact us" })).toBeVisible();
        await shot(visitor, "family-429-390");
      } finally {
        await db.rateLimitEvent.deleteMany({ where: { id: { in: filler.map((f) => f.id) } } });
      }
    } finally {
      await context.close();
    }
  });

  test("the certificate's QR opens the public page that checks it against the custody log", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(180_000);
    await signInAs(page, "manager", "/cases");
    // A private cremation's certificate waits for the weighing at processing (docs/cases.md).
    const cremated = await caseAt(page, db, ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"]);
    const pdf = await page.request.get(`/api/cases/${cremated.number}/certificate`);
    expect(pdf.status()).toBe(200);
    mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, "certificate.pdf");
    writeFileSync(file, await pdf.body());
    execFileSync("pdftoppm", ["-png", "-r", "150", "-singlefile", file, path.join(OUT, "certificate")]);
    const qr = execFileSync("zbarimg", ["--raw", "-q", path.join(OUT, "certificate.png")]).toString().trim();
    const verifyPath = new URL(qr).pathname;
    expect(verifyPath).toMatch(new RegExp(`^/verify/${cremated.number}-\\d+-[0-9A-F]{16}$`));

    for (const width of WIDTHS) {
      const { context, page: visitor } = await signedOut(browser, width);
      try {
        const response = await visitor.goto(verifyPath);
        expect(response?.status()).toBe(200);
        await expect(visitor.getByRole("heading", { level: 1, name: "✓ Matches our custody records" })).toBeVisible();
        const shown = visitor.getByRole("region", { name: "What the certificate shows" });
        await expect(shown).toContainText(cremated.petName);
        await expect(shown).toContainText("The Okafors");
        await expect(shown).toContainText(cremated.number);
        await expect(shown.getByRole("listitem")).toHaveText([/^1\s*Received into our care/, /^2\s*Resting in our care/, /^3\s*Prepared for cremation/, /^4\s*Cremation begun/, /^5\s*Cremation complete/, /^6\s*Ashes prepared/]);
        await expect(shown).toContainText("Issued electronically by BFS Pet Memorial Services on");
        await expect(visitor.getByRole("region", { name: "Contact us" })).toBeVisible();
        await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        expect(await noSideScroll(visitor)).toBe(true);
        await shot(visitor, `verify-${width}`);
        expect(await seriousViolations(visitor)).toEqual([]);

        const wrong = await visitor.goto(`${verifyPath.slice(0, -1)}${verifyPath.endsWith("0") ? "1" : "0"}`);
        expect(wrong?.status()).toBe(404);
        await expect(visitor.getByRole("heading", { level: 1, name: "No certificate matches this code" })).toBeVisible();
        expect(await noSideScroll(visitor)).toBe(true);
        await shot(visitor, `verify-404-${width}`);
      } finally {
        await context.close();
      }
    }
  });

  test("the return screen shows the pet, the family and the photo; a tag mismatch keeps the receiver and the signature", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(240_000);
    await signInAs(page, "manager", "/cases");
    const staff = await createUser(db, { role: "staff" });
    for (const width of WIDTHS) {
      const ready = await caseAt(page, db, ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready"]);
      const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: E2E_BASE_URL, hasTouch: width < 1000 });
      try {
        const phone = await context.newPage();
        await phone.addInitScript(() => localStorage.setItem("bfs.scan.station.v1", JSON.stringify({ station: "returned", chamberId: null })));
        const login = await phone.request.post("/api/login", { data: { email: staff.email, password: DEFAULT_TEST_PASSWORD } });
        expect(login.status()).toBe(200);
        await phone.goto("/scan");
        await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await expect(phone.getByTestId("scan-station")).toContainText("Returned");
        await phone.getByLabel("Or type the case number or tag serial").fill(ready.number);
        await phone.getByRole("button", { name: "Next" }).click();

        const form = phone.getByRole("form", { name: "Return to the family" });
        const who = form.getByTestId("return-case");
        await expect(who).toContainText(ready.petName);
        await expect(who).toContainText("The Okafors");
        await expect(who.getByRole("img", { name: `Photo of ${ready.petName}` })).toBeVisible();
        await expect.poll(() => who.getByRole("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

        await form.getByLabel("Received by").fill("Ada Okafor");
        await form.getByLabel("Tag serial on the tag").fill("WRONG-TAG");
        await phone.getByTestId("signature-pad").scrollIntoViewIfNeeded();
        const pad = (await phone.getByTestId("signature-pad").boundingBox())!;
        await phone.mouse.move(pad.x + 30, pad.y + 100);
        await phone.mouse.down();
        for (const [dx, dy] of [[80, 40], [140, 110], [200, 50], [260, 120]]) await phone.mouse.move(pad.x + dx!, pad.y + dy!, { steps: 4 });
        await phone.mouse.up();
        await expect(form).toContainText("Signed.");
        expect(await noSideScroll(phone)).toBe(true);
        await shot(phone, `return-${width}`);
        await form.getByRole("button", { name: "Record return" }).click();

        // Refused: the same form, the receiver and the signature kept, only the tag to read again.
        await expect(form.getByRole("alert")).toContainText("Read the tag again.");
        await expect(form.getByLabel("Received by")).toHaveValue("Ada Okafor");
        await expect(form.getByLabel("Tag serial on the tag")).toHaveValue("");
        await expect(form).toContainText("Signed.");
        const inked = await phone.getByTestId("signature-pad").evaluate((canvas) => {
          const c = canvas as HTMLCanvasElement;
          const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
          return false;
        });
        expect(inked).toBe(true);
        await expect(who).toContainText(ready.petName);
        await shot(phone, `return-mismatch-${width}`);
        await form.getByLabel("Tag serial on the tag").fill(ready.tag);
        await form.getByRole("button", { name: "Record return" }).click();
        await expect(phone.getByTestId("scan-answer")).toContainText("Recorded");
        const returned = await db.caseEvent.findFirstOrThrow({ where: { caseId: ready.id, station: "returned" }, select: { details: true } });
        expect(returned.details).toMatchObject({ receiverName: "Ada Okafor", tagVerified: true });
        expect((returned.details as { signatureKey: string | null }).signatureKey).toBeTruthy();
      } finally {
        await context.close();
      }
    }
  });

  test("an admin edits the contact details on /organization and the family's page shows them", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, "admin", "/organization");
    await page.getByRole("button", { name: "Contact details" }).click();
    const dialog = page.getByRole("dialog", { name: "Business contact details" });
    await expect(dialog.getByLabel("Phone")).toHaveValue(CONTACT.phone);
    await dialog.getByLabel("Phone").fill("(312) 555-0199");
    await dialog.getByLabel("Opening hours").fill("Every day 9 AM - 5 PM");
    await shot(page, "organization-contact-1366");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Contact details saved").first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(await db.organizationSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ phone: "(312) 555-0199", hours: "Every day 9 AM - 5 PM", email: CONTACT.email });

    const kase = await caseAt(page, db, ["intake"]);
    const { context, page: visitor } = await signedOut(browser, 390);
    try {
      await visitor.goto(kase.familyPath);
      const contact = visitor.getByRole("region", { name: "Contact us" });
      await expect(contact.getByRole("link", { name: "(312) 555-0199" })).toHaveAttribute("href", "tel:3125550199");
      await expect(contact).toContainText("Every day 9 AM - 5 PM");
    } finally {
      await context.close();
      await db.organizationSettings.update({ where: { id: 1 }, data: CONTACT });
    }
  });
});
