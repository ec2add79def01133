import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorName, notifyAboutTask, type NotifiedTask } from "@/lib/services/notifications/notify";

/**
 * @mentions in task comments. The composer offers only the active members who can see the task
 * (`membersWhoCanSee`, lib/services/visibility/tasks.ts), and a mention notifies only
 * them: a mention of someone who can't see the task notifies nobody and
 * says nothing about the task. A mention is an alert without a rule (kind "mention"), one per
 * comment and member, shown in that member's bell, and an e-mail through the alerts outbox as the
 * member chose for mentions (lib/services/notifications/notify.ts).
 *
 * Notifies the mentioned members who can see the task (never the author), once per comment and member.
 */
export async function notifyMentions(tx: Prisma.TransactionClient, caller: Caller, task: NotifiedTask, commentId: string, mentionIds: readonly string[]): Promise<string[]> {
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
