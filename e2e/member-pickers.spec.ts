import { createUser } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * The member pickers list every active member, not the API's first page of 500: with more
 * active members than that, the last by name can still be picked (lib/queries/members.ts).
 */

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test("with more than 500 active members, the last by name is still in the pickers", async ({ page, db, signInAs }) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const active = await db.user.count({ where: { isActive: true } });
  const fillers = Math.max(0, 501 - active) + 1;
  // A real hash (the demo password's); no test signs in as a filler.
  const { passwordHash } = await db.user.findFirstOrThrow({ where: { email: "jamie@bfs.demo" }, select: { passwordHash: true } });
  await db.user.createMany({
    data: Array.from({ length: fillers }, (_, i) => ({ email: `filler-${tag}-${i}@example.test`, firstName: "Filler", lastName: `Many ${tag} ${i}`, passwordHash })),
  });
  const last = await createUser(db, { role: "staff", firstName: "Zed", lastName: `Zzyzx ${tag}` });
  try {
    await signInAs(page, "admin", "/admin/alerts");
    const member = page.getByRole("combobox", { name: "Member", exact: true });
    await member.click();
    await member.fill(`Zzyzx ${tag}`);
    await page.getByRole("option", { name: `Zed Zzyzx ${tag}` }).click();
    await expect(member).toHaveValue(`Zed Zzyzx ${tag}`);
  } finally {
    // Deactivated, they leave the other tests' pickers as they were.
    await db.user.updateMany({ where: { OR: [{ email: { startsWith: `filler-${tag}-` } }, { id: last.id }] }, data: { isActive: false } });
  }
});
