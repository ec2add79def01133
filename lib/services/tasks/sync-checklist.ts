import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Replaces a task's checklist with `titles` (in order) while keeping what was ticked: each
 * title reuses the first unused existing item with the same text (so reordering or editing
 * another item keeps completion), new titles become new items, the rest are removed.
 * Three statements at most, whatever the checklist's length.
 */
export async function syncChecklist(tx: Prisma.TransactionClient, taskId: string, titles: string[]): Promise<void> {
  const existing = await tx.checklistItem.findMany({ where: { taskId }, select: { id: true, title: true, position: true }, orderBy: { position: "asc" } });
  const unused = new Map<string, Array<{ id: string; position: number }>>();
  for (const item of existing) unused.set(item.title, [...(unused.get(item.title) ?? []), item]);

  const moves: Array<{ id: string; position: number }> = [];
  const creates: Array<{ taskId: string; title: string; position: number }> = [];
  titles.forEach((title, position) => {
    const match = unused.get(title)?.shift();
    if (match) {
      if (match.position !== position) moves.push({ id: match.id, position });
    } else creates.push({ taskId, title, position });
  });
  const removeIds = [...unused.values()].flat().map((item) => item.id);

  if (removeIds.length) await tx.checklistItem.deleteMany({ where: { id: { in: removeIds } } });
  if (moves.length) {
    const values = Prisma.join(moves.map((m) => Prisma.sql`(${m.id}::uuid, ${m.position}::int)`));
    await tx.$executeRaw`UPDATE checklist_items AS c SET position = v.position FROM (VALUES ${values}) AS v(id, position) WHERE c.id = v.id`;
  }
  if (creates.length) await tx.checklistItem.createMany({ data: creates });
}
