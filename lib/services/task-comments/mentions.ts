import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appUrl } from "@/lib/services/mail/mailer";
import { wantEmail } from "@/lib/services/notifications/preferences";
import { isTaskVisible, type TaskVisibilityFacts } from "@/lib/services/tasks/visibility";

/**
 * @mentions in task comments. The composer offers only the active members who can see the task
 * (the visibility rule of lib/services/tasks/visibility.ts, applied to each member), and a
 * mention notifies only them: a mention of someone who can't see the task notifies nobody and
 * says nothing about the task. A mention is an alert without a rule (kind "mention"), one per
 * comment and member, shown in that member's bell, and an e-mail through the alerts outbox
 * unless the member chose the bell only for mentions.
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
  const wanted = [...new Set(mentionIds)].filter((id) => id !== caller.userId);
  if (wanted.length === 0) return [];
  const people = await membersWhoCanSee(tx, task, { ids: wanted });
  if (people.length === 0) return [];
  const author = await tx.user.findUniqueOrThrow({ where: { id: caller.userId }, select: { firstName: true, lastName: true } });
  const authorName = `${author.firstName} ${author.lastName}`.trim();
  const href = `/tasks/${task.id}`;
  const title = task.displayNumber === null ? task.title : `#${task.displayNumber} ${task.title}`;
  // One alert per comment and member (occurrence: the member), so acknowledging is personal.
  const already = new Set(
    (await tx.alert.findMany({ where: { ruleId: null, kind: "mention", subjectType: "comment", subjectId: commentId, occurrence: { in: people.map((p) => p.id) } }, select: { occurrence: true } })).map((a) => a.occurrence),
  );
  const fresh = people.filter((p) => !already.has(p.id));
  // The e-mail follows each member's preference for mentions (My Profile → Notifications).
  const byEmail = await wantEmail(tx, "mention", fresh.map((p) => p.id));
  for (const p of fresh) {
    const alert = await tx.alert.create({
      data: { kind: "mention", subjectType: "comment", subjectId: commentId, occurrence: p.id, userId: caller.userId, taskId: task.id, href, severity: "info", message: `${authorName} mentioned you in a comment` },
      select: { id: true },
    });
    await tx.alertRecipient.create({ data: { alertId: alert.id, userId: p.id } });
    if (!byEmail.has(p.id)) continue;
    await tx.alertEmail.create({
      data: {
        alertId: alert.id,
        userId: p.id,
        toEmail: p.email,
        subject: `${authorName} mentioned you: ${title}`.slice(0, 250),
        body: [`Hello ${p.firstName},`, "", `${authorName} mentioned you in a comment on ${title}.`, "", `Open: ${appUrl()}${href}`].join("\n"),
      },
    });
  }
  return fresh.map((p) => p.id);
}
