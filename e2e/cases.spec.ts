import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import QRCode from "qrcode";
import { STATION_LABELS, type Station } from "../lib/cases/stations";
import { OFFLINE_MESSAGES } from "../lib/offline/rules";
import { DEFAULT_TEST_PASSWORD, createMemorialCase, createSignedAuthorization, createUser } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser";
import { E2E_BASE_URL } from "./support/database";
import { expect, test } from "./support/fixtures";

/**
 * Memorial cases on screen: an admin creates a PRIVATE case at desktop width; a staff member at a
 * phone (390 px) scans it from intake to returned through Chromium's fake camera showing the
 * case's real label QR (read back from the label PDF with pdftoppm and zbarimg, drawn into a Y4M
 * video), with a refusal (out of order), one scan made offline and replayed, and the returned
 * step's receiver, signature and tag check; the custody log verifies; the family's page opens
 * signed out and a wrong token is a 404. Screenshots: test-results/shots/cases-*.png.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const OUT = path.resolve("test-results/cases");
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/cases-${name}.png`, fullPage: true });

function hasTool(name: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The text of the QR code printed on the label PDF (pdftoppm renders it, zbarimg reads it). */
function labelQrText(pdf: Buffer, name: string): string {
  const file = path.join(OUT, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-png", "-r", "150", "-singlefile", file, path.join(OUT, name)]);
  return execFileSync("zbarimg", ["--raw", "-q", path.join(OUT, `${name}.png`)]).toString().trim();
}

/**
 * A still video (YUV4MPEG2, 4:2:0) of a QR code on white, for Chromium's fake camera. Written
 * here rather than with ffmpeg: a Y4M frame is a grey plane plus two neutral colour planes.
 */
function qrVideo(text: string, file: string): void {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const cell = Math.floor(Math.min(width, height) / (size + 8));
  const left = Math.floor((width - cell * size) / 2);
  const top = Math.floor((height - cell * size) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < cell; dy++) y.fill(16, (top + row * cell + dy) * width + left + col * cell, (top + row * cell + dy) * width + left + (col + 1) * cell);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma]);
  const frames = Array.from({ length: 10 }, () => frame);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

async function chooseStation(page: Page, station: Station, chamberName?: string) {
  const change = page.getByRole("button", { name: "Change" });
  if (await change.isVisible()) await change.click();
  await page.getByRole("button", { name: STATION_LABELS[station], exact: true }).click();
  if (station === "chamber_in") await page.getByRole("button", { name: new RegExp(chamberName!) }).click();
  await expect(page.getByTestId("scan-station")).toContainText(STATION_LABELS[station]);
}

async function scanWithCamera(page: Page) {
  await page.getByRole("button", { name: "Scan a label" }).click();
  // The answer, or (at the returned station) the receiver's form, or (at processing) the weighing.
  await expect(page.getByTestId("scan-answer").or(page.getByRole("form", { name: "Return to the family" })).or(page.getByRole("form", { name: "Weigh the remains" }))).toBeVisible({ timeout: 20_000 });
}

