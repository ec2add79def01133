/**
 * The console guard: no page writes an error to the browser's console while its member is
 * punched in with a task clock running (the header's timer was once rendered by the server at
 * its own "now" and hydrated at another: React's error #418 on every page). One admin, who may
 * open every page, in one browser context; the pages of the authorization matrix loaded in
 * sequence at desktop width (each a full load, so each hydrates), then My day at 390 px.
 */
import { addMembership, createBetaIssue, createMemorialCase, createProcess, createProject, createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "../prisma/factories";
import { PAGE_MATRIX } from "../tests/authorization/pages";
import { expect, test } from "./support/fixtures";

test("no console errors on any page while punched in with a task clock running", async ({ page, db, signInAs }) => {
  test.setTimeout(180_000);
  const unit = await createUnit(db);
  const admin = await createUser(db, { role: "admin" });
  await addMembership(db, unit.id, admin.id);
  const task = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, assigneeId: admin.id, title: "Call back the Hendersons about memorial options", checklist: ["Confirm the engraving"] });
  const punch = await createPunchSession(db, { userId: admin.id, punchInAt: new Date(Date.now() - 2 * 3_600_000) });
  await createTimeEntry(db, { userId: admin.id, taskId: task.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - 10 * 60_000) });
  const kase = await createMemorialCase(db, { createdById: admin.id });
  const ids: Record<string, string> = {
    "/tasks/[id]": `/tasks/${task.id}`,
    "/members/[id]": `/members/${admin.id}`,
    "/projects/[id]": `/projects/${(await createProject(db, { createdById: admin.id })).id}`,
    "/processes/[id]": `/processes/${(await createProcess(db, { createdById: admin.id })).id}`,
    "/beta-issues/[uuid]": `/beta-issues/${(await createBetaIssue(db, { reporterId: admin.id })).id}`,
    "/agent-discussion/[discussionId]": "/agent-discussion/new",
    "/cases/[number]": `/cases/${kase.number}`,
    "/cases/[number]/edit": `/cases/${kase.number}/edit`,
  };
  const paths = [...new Set(PAGE_MATRIX.filter((row) => row.expect.admin === "render" && !row.page.startsWith("/c/")).map((row) => ids[row.page] ?? row.page))];
  expect(paths.every((p) => !p.includes("["))).toBe(true);

  const errors: string[] = [];
  let where = "sign-in";
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${where}: ${message.text().slice(0, 300)}`);
  });
  page.on("pageerror", (error) => errors.push(`${where}: ${error.message.slice(0, 300)}`));

  await signInAs(page, { email: admin.email }, "/");
  // The server renders the header's running timer: the case that used to fail.
  await expect(page.getByRole("banner").getByTestId("punch-timer")).toBeVisible();
  for (const path of paths) {
    where = path;
    await page.goto(path);
    await page.locator("html[data-ready]").waitFor({ state: "attached" });
  }
  where = "/ at 390 px";
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  // A timer's tick: an error raised after hydration (a timer's first update) is caught too.
  const timer = page.getByTestId("punch-timer").filter({ visible: true }).first();
  const shown = await timer.textContent();
  await expect(timer).not.toHaveText(shown ?? "");
  expect(errors, errors.join("\n")).toEqual([]);
});
