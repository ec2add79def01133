/**
 * Push preferences (My Profile → Notifications) at 390 px: each kind's Push box is saved and read
 * back after a reload, the device's push control shows this browser's state, and the section fits
 * the phone. The headless Chromium shell the tests run reports Notification.permission "denied"
 * even after context.grantPermissions (it has no notification platform or push service), so the
 * control shows the blocked sentence here. A push event reaching the worker, the notification it
 * shows and a click on it are tested in the full browser by e2e/push-worker.spec.ts; turning push
 * on needs a push service, which the closed network has not (the server side is covered by
 * tests/integration/push).
 * Screenshot: test-results/shots/push-preferences-390.png.
 */
import { expect, test } from "./support/fixtures";

test("push preferences at 390 px: a kind's push box is saved, the device control shows the browser's state, the page fits", async ({ page, signInAs, db }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().grantPermissions(["notifications"]);
  await signInAs(page, "staff", "/profile");
  const section = page.getByRole("region", { name: "Notifications" });
  const device = section.getByTestId("push-device");
  const permission = await page.evaluate(() => ("Notification" in window ? Notification.permission : "unsupported"));
  const expected = permission === "denied" ? "Notifications are blocked for this site in the browser's settings." : permission === "unsupported" ? /can't receive push/ : /Push is (off|on)/;
  await expect(device.getByRole("status")).toHaveText(expected);

  const userId = (await db.user.findUniqueOrThrow({ where: { email: "jamie@bfs.demo" }, select: { id: true } })).id;
  const box = section.getByRole("checkbox", { name: "Push: Someone mentions me" });
  await expect(box).toBeChecked();
  // Saved on change; the box shows the server's answer.
  await box.click();
  await expect(page.getByText("Notifications saved").first()).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect.poll(async () => (await db.notificationPreference.findUnique({ where: { userId_kind: { userId, kind: "mention" } } }))?.push).toBe(false);
  await page.reload();
  await expect(section.getByRole("checkbox", { name: "Push: Someone mentions me" })).not.toBeChecked();
  // The e-mail choice of the kind is untouched.
  await expect(section.getByLabel("Someone mentions me", { exact: true })).toHaveValue(/bell/);

  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: "test-results/shots/push-preferences-390.png" });

  await section.getByRole("checkbox", { name: "Push: Someone mentions me" }).click();
  await expect.poll(async () => (await db.notificationPreference.findUnique({ where: { userId_kind: { userId, kind: "mention" } } }))?.push).toBe(true);
});
