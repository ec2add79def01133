import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE, WEEK_STARTS_ON, dateColumnOf, weekStart } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { BreakWaiverInput } from "@/lib/validations/time";
import { loadRuleContext } from "./figures";
import { loadPunches } from "./load-time";
import { assertNotLocked } from "./locks";
import { getTimePolicy } from "./policy";

export const NO_BREAK_ISSUE = (kind: string, date: string) => `There is no missed, short or late ${kind} break on ${date} to waive.`;
export const ALREADY_WAIVED = (kind: string, date: string) => `The ${kind} break of ${date} is already waived.`;

/**
 * POST /api/admin/time/break-waivers: an admin waives a member's missed-break premium of one day and
 * kind, with a reason. Refused (409) in a locked pay period (its figures are stored), when the day
 * has no problem of that kind under its rules, or when it is already waived. Audited.
 */
export async function waiveBreak(caller: Pick<Caller, "userId" | "role">, input: BreakWaiverInput) {
  return db.$transaction(async (tx) => {
    const member = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true } });
    if (!member) throw notFound("Member not found");
    const timeZone = BUSINESS_TIME_ZONE;
    const day = rangeInstants(input.date, input.date, timeZone);
    await assertNotLocked(tx, input.userId, day.startsAt, day.endsAt, caller);

    const window = rangeInstants(weekStart(input.date, WEEK_STARTS_ON), input.date, timeZone);
    const policy = await getTimePolicy(tx);
    const rules = await loadRuleContext([input.userId], input.date, input.date, tx);
    const punches = await loadPunches([input.userId], window.startsAt, window.endsAt, tx);
    const figures = rules.figuresOf(input.userId, punches, policy, { timeZone, weekStartsOn: WEEK_STARTS_ON, now: new Date() }, { start: input.date, end: input.date });
    const issues = figures.breakIssues.filter((i) => i.kind === input.kind);
    if (issues.length === 0) throw conflict(NO_BREAK_ISSUE(input.kind, input.date));
    if (issues.some((i) => i.waiver)) throw conflict(ALREADY_WAIVED(input.kind, input.date));

    const row = await tx.breakWaiver.create({
      data: { userId: input.userId, day: dateColumnOf(input.date), kind: input.kind, reason: input.reason, waivedById: caller.userId },
      include: { waivedBy: { select: { firstName: true, lastName: true } } },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "time.break.waive",
      entityType: "user",
      entityId: input.userId,
      after: { date: input.date, kind: input.kind, reason: input.reason, issues: issues.map((i) => ({ index: i.index, problem: i.problem })), premiumMinutesBefore: figures.totals.premiumMinutes },
    });
    return {
      id: row.id,
      userId: row.userId,
      date: input.date,
      kind: input.kind,
      reason: row.reason,
      waivedBy: `${row.waivedBy.firstName} ${row.waivedBy.lastName}`.trim(),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
