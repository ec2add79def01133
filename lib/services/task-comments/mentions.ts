import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorName, notifyAboutTask } from "@/lib/services/notifications/notify";
import { isTaskVisible, type TaskVisibilityFacts } from "@/lib/services/tasks/visibility";

/**
 * @mentions in task comments. The composer offers only the active members who can see the task
 * (the visibility rule of lib/services/tasks/visibility.ts, applied to each member), and a
 * mention notifies only them: a mention of someone who can't see the task notifies nobody and
 * says nothing about the task. A mention is an alert without a rule (kind "mention"), one per
 * comment and member, shown in that member's bell, and an e-mail through the alerts outbox as the
 * member chose for mentions (lib/services/notifications/notify.ts).
 */
export type MentionTask = TaskVisibilityFacts & { id: string; displayNumber: number | null; title: string };

const MENTION_CANDIDATES_READ = 500;

/** Active members who can see the task, optionally matching a name, alphabetically (20 at most). */
export async function membersWhoCanSee(client: Db, task: MentionTask, { q, ids }: { q?: string; ids?: string[] } = {}) {
  const where: Prisma.UserWhereInput = {
    isActive: true,
    ...(ids ? { id: { in: ids } } : {}),
    ...(q
      ? { AND: [{ OR: [{ firstName: { contains: q, mode: "insensitive" } }, { lastName: { contains: q, mode: "insensitive" } }] }] }
      : {}),
  };
  const rows = await client.user.findMany({
    where,
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }],
    // The visibility rule filters below (a private task: its creator and admins), so read past the 20 shown.
    take: ids ? ids.length : MENTION_CANDIDATES_READ,
    select: { id: true, firstName: true, lastName: true, email: true, role: true },
  });
  // The rule itself decides (lib/tasks/visibility.ts), as on every read of a task.
  return rows.filter((u) => isTaskVisible({ userId: u.id, role: u.role }, task)).slice(0, ids ? undefined : 20);
}

/** Notifies the mentioned members who can see the task (never the author), once per comment and member. */
export async function notifyMentions(tx: Prisma.TransactionClient, caller: Caller, task: MentionTask, commentId: string, mentionIds: readonly string[]): Promise<string[]> {
  if (mentionIds.filter((id) => id !== caller.userId).length === 0) return [];
  const authorName = await actorName(tx, caller.userId);
  // The e-mail follows each member's preference for mentions (My Profile → Notifications).
  const { notified } = await notifyAboutTask(tx, {
    kind: "mention",
    actorId: caller.userId,
    task,
    subjectType: "comment",
    subjectId: commentId,
    userIds: mentionIds,
    message: `${authorName} mentioned you in a comment`,
    subject: `${authorName} mentioned you`,
    line: `${authorName} mentioned you in a comment on`,
  });
  return notified;
}
