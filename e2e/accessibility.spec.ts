/**
 * axe-core on every page, signed out and signed in as staff and as admin, at desktop width and
 * at 375 px, and with the named dialogs open (task form, punch-out reason, beta feedback).
 * The bar: 0 serious or critical violations of the WCAG 2.0-2.2 A/AA rules. No rule is disabled.
 * The pages come from the authorization matrix (tests/authorization/pages.ts), so a new page is
 * checked here as soon as it has its row there.
 */
import type { Page } from "@playwright/test";
import { addMembership, createPunchSession, createUnit, createUser } from "../prisma/factories";
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

/** Lets the screen load its data (polling screens never go fully idle: bounded). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 2000 }).catch(() => undefined);
}

for (const [widthName, viewport] of Object.entries(WIDTHS)) {
  test.describe(`accessibility at ${widthName} width`, () => {
    test.use({ viewport });

    for (const role of ROLES) {
      test(`every page ${role}`, async ({ page, db, signInAs }) => {
        const kind = role === "signed out" ? "anonymous" : role;
        const templates = [...PAGE_MATRIX.filter((row) => row.expect[kind] === "render").map((row) => row.page), "/no-such-page"];
        test.setTimeout(60_000 + templates.length * 30_000);
        const task = await db.task.findFirstOrThrow({ where: { deletedAt: null, isPrivate: false }, orderBy: { displayNumber: "asc" } });
        let memberId = (await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" } })).id;
        if (role !== "signed out") {
          const unit = await createUnit(db);
          const user = await createUser(db, { role });
          await addMembership(db, unit.id, user.id);
          memberId = user.id;
          await signInAs(page, { email: user.email });
        }
        const findings: Finding[] = [];
        for (const template of templates) {
          const path = pathFor(template, { taskId: task.id, memberId });
          await page.goto(path);
          await settle(page);
          await audit(page, path, findings);
        }
        test.info().annotations.push({ type: "axe", description: `${templates.length} pages × ${role} × ${widthName}: ${findings.length} serious/critical` });
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      });
    }

    test("dialogs: task form, punch-out reason, beta feedback", async ({ page, db, signInAs }) => {
      // axe on the task form (tiptap, pickers) takes long on a loaded machine.
      test.setTimeout(180_000);
      const unit = await createUnit(db);
      const user = await createUser(db, { role: "staff" });
      await addMembership(db, unit.id, user.id);
      await createPunchSession(db, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
      await signInAs(page, { email: user.email });
      await settle(page);
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
  });
}
