import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { forbidden, notFound } from "@/lib/http/app-error";
import { periodRange } from "@/lib/reports/period";
import { scoreTasks, toScoringSettings } from "@/lib/reports/scoring";
import { isTaskVisible } from "@/lib/services/visibility/tasks";
import { isUuid } from "@/lib/validations/ids";
import type { ScoreboardPeriod } from "@/lib/reports/options";
import { loadScoredTasks, loadScoringPeople } from "./load-scored-tasks";
import { namesVisibleTo } from "./get-scoreboard";
import type { BreakdownTask, MemberBreakdown } from "@/lib/validations/reports";
import { getScoreboardSettings } from "./scoreboard-settings";

export const MEMBER_NOT_FOUND = "Member not found";
export const OWN_BREAKDOWN_ONLY = "You may see only your own breakdown";

/** The tasks that made a member's points in a period, with the points of each. */
export async function getMemberBreakdown(caller: Caller, userId: string, period: ScoreboardPeriod, now = new Date()): Promise<MemberBreakdown> {
  if (!isUuid(userId)) throw notFound(MEMBER_NOT_FOUND);
  const stored = await getScoreboardSettings();
  if (userId !== caller.userId && !namesVisibleTo(caller, stored.staffSeeNames)) throw forbidden(OWN_BREAKDOWN_ONLY);
  const settings = toScoringSettings(stored);
  const range = periodRange(period, now);
  const tasks = await loadScoredTasks(range, userId);
  const people = await loadScoringPeople([userId]);
  const member = people.members.get(userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  const excluded = (settings.excludeContractors && member.memberType === "contractor") || (settings.excludeVolunteers && member.memberType === "volunteer");
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const credits = scoreTasks(tasks, people.members, settings).filter((c) => c.userId === userId);
  const rows: BreakdownTask[] = credits.map((c) => {
    const t = byId.get(c.taskId)!;
    const visible = isTaskVisible(caller, t);
    return {
      taskId: visible ? t.id : null,
      displayNumber: visible ? t.displayNumber : null,
      title: visible ? t.title : null,
      hidden: !visible,
      priority: t.priority,
      completedAt: t.completedAt!.toISOString(),
      dueDate: t.dueDate.toISOString(),
      onTime: c.onTime,
      basePoints: c.basePoints,
      share: c.share,
      isLead: c.isLead,
      checklistPoints: c.checklistPoints,
      pickupPoints: c.pickupPoints,
      points: c.points,
      reason: c.reason,
      reopenCount: t.reopenCount ?? 0,
    };
  });
  rows.sort((a, b) => b.points - a.points || a.completedAt.localeCompare(b.completedAt));
  return {
    userId,
    name: people.names.get(userId) ?? "",
    period,
    points: Math.round(rows.reduce((sum, r) => sum + r.points, 0) * 100) / 100,
    excluded,
    tasks: rows,
  };
}