test.describe("memorial cases", () => {
  test("a private case from intake to returned, scanned on a phone; the family's page signed out", async ({ page, browser, db, signInAs }) => {
    test.setTimeout(300_000);
    mkdirSync(OUT, { recursive: true });
    const suffix = Date.now().toString(36);
    const petName = `Biscuit ${suffix}`;
    const tag = `T-${suffix}`.toUpperCase();
    const chamber = await db.cremationChamber.create({ data: { name: `Chamber E2E ${suffix}` } });

    // 1. The admin opens a case at the desk.
    await page.setViewportSize(DESKTOP);
    await signInAs(page, "admin", "/cases/new");
    await page.getByLabel("Pet name").fill(petName);
    await page.getByLabel("Species").fill("Dog");
    await page.getByLabel("Breed").fill("Beagle");
    await page.getByLabel("Weight (lbs)").fill("24.5");
    await page.getByLabel("Metal tag serial").fill(tag);
    await page.getByLabel("Family name").fill("Okafor family");
    await page.getByLabel("E-mail", { exact: true }).fill(`okafor-${suffix}@example.test`);
    await page.getByLabel("Service type").selectOption("private");
    await page.getByLabel("Return method").selectOption("pickup_here");
    await page.getByLabel("Promised return date").fill("2026-12-04");
    await page.getByLabel("Paw print").check();
    await shot(page, "form-1366");
    await page.getByRole("button", { name: "Create Case" }).click();
    await expect(page).toHaveURL(/\/cases\/C-\d{4}-\d{5,}$/);
    await expect(page.getByRole("heading", { level: 1, name: petName })).toBeVisible();
    const number = decodeURIComponent(page.url().split("/cases/")[1]!);
    const familyUrl = (await page.getByTestId("family-link").textContent())!.trim();
    expect(familyUrl).toMatch(/\/c\/[^/]+$/);
    await shot(page, "detail-new-1366");
    // The family's cremation authorization (signed in e2e/custody-complete.spec.ts through the screens), so the chamber takes the pet.
    const created = await db.memorialCase.findUniqueOrThrow({ where: { number }, select: { id: true, createdById: true } });
    await createSignedAuthorization(db, created.id, created.createdById);

    // 2. The label's QR, as printed, becomes the fake camera's picture.
    const labelPdf = await page.request.get(`/api/cases/${encodeURIComponent(number)}/label`);
    expect(labelPdf.status()).toBe(200);
    const useCamera = hasTool("pdftoppm") && hasTool("zbarimg");
    const video = path.join(OUT, `label-${suffix}.y4m`);
    if (useCamera) {
      const qrText = labelQrText(await labelPdf.body(), `label-${suffix}`);
      expect(qrText).toMatch(/\/scan\?t=/);
      qrVideo(qrText, video);
    } else {
      test.info().annotations.push({ type: "fallback", description: "pdftoppm/zbarimg missing: scans typed instead of read by the fake camera" });
    }

    // 3. A staff member's phone at the stations, with the fake camera.
    const staff = await createUser(db, { email: `scan-${suffix}@example.test`, firstName: "Rosa", lastName: "Mendes", role: "staff" });
    const phoneBrowser: Browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", ...(useCamera ? [`--use-file-for-fake-video-capture=${video}`] : [])],
    });
    try {
      const phone = await phoneBrowser.newContext({ viewport: PHONE, baseURL: E2E_BASE_URL, permissions: ["camera"], hasTouch: true, isMobile: true });
      const scan = await phone.newPage();
      expect((await scan.request.post("/api/login", { data: { email: staff.email, password: DEFAULT_TEST_PASSWORD } })).status()).toBe(200);
      await scan.goto("/scan");
      await scan.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(scan.getByRole("heading", { name: "Which station is this phone at?" })).toBeVisible();
      await shot(scan, "scan-stations-390");

      const read = async () => {
        if (useCamera) return scanWithCamera(scan);
        await scan.getByLabel("Or type the case number or tag serial").fill(number);
        await scan.getByRole("button", { name: /^(Record|Next)$/ }).click();
        await expect(scan.getByTestId("scan-answer").or(scan.getByRole("form", { name: "Return to the family" })).or(scan.getByRole("form", { name: "Weigh the remains" }))).toBeVisible();
      };
      const recorded = async (station: Station) => {
        await expect(scan.getByTestId("scan-answer")).toContainText(/Recorded/);
        await expect(scan.getByTestId("scan-answer")).toContainText(STATION_LABELS[station]);
        await expect(scan.getByTestId("scan-answer")).toContainText(petName);
        await scan.getByRole("button", { name: "Scan next" }).click();
      };

      await chooseStation(scan, "intake");
      await expect(scan.getByRole("button", { name: "Scan a label" })).toBeVisible();
      await shot(scan, "scan-ready-390");
      await read();
      await shot(scan, "scan-recorded-390");
      await recorded("intake");

      // The station is remembered on the phone.
      await scan.reload();
      await scan.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(scan.getByTestId("scan-station")).toHaveText(STATION_LABELS.intake);

      // Out of order: refused with the server's sentence, big; a staff member has no override.
      await chooseStation(scan, "chamber_out");
      await read();
      await expect(scan.getByRole("alert").filter({ hasText: "Refused" })).toContainText("Out of order");
      await expect(scan.getByRole("button", { name: "Override with a reason" })).toHaveCount(0);
      await shot(scan, "scan-refused-390");
      await scan.getByRole("button", { name: "Scan next" }).click();

      for (const station of ["cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"] as const) {
        await chooseStation(scan, station, chamber.name);
        await read();
        // Processing weighs the remains (docs/cases.md "The remains' weight"): 1.2 lbs of a 24.5 lb dog is 4.9%, within range.
        if (station === "processing") {
          await scan.getByLabel("Weight of the remains (lbs)").fill("1.2");
          await scan.getByRole("button", { name: "Record processing" }).click();
        }
        await recorded(station);
      }

      // Packaged without a signal: kept on the phone with the tap's time, sent when back online.
      await chooseStation(scan, "packaged");
      await phone.setOffline(true);
      await expect.poll(() => scan.evaluate(() => navigator.onLine)).toBe(false);
      await scan.getByLabel("Or type the case number or tag serial").fill(tag);
      await scan.getByRole("button", { name: "Record" }).click();
      await expect(scan.getByTestId("scan-answer")).toContainText(OFFLINE_MESSAGES.savedOnPhone);
      await expect(scan.getByTestId("scan-queue-status")).toBeVisible();
      await shot(scan, "scan-offline-390");
      const caseRow = await db.memorialCase.findUniqueOrThrow({ where: { number } });
      expect(await db.caseEvent.count({ where: { caseId: caseRow.id, station: "packaged" } })).toBe(0);
      await phone.setOffline(false);
      await expect(scan.getByTestId("scan-queue-status")).toHaveCount(0, { timeout: 20_000 });
      await expect.poll(() => db.caseEvent.count({ where: { caseId: caseRow.id, station: "packaged", offline: true } })).toBe(1);
      await scan.getByRole("button", { name: "Scan next" }).click();

      await chooseStation(scan, "ready");
      await read();
      await recorded("ready");

      // Returned: who receives the pet, a signature drawn on the phone, the tag checked.
      await chooseStation(scan, "returned");
      await read();
      const form = scan.getByRole("form", { name: "Return to the family" });
      await expect(form).toBeVisible();
      // The case to hand over, to check against the person at the counter.
      await expect(form.getByTestId("return-case")).toContainText(petName);
      await form.getByLabel("Received by").fill("Ada Okafor");
      await form.getByLabel("Tag serial on the tag").fill(tag);
      // The case's photo and names now head the form: the pad may be below the fold, as for a person.
      await scan.getByTestId("signature-pad").scrollIntoViewIfNeeded();
      const pad = await scan.getByTestId("signature-pad").boundingBox();
      // A toast (the offline scan's "recorded") may lie over the pad for a few seconds: sign once it is clear, as a person would.
      await expect
        .poll(() => scan.evaluate(([x, y]) => document.elementFromPoint(x, y)?.getAttribute("data-testid") ?? null, [pad!.x + 30, pad!.y + 100]), { timeout: 15_000 })
        .toBe("signature-pad");
      await scan.mouse.move(pad!.x + 30, pad!.y + 100);
      await scan.mouse.down();
      for (const [dx, dy] of [[80, 40], [140, 110], [200, 50], [260, 120], [320, 60]]) await scan.mouse.move(pad!.x + dx!, pad!.y + dy!, { steps: 4 });
      await scan.mouse.up();
      await expect(form).toContainText("Signed.");
      await shot(scan, "scan-return-390");
      await form.getByRole("button", { name: "Record return" }).click();
      await expect(scan.getByTestId("scan-answer")).toContainText("Recorded");
      await expect(scan.getByTestId("scan-answer")).toContainText("This case is now complete.");
      await shot(scan, "scan-returned-390");

      const done = await db.memorialCase.findUniqueOrThrow({ where: { number }, select: { status: true, currentStation: true } });
      expect(done).toEqual({ status: "closed", currentStation: "returned" });
      const scans = await db.caseEvent.findMany({ where: { caseId: caseRow.id, kind: "scan" }, orderBy: { seq: "asc" }, select: { station: true, memberId: true } });
      expect(scans.map((e) => e.station)).toEqual(["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready", "returned"]);
      expect(scans.every((e) => e.memberId === staff.id)).toBe(true);

      // The case page on the phone.
      await scan.goto(`/cases/${encodeURIComponent(number)}`);
      await expect(scan.getByRole("heading", { level: 1, name: petName })).toBeVisible();
      await expect(scan.getByTestId("custody-event").first()).toBeVisible();
      await shot(scan, "detail-390");
      expect(await seriousViolations(scan)).toEqual([]);
      await scan.goto("/scan");
      await scan.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(await seriousViolations(scan)).toEqual([]);
      await phone.close();
    } finally {
      await phoneBrowser.close();
    }

    // 4. Back at the desk: the log verifies, the certificate is there.
    await page.goto(`/cases/${encodeURIComponent(number)}`);
    await expect(page.getByRole("link", { name: "Certificate", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Verify the log" }).click();
    await expect(page.getByTestId("custody-verify")).toContainText("Intact");
    await expect(page.getByTestId("custody-event").filter({ hasText: "Offline" })).toHaveCount(1);
    await expect(page.getByTestId("custody-event").filter({ hasText: "Received by Ada Okafor" })).toBeVisible();
    await shot(page, "detail-returned-1366");
    expect(await seriousViolations(page)).toEqual([]);

    // 5. The family's page, signed out, on a phone.
    const family = await browser.newContext({ viewport: PHONE, baseURL: E2E_BASE_URL });
    try {
      const visitor = await family.newPage();
      const familyPath = new URL(familyUrl).pathname;
      const response = await visitor.goto(familyPath);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByRole("heading", { level: 1, name: petName })).toBeVisible();
      await expect(visitor.getByText("Returned home", { exact: true })).toBeVisible();
      await expect(visitor.getByText("Received into our care")).toBeVisible();
      await expect(visitor.getByRole("link", { name: "Certificate of cremation (PDF)" })).toBeVisible();
      await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      // No staff names on the family's page.
      await expect(visitor.getByText("Rosa")).toHaveCount(0);
      await expect(visitor.getByText("Mendes")).toHaveCount(0);
      await shot(visitor, "family-390");
      expect(await seriousViolations(visitor)).toEqual([]);
      const certificate = await visitor.request.get(`${familyPath}/certificate`.replace("/c/", "/api/family/"));
      expect(certificate.status()).toBe(200);
      expect(certificate.headers()["content-type"]).toContain("application/pdf");

      const wrong = await visitor.goto(`${familyPath.slice(0, -3)}xyz`);
      expect(wrong?.status()).toBe(404);
      await expect(visitor.getByRole("heading", { name: "We could not find this page" })).toBeVisible();
      await visitor.setViewportSize(DESKTOP);
      await visitor.goto(familyPath);
      await shot(visitor, "family-1366");
    } finally {
      await family.close();
    }
  });

  test("the pet's photo at a phone: chosen on the form, uploaded after the case is created, replaced on edit", async ({ page, signInAs }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const petName = `Pepper ${suffix}`;
    const photoOf = (text: string) => QRCode.toBuffer(text, { width: 320 });
    const shownPhoto = () => page.getByRole("img", { name: `Photo of ${petName}` });
    const photoWidth = () => shownPhoto().evaluate((img: HTMLImageElement) => img.naturalWidth);

    await page.setViewportSize(PHONE);
    await signInAs(page, "manager", "/cases/new");
    await page.getByLabel("Pet name").fill(petName);
    await page.getByLabel("Species").fill("Cat");
    await page.getByLabel("Metal tag serial").fill(`P-${suffix}`.toUpperCase());
    await page.getByLabel("Family name").fill("Nguyen family");
    await page.getByLabel("Photo").setInputFiles({ name: "pepper.png", mimeType: "image/png", buffer: await photoOf(petName) });
    await expect(page.getByText("New photo ready.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, "form-photo-390");

    const uploads: string[] = [];
    page.on("request", (req) => {
      if (req.method() !== "GET" && /\/api\/cases\/[^/]+\/photo$/.test(new URL(req.url()).pathname)) uploads.push(`${req.method()} ${req.headers()["content-type"]?.split(";")[0]}`);
    });
    await page.getByRole("button", { name: "Create Case" }).click();
    await expect(page).toHaveURL(/\/cases\/C-\d{4}-\d{5,}$/);
    await expect(shownPhoto()).toBeVisible();
    await expect.poll(photoWidth).toBeGreaterThan(0);
    expect(uploads).toEqual(["PUT multipart/form-data"]);

    // On edit, a new photo replaces the one on file.
    const number = decodeURIComponent(page.url().split("/cases/")[1]!);
    const before = await (await page.request.get(`/api/cases/${encodeURIComponent(number)}/photo`)).body();
    await page.goto(`/cases/${encodeURIComponent(number)}/edit`);
    await expect(page.getByText("A photo is on file; choose one to replace it.")).toBeVisible();
    await page.getByLabel("Photo").setInputFiles({ name: "pepper-2.png", mimeType: "image/png", buffer: await photoOf(`${petName} again`) });
    await expect(page.getByText("New photo ready.")).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${number}$`));
    await expect(shownPhoto()).toBeVisible();
    const after = await (await page.request.get(`/api/cases/${encodeURIComponent(number)}/photo`)).body();
    expect(after.equals(before)).toBe(false);
    expect(uploads).toEqual(["PUT multipart/form-data", "PUT multipart/form-data"]);
  });

  test("the board, the list and the turnaround panel at both widths; an admin overrides a refusal", async ({ page, db, signInAs }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, "admin", "/cases");
    await expect(page.getByRole("heading", { level: 1, name: "Cases" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Open cases by step" }).or(page.getByText("No open cases"))).toBeVisible();
    await shot(page, "board-1366");
    await page.getByRole("link", { name: "List", exact: true }).click();
    await expect(page.getByRole("searchbox", { name: "Search cases" })).toBeVisible();
    await shot(page, "list-1366");
    await page.goto("/statistics");
    await expect(page.getByRole("heading", { name: "Case turnaround" })).toBeVisible();
    await page.getByRole("heading", { name: "Case turnaround" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/shots/cases-turnaround-1366.png" });

    await page.setViewportSize(PHONE);
    await page.goto("/cases");
    await expect(page.getByRole("heading", { level: 1, name: "Cases" })).toBeVisible();
    await shot(page, "board-390");
    await page.goto("/cases?view=list");
    await shot(page, "list-390");

    // An administrator at a station: a refused scan (skipping ahead) is overridden with a reason.
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const fresh = await createMemorialCase(db, { createdById: admin.id, petName: `Pepper ${Date.now().toString(36)}` });
    await page.goto("/scan");
    await page.evaluate(() => localStorage.setItem("bfs.scan.station.v1", JSON.stringify({ station: "cooler_out", chamberId: null })));
    await page.reload();
    await page.getByLabel("Or type the case number or tag serial").fill(fresh.number);
    await page.getByRole("button", { name: "Record" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Refused" })).toContainText("Out of order");
    await page.getByRole("button", { name: "Override with a reason" }).click();
    await page.getByLabel("Reason for the override").fill("Intake was recorded on paper during the outage");
    await shot(page, "scan-override-390");
    await page.getByRole("button", { name: "Record with override" }).click();
    await expect(page.getByTestId("scan-answer")).toContainText("Recorded with an override.");
    const events = await db.caseEvent.findMany({ where: { caseId: fresh.id }, orderBy: { seq: "asc" }, select: { kind: true } });
    expect(events.map((e) => e.kind)).toEqual(["override", "scan"]);
  });
});
