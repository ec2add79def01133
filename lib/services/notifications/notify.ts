import "server-only";
import { taskTitle } from "@/lib/tasks/task-title";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appUrl } from "@/lib/services/mail/mailer";
import { membersWhoCanSee, type TaskVisibilityFacts } from "@/lib/services/visibility/tasks";
import type { NotificationKind } from "@/lib/validations/notifications";
import { channelsFor } from "./preferences";

/**
 * A notification about a task to some members (docs/alerts.md "Notifications"): an alert without
 * a rule, one per subject and member, shown in each member's bell, plus an e-mail in the outbox as
 * each member chose for that kind: none (bell only), one now (status pending, the alerts-mail job)
 * or a line in their hourly digest (status digest, the notifications-digest job). Only members who
 * can see the task are told, never the one who acted, and a repeat of the same subject tells
 * nobody twice.
 */
/** What a notification needs of its task: the visibility facts, and the number and title the e-mail names. */
export type NotifiedTask = TaskVisibilityFacts & { id: string; displayNumber: number | null; title: string };

export interface TaskNotification {
  kind: NotificationKind;
  /** The one who acted: never notified. */
  actorId: string;
  task: NotifiedTask;
  /** What the alert is about (comment | task) and its id. */
  subjectType: string;
  subjectId: string;
  /** Per member, so a second notification of the same subject and member is not written. */
  occurrence?: (userId: string) => string;
  userIds: readonly string[];
  /** The bell's line, e.g. "Ana Lee assigned you a task" (never the task's title: the bell joins it). */
  message: string;
  /** The e-mail's subject and first line; the task's title and link follow. */
  subject: string;
  line: string;
}

/** The e-mail's status for a member's channel: null when they chose the bell only. */
export function outboxStatus(channel: string): "pending" | "digest" | null {
  if (channel === "bell") return null;
  return channel === "digest" ? "digest" : "pending";
}

export async function actorName(client: Db, userId: string): Promise<string> {
  const actor = await client.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
  return `${actor.firstName} ${actor.lastName}`.trim();
}

/** Writes the notifications; answers the ids of the members told and whether any e-mail is due now. */
export async function notifyAboutTask(tx: Prisma.TransactionClient, n: TaskNotification): Promise<{ notified: string[]; emailNow: boolean }> {
  const wanted = [...new Set(n.userIds)].filter((id) => id !== n.actorId);
  if (wanted.length === 0) return { notified: [], emailNow: false };
  const people = await membersWhoCanSee(tx, n.task, { ids: wanted });
  if (people.length === 0) return { notified: [], emailNow: false };
  const occurrence = n.occurrence ?? ((userId: string) => userId);
  const already = new Set(
    (
      await tx.alert.findMany({
        where: { ruleId: null, kind: n.kind, subjectType: n.subjectType, subjectId: n.subjectId, occurrence: { in: people.map((p) => occurrence(p.id)) } },
        select: { occurrence: true },
      })
    ).map((a) => a.occurrence),
  );
  const fresh = people.filter((p) => !already.has(occurrence(p.id)));
  const channels = await channelsFor(tx, n.kind, fresh.map((p) => p.id));
  const href = `/tasks/${n.task.id}`;
  const title = taskTitle(n.task);
  let emailNow = false;
  for (const p of fresh) {
    const alert = await tx.alert.create({
      data: { kind: n.kind, subjectType: n.subjectType, subjectId: n.subjectId, occurrence: occurrence(p.id), userId: n.actorId, taskId: n.task.id, href, severity: "info", message: n.message },
      select: { id: true },
    });
    await tx.alertRecipient.create({ data: { alertId: alert.id, userId: p.id } });
    const status = outboxStatus(channels.get(p.id) ?? "bell_email");
    if (!status) continue;
    emailNow ||= status === "pending";
    await tx.alertEmail.create({
      data: {
        alertId: alert.id,
        userId: p.id,
        toEmail: p.email,
        status,
        subject: `${n.subject}: ${title}`.slice(0, 250),
        body: [`Hello ${p.firstName},`, "", `${n.line} ${title}.`, "", `Open: ${appUrl()}${href}`].join("\n"),
      },
    });
  }
  return { notified: fresh.map((p) => p.id), emailNow };
}

/** "A task is assigned to me": the members newly made the task's assignee or put on its team, told once per assignment. */
export async function notifyAssigned(tx: Prisma.TransactionClient, actorId: string, taskId: string, userIds: readonly (string | null)[]): Promise<{ notified: string[]; emailNow: boolean }> {
  const members = [...new Set(userIds.filter((id): id is string => Boolean(id)))].filter((id) => id !== actorId);
  if (members.length === 0) return { notified: [], emailNow: false };
  const task = await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true } });
  const name = await actorName(tx, actorId);
  // A member assigned, unassigned and assigned again hears of it again: one alert per assignment.
  const at = new Date().toISOString();
  return notifyAboutTask(tx, {
    kind: "assignment",
    actorId,
    task,
    subjectType: "task",
    subjectId: taskId,
    occurrence: (userId) => `${userId}@${at}`,
    userIds: members,
    message: `${name} assigned you a task`,
    subject: `${name} assigned you`,
    line: `${name} assigned you`,
  });
}
