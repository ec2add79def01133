/**
 * axe-core on every page, signed out and signed in as staff and as admin, at desktop width and
 * at 375 px (one test per page and role, auditing both widths, each once the screen has its
 * data), and with the named dialogs open (task form, punch-out reason, beta feedback).
 * The bar: 0 serious or critical violations of the WCAG 2.0-2.2 A/AA rules. No rule is disabled.
 * The pages come from the authorization matrix (tests/authorization/pages.ts), so a new page is
 * checked here as soon as it has its row there.
 */
import type { Page } from "@playwright/test";
import { addMembership, createMemorialCase, createPunchSession, createUnit, createUser, recordCaseScans } from "../prisma/factories";
import { PAGE_MATRIX } from "../tests/authorization/pages";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { openQuickAction } from "./support/quick-actions";

const WIDTHS = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 812 } } as const;
const ROLES = ["signed out", "staff", "admin"] as const;

const EMPTY_ID = "00000000-0000-4000-8000-000000000000";

/** A page of the matrix with its [segments] filled in. */
function pathFor(template: string, ids: { taskId: string; memberId: string }): string {
  return template.replace("/agent-discussion/[discussionId]", "/agent-discussion/new").replace("/tasks/[id]", `/tasks/${ids.taskId}`).replace("/members/[id]", `/members/${ids.memberId}`).replace(/\[[^\]]+\]/g, EMPTY_ID);
}

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, where: string, findings: Finding[]): Promise<void> {
  for (const finding of await seriousViolations(page)) findings.push({ where, ...finding });
}

/**
 * Waits until the screen has its data: React hydrated (the fixtures wait for that on every
 * goto), no query loading (app/providers.tsx marks <html data-ready>), and no part of the screen
 * still marked busy (a lazily loaded editor or panel).
 */
async function ready(page: Page): Promise<void> {
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Pages that render for each role, per the authorization matrix, and a path that is not a page. */
const KIND = { "signed out": "anonymous", staff: "staff", admin: "admin" } as const;
const pagesFor = (role: (typeof ROLES)[number]) => [...new Set(PAGE_MATRIX.filter((row) => row.expect[KIND[role]] === "render").map((row) => row.page)), "/no-such-page"];

test.describe("accessibility", () => {
  for (const role of ROLES) {
    for (const template of pagesFor(role)) {
      // One test per page and role: signed in once, the page audited at desktop width, then
      // resized and audited at phone width (each once the screen has its data).
      test(`${template} ${role}`, async ({ page, db, signInAs }) => {
        // axe on the longest screen (the accountability report) took 18 s on a busy 2-core machine and 84 s on an overloaded one; here it runs twice.
        test.setTimeout(240_000);
        await page.setViewportSize(WIDTHS.desktop);
        const task = await db.task.findFirstOrThrow({ where: { deletedAt: null, isPrivate: false }, orderBy: { displayNumber: "asc" } });
        if (role === "signed out") {
          const memberId = (await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" } })).id;
          await page.goto(pathFor(template, { taskId: task.id, memberId }));
        } else {
          const unit = await createUnit(db);
          const user = await createUser(db, { role });
          await addMembership(db, unit.id, user.id);
          // Signs in and opens the page (signInAs navigates to it).
          await signInAs(page, { email: user.email }, pathFor(template, { taskId: task.id, memberId: user.id }));
        }
        const path = new URL(page.url()).pathname;
        const findings: Finding[] = [];
        await ready(page);
        await audit(page, `${path} at desktop width`, findings);
        // The server's markup is the same at every width (it cannot know it), and what the client
        // lays out by width follows a resize (CSS; the Gantt listens to matchMedia): a reload here
        // audited the same page again at the cost of a second load (13 % of this spec's time).
        await page.setViewportSize(WIDTHS.phone);
        await ready(page);
        await audit(page, `${path} at phone width`, findings);
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      });
    }
  }

  for (const [widthName, viewport] of Object.entries(WIDTHS)) {
    test(`dialogs at ${widthName} width: task form, punch-out reason, beta feedback`, async ({ page, db, signInAs }) => {
      // axe on the task form (tiptap, pickers) takes long on a loaded machine.
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const unit = await createUnit(db);
      const user = await createUser(db, { role: "staff" });
      await addMembership(db, unit.id, user.id);
      await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
      await signInAs(page, { email: user.email });
      await ready(page);
      const findings: Finding[] = [];

      await openQuickAction(page, "Create Task", "Create New Task");
      await audit(page, "task form", findings);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await openQuickAction(page, "Report Beta Issue", "Report Beta Issue");
      await audit(page, "beta feedback", findings);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.getByTestId("punch-button").filter({ visible: true }).first().click();
      await expect(page.getByRole("dialog").getByRole("heading", { name: "Punch Out" })).toBeVisible();
      await audit(page, "punch-out reason", findings);

      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    });
  }

  // The public pages of a case need a real link or code to render (the matrix opens them with a
  // wrong one, which is their not-found page, audited above as "/no-such-page" is): a family's
  // status page, a certificate's verification page and the family link's not-found page, signed out.
  test("public case pages signed out: the family's page, the certificate's verification page, a wrong link", async ({ page, db, signInAs }) => {
    test.setTimeout(180_000);
    const manager = await db.user.findFirstOrThrow({ where: { email: "priya@bfs.demo" } });
    const chamber = await db.cremationChamber.create({ data: { name: `Axe ${Date.now()}` } });
    const kase = await createMemorialCase(db, { createdById: manager.id, familyName: "The Axe family", returnMethod: "pickup_here" });
    await recordCaseScans(db, { caseId: kase.id, memberId: manager.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"], chamberId: chamber.id });
    await signInAs(page, "manager", "/cases");
    const detail = (await (await page.request.get(`/api/cases/${kase.number}`)).json()) as { familyLink: { url: string } };
    expect((await page.request.get(`/api/cases/${kase.number}/certificate`)).status()).toBe(200);
    const issued = await db.caseEvent.findFirstOrThrow({ where: { caseId: kase.id, kind: "certificate" }, select: { details: true } });
    const { seq, hash } = (issued.details as { certifies: { seq: number; hash: string } }).certifies;
    await page.context().clearCookies();
    const familyPath = new URL(detail.familyLink.url).pathname;
    const findings: Finding[] = [];
    for (const [name, path] of [
      ["family page", familyPath],
      ["verification page", `/verify/${kase.number}-${seq}-${hash.slice(0, 16).toUpperCase()}`],
      ["family link not found", `${familyPath.slice(0, -3)}xyz`],
    ] as const) {
      await page.setViewportSize(WIDTHS.desktop);
      await page.goto(path);
      await ready(page);
      await audit(page, `${name} at desktop width`, findings);
      await page.setViewportSize(WIDTHS.phone);
      await ready(page);
      await audit(page, `${name} at phone width`, findings);
    }
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
});
