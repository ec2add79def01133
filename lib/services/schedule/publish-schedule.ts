import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import type { publishResultSchema } from "@/lib/schedule/contracts";
import { shiftLine } from "@/lib/schedule/format";
import type { PublishScheduleInput } from "@/lib/validations/schedule";
import { memberRef, recordWebhookEvent, requestWebhookDelivery } from "@/lib/services/webhooks/record-event";
import { notifySchedule, type ScheduleMessage } from "./notify-schedule";
import { assertSchedulesUnit, scheduledShiftsWhere } from "./scope";
import { assertUnitExists } from "./shift-rules";
import { memberName, postNames, shiftSelect, snapshot, toShift } from "./shift-shape";

/**
 * POST /api/schedule/publish: every draft that starts in the days `from`–`to` (business zone)
 * of the departments the caller plans becomes published, in one transaction; each member with
 * shifts among them gets ONE notification listing them. The drafts are locked (FOR UPDATE)
 * first, so an edit racing the publication either lands before it (and is published) or waits
 * and then edits a published shift (and tells the member). Publishing again publishes nothing.
 */
export async function publishSchedule(caller: Caller, input: PublishScheduleInput): Promise<z.output<typeof publishResultSchema>> {
  if (input.unitId) {
    await assertUnitExists(db, input.unitId);
    await assertSchedulesUnit(caller, input.unitId);
  }
  const { startsAt, endsAt } = rangeInstants(input.from, input.to);
  const scope = await scheduledShiftsWhere(caller);
  const publication = randomUUID();
  const { published, notified, emailNow } = await db.$transaction(async (tx) => {
    const candidates = await tx.shift.findMany({
      where: { AND: [scope, { status: "draft", startsAt: { gte: startsAt, lt: endsAt } }, input.unitId ? { unitId: input.unitId } : {}] },
      select: { id: true },
    });
    if (candidates.length === 0) return { published: 0, notified: 0, emailNow: false };
    const ids = candidates.map((c) => c.id);
    await tx.$queryRaw`SELECT id FROM shifts WHERE id = ANY(${ids}::uuid[]) FOR UPDATE`;
    const now = new Date();
    const rows = await tx.shift.findMany({ where: { id: { in: ids }, status: "draft" }, orderBy: [{ startsAt: "asc" }, { id: "asc" }], select: shiftSelect });
    await tx.shift.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { status: "published", publishedAt: now } });
    await tx.shiftChange.createMany({
      data: rows.map((r) => ({ shiftId: r.id, actorId: caller.userId, action: "published", before: snapshot(r) as object, after: { ...snapshot(r), status: "published" } })),
    });
    const posts = await postNames(tx, rows.map((r) => r.punchLocation));
    const byMember = new Map<string, string[]>();
    for (const r of rows) {
      if (!r.userId) continue;
      const place = r.punchLocation ? (posts.get(r.punchLocation) ?? r.punchLocation) : null;
      byMember.set(r.userId, [...(byMember.get(r.userId) ?? []), shiftLine({ ...r, placeName: place })]);
    }
    const name = memberName(caller);
    const messages: ScheduleMessage[] = [...byMember].map(([userId, lines]) => ({
      userId,
      message: `${name} published your schedule: ${lines.length} ${lines.length === 1 ? "shift" : "shifts"}`,
      subject: "Your schedule is published",
      lines,
    }));
    const told = await notifySchedule(tx, caller.userId, { type: "publication", id: publication }, messages);
    await recordWebhookEvent(tx, "shift.published", async () => ({
      publicationId: publication, publishedBy: await memberRef(tx, caller.userId), from: input.from, to: input.to, unitId: input.unitId ?? null,
      shifts: rows.map((r) => toShift({ ...r, status: "published", publishedAt: now }, posts)),
    }));
    return { published: rows.length, notified: told.notified, emailNow: told.emailNow };
  });
  if (emailNow) requestAlertMail();
  requestWebhookDelivery();
  return { published, notified };
}
