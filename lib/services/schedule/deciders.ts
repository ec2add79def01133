import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Who decides a member's request (time off, availability; docs/schedules.md): the active managers
 * of the member's departments; the admins only when none of those is there. Never the member.
 */
export async function decidersOf(tx: Prisma.TransactionClient, memberId: string, unitIds: readonly string[]): Promise<string[]> {
  const people = await tx.user.findMany({
    where: { isActive: true, OR: [{ role: "admin" }, { role: "manager", memberships: { some: { unitId: { in: [...unitIds] } } } }], NOT: { id: memberId } },
    select: { id: true, role: true },
  });
  const managers = people.filter((p) => p.role === "manager");
  return (managers.length > 0 ? managers : people).map((p) => p.id);
}
