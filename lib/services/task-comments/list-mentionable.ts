import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { membersWhoCanSee } from "@/lib/services/visibility/tasks";
import { visibleTaskOr404 } from "./comment-shape";

/** Who the composer's @ offers: active members who can see the task. */
export async function listMentionable(caller: Caller, taskId: string, q?: string) {
  const task = await visibleTaskOr404(db, caller, taskId);
  const people = await membersWhoCanSee(db, task, { q: q || undefined });
  return { items: people.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })) };
}
