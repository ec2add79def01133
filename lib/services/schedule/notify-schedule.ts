import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appUrl } from "@/lib/services/mail/mailer";
import { outboxStatus } from "@/lib/services/notifications/notify";
import { channelsFor } from "@/lib/services/notifications/preferences";

/**
 * A schedule notification to some members (docs/schedules.md "Notifications"): in the bell,
 * and by e-mail now, in the hourly digest or not at all as each member chose for the kind
 * "schedule". One per member and subject (a publication, a change): a retry tells nobody twice.
 */
export interface ScheduleMessage {
  userId: string;
  /** The bell's line: "Ana Lee published your shifts". */
  message: string;
  /** The e-mail's subject. */
  subject: string;
  /** The shifts, one line each. */
  lines: string[];
}

export async function notifySchedule(
  tx: Prisma.TransactionClient,
  actorId: string,
  subject: { type: "publication" | "shift" | "time_off_request" | "time_off_decision" | "swap" | "availability_change" | "availability_decision" | "availability_withdrawal"; id: string },
  messages: ScheduleMessage[],
  href = "/schedule/me",
): Promise<{ notified: number; emailNow: boolean }> {
  const wanted = messages.filter((m) => m.userId !== actorId);
  if (wanted.length === 0) return { notified: 0, emailNow: false };
  const people = await tx.user.findMany({ where: { id: { in: wanted.map((m) => m.userId) }, isActive: true }, select: { id: true, email: true, firstName: true } });
  const byId = new Map(people.map((p) => [p.id, p]));
  const channels = await channelsFor(tx, "schedule", people.map((p) => p.id));
  const already = new Set(
    (
      await tx.alert.findMany({
        where: { ruleId: null, kind: "schedule", subjectType: subject.type, subjectId: subject.id, occurrence: { in: wanted.map((m) => m.userId) } },
        select: { occurrence: true },
      })
    ).map((a) => a.occurrence),
  );
  let emailNow = false;
  let notified = 0;
  for (const m of wanted) {
    const person = byId.get(m.userId);
    if (!person || already.has(m.userId)) continue;
    const alert = await tx.alert.create({
      data: { kind: "schedule", subjectType: subject.type, subjectId: subject.id, occurrence: m.userId, userId: m.userId, href, severity: "info", message: m.message.slice(0, 500) },
      select: { id: true },
    });
    notified++;
    await tx.alertRecipient.create({ data: { alertId: alert.id, userId: m.userId } });
    const status = outboxStatus(channels.get(m.userId) ?? "bell_email");
    if (!status) continue;
    emailNow ||= status === "pending";
    await tx.alertEmail.create({
      data: {
        alertId: alert.id,
        userId: m.userId,
        toEmail: person.email,
        status,
        subject: m.subject.slice(0, 250),
        body: [`Hello ${person.firstName},`, "", `${m.message}:`, "", ...m.lines.map((l) => `- ${l}`), "", `Open: ${appUrl()}${href}`].join("\n"),
      },
    });
  }
  return { notified, emailNow };
}
