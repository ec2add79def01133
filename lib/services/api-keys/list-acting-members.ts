import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { db } from "@/lib/db";

/** Active members for the "Acting member" picker, by name. */
export async function listActingMemberOptions(): Promise<{ id: string; name: string; role: string }[]> {
  const users = await db.user.findMany({
    where: { isActive: true, ...MEMBERS_ONLY },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    select: { id: true, firstName: true, lastName: true, role: true },
    take: 1000,
  });
  return users.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), role: u.role }));
}
