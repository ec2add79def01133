import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, businessToday } from "@/lib/dates";
import { createSignedAuthorization, createUser } from "../prisma/factories";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/**
 * Operators and chambers on record (docs/cases.md "Operators and chambers"). At 390 px: with the
 * who-may-load setting on, an uncertified operator's chamber-in is refused; once certified, an
 * out-of-service chamber refuses it; back in service, it is recorded. At 1366 px: an administrator
 * records a certification on a member's page and a manager logs a repair on /cases/chambers.
 * Screenshots: /tmp/shots/chambers/ (SHOTS_DIR) and test-results/shots/chambers-*.png.
 */
const SHOTS = process.env.SHOTS_DIR ?? "test-results/shots";
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/chambers-${name}.png`, fullPage: true });
};
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function recordAt(page: Page, chamberId: string, number: string) {
  await page.goto("/scan");
  await page.evaluate((value) => localStorage.setItem("bfs.scan.station.v1", value), JSON.stringify({ station: "chamber_in", chamberId }));
  await page.reload();
  await page.getByLabel("Or type the case number or tag serial").fill(number);
  await page.getByRole("button", { name: "Record" }).click();
}

test.describe("operators and chambers on record", () => {
  test("390 px: chamber in refused for an uncertified operator, then for a chamber out of service, then recorded @global-setting", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    const suffix = randomUUID().slice(0, 6);
    const operator = await createUser(db, { role: "staff", firstName: "Ola", lastName: `Operator ${suffix}` });
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@bfs.demo" } });
    const chamber = await db.cremationChamber.create({ data: { name: `Retort ${suffix}` } });

    // A case at the chamber's door, signed.
    await signInAs(page, "manager");
    const created = await page.request.post("/api/cases", {
      data: { uuid: randomUUID(), petName: `Pepper ${suffix}`, petSpecies: "Dog", familyName: "The Okafors", serviceType: "private", returnMethod: "pickup_here", tagSerial: `OP-${suffix}` },
    });
    expect(created.status()).toBe(201);
    const kase = (await created.json()) as { id: string; number: string };
    for (const station of ["intake", "cooler_in", "cooler_out"]) {
      expect((await page.request.post(`/api/cases/${kase.number}/scans`, { data: { clientUuid: randomUUID(), station } })).status()).toBe(201);
    }
    await createSignedAuthorization(db, kase.id, admin.id);

    // The setting is one for the whole business: while this test has it on, every other member
    // holds a certification, so another test's chamber-in running beside this one is not refused.
    const today = businessToday();
    const others = await db.user.findMany({ where: { id: { not: operator.id } }, select: { id: true } });
    const cover = `E2E cover ${suffix}`;
    await db.memberCertification.createMany({
      data: others.map((u) => ({ memberId: u.id, name: cover, issuedOn: new Date(`${addDays(today, -2)}T00:00:00Z`), expiresOn: new Date(`${addDays(today, 2)}T00:00:00Z`), validFrom: new Date(Date.now() - 2 * 86_400_000), validUntil: new Date(Date.now() + 2 * 86_400_000), recordedById: admin.id })),
    });
    try {
      await db.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1, chamberInRequiresCertification: true }, update: { chamberInRequiresCertification: true } });

      await page.context().clearCookies();
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, { email: operator.email });

      // 1. Not certified: refused, in one sentence, with no override.
      await recordAt(page, chamber.id, kase.number);
      await expect(page.getByRole("alert").filter({ hasText: "Refused" })).toContainText("You hold no current operator certification, so you may not load a chamber.");
      await expect(page.getByRole("button", { name: "Override with a reason" })).toHaveCount(0);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, "uncertified-refused-390");

      // 2. Certified now, but the chamber went out of service: the scan screen says so, and refuses.
      await db.memberCertification.create({
        data: { memberId: operator.id, name: "Crematory operator", issuedOn: new Date(`${addDays(today, -30)}T00:00:00Z`), expiresOn: new Date(`${addDays(today, 335)}T00:00:00Z`), validFrom: new Date(Date.now() - 30 * 86_400_000), validUntil: new Date(Date.now() + 335 * 86_400_000), recordedById: admin.id },
      });
      await db.cremationChamber.update({ where: { id: chamber.id }, data: { outOfServiceSince: new Date(), outOfServiceReason: "Door seal repair" } });
      await recordAt(page, chamber.id, kase.number);
      await expect(page.getByRole("alert").filter({ hasText: "Refused" })).toContainText(`Retort ${suffix} is out of service (Door seal repair); choose another chamber.`);
      await expect(page.getByTestId("chamber-out-of-service")).toContainText("Door seal repair");
      await expect(page.getByRole("button", { name: "Override with a reason" })).toHaveCount(0);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, "out-of-service-refused-390");
      // The picker shows it out of service, not to be chosen.
      await page.getByRole("button", { name: "Change" }).click();
      await page.getByRole("button", { name: "Chamber in", exact: true }).click();
      await expect(page.getByRole("button", { name: new RegExp(`Retort ${suffix}.*Out of service`) })).toBeDisabled();
      await shot(page, "picker-390");

      // 3. Back in service: recorded.
      await db.cremationChamber.update({ where: { id: chamber.id }, data: { outOfServiceSince: null, outOfServiceReason: null } });
      await recordAt(page, chamber.id, kase.number);
      await expect(page.getByTestId("scan-answer")).toContainText("Recorded");
      await shot(page, "recorded-390");
      const occupancy = await db.chamberOccupancy.findFirstOrThrow({ where: { caseId: kase.id } });
      expect(occupancy.enteredById).toBe(operator.id);
    } finally {
      await db.organizationSettings.updateMany({ data: { chamberInRequiresCertification: false } });
      await db.memberCertification.deleteMany({ where: { name: cover } });
    }
  });

  test("1366 px: an administrator records a certification on the member's page; a manager logs a repair and takes a chamber out of service", async ({ page, db, signInAs }) => {
    test.setTimeout(150_000);
    const suffix = randomUUID().slice(0, 6);
    const member = await createUser(db, { role: "staff", firstName: "Rafa", lastName: `Certified ${suffix}` });
    const chamber = await db.cremationChamber.create({ data: { name: `Retort ${suffix}` } });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The certification, on the member's page.
    await signInAs(page, "admin", `/members/${member.id}`);
    const form = page.getByRole("form", { name: "Add a certification" });
    await expect(form.getByLabel("Certification")).toHaveValue("Crematory operator");
    await form.getByLabel("Issue date").fill(addDays(businessToday(), -340));
    await form.getByLabel("Expiry date").fill(addDays(businessToday(), 20));
    await form.getByRole("button", { name: "Add certification" }).click();
    await expect(page.getByText("Certification recorded", { exact: true })).toBeVisible();
    await page.reload();
    const list = page.getByTestId("member-certifications");
    await expect(list).toContainText("Crematory operator");
    await expect(list).toContainText("may load a chamber");
    await expect(list).toContainText("Expires in 20 days");
    await shot(page, "member-certification-1366");
    expect(await seriousViolations(page)).toEqual([]);

    // The chambers screen: expiring soon is listed; a manager logs a repair and takes the chamber out of service.
    await page.context().clearCookies();
    await signInAs(page, "manager", "/cases/chambers");
    await expect(page.getByTestId("expiring-certifications")).toContainText(`Rafa Certified ${suffix}`);
    const card = page.getByTestId(`chamber-Retort ${suffix}`);
    await card.getByText("Log an inspection or a repair").click();
    const log = card.getByRole("form", { name: `Log maintenance for Retort ${suffix}` });
    await log.getByLabel("Kind").selectOption("repair");
    await log.getByLabel("Date").fill(addDays(businessToday(), -1));
    await log.getByLabel("Done by").fill("Acme Retort Service");
    await log.getByLabel("Notes").fill("Replaced the door seal; tested at temperature.");
    await log.getByRole("button", { name: "Log maintenance" }).click();
    await expect(page.getByText("Repair recorded", { exact: true })).toBeVisible();
    await card.getByLabel("Reason to take it out of service").fill("Annual inspection");
    await card.getByRole("button", { name: "Take out of service" }).click();
    // The badge; the maintenance log's new "Out of service" entry says it too.
    await expect(card.getByText("Out of service", { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(card.getByTestId("maintenance-log")).toContainText("Acme Retort Service");
    await expect(card.getByTestId("maintenance-log")).toContainText("Replaced the door seal; tested at temperature.");
    await expect(card.getByTestId("maintenance-log")).toContainText("Out of service");
    await expect(card).toContainText("Annual inspection");
    await shot(page, "chambers-1366");
    expect(await seriousViolations(page)).toEqual([]);
    // The board says it too.
    await page.goto("/cases");
    await expect(page.getByTestId("chambers-out-of-service")).toContainText(`Retort ${suffix}`);
    await shot(page, "board-1366");
    const stored = await db.chamberMaintenance.findMany({ where: { chamberId: chamber.id }, orderBy: { createdAt: "asc" } });
    expect(stored.map((e) => [e.kind, e.performedBy])).toEqual([
      ["repair", "Acme Retort Service"],
      ["out_of_service", expect.any(String)],
    ]);

    // Back in service, and the screen at phone widths without sideways scroll.
    await page.goto("/cases/chambers");
    await card.getByRole("button", { name: "Back in service" }).click();
    await expect(card.getByText("In service", { exact: true })).toBeVisible();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await expect(card.getByTestId("maintenance-log")).toContainText("Back in service");
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `chambers-${width}`);
    }
  });
});
