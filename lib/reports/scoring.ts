/**
 * The scoreboard's points, as one pure function (rules in docs/reports.md).
 *
 * A task scores once, in the period of its current completion: the database keeps one
 * completedAt per task (a reopen clears it, completing again sets it), so a reopened task has no
 * points until it is completed again, and a task completed and reopened many times counts once.
 * The reads pass the audit trail's reopen count only so the breakdown can say so.
 *
 * Points of a completed task:
 *   base      = the priority's weight (low 1, normal 2, high 3, critical 5 by default);
 *   on time   = completed on or before the due date's business day (business time zone, via
 *               lib/dates' dateKeyOf): base + onTimeBonusPercent% of base;
 *   late      = latePercent% of base (0..100, so late never goes negative);
 *   checklist = checklistItemPoints per item, at most checklistMaxPoints ("lightly");
 *   pickup    = pickupBonus, to the member who claimed it from Available Tasks (if credited).
 * Credit: the team (task_assignments, plus the single assignee when not already on it). With a
 * lead and others, the lead gets leadSharePercent% and the others split the rest evenly; without
 * a lead (or alone) everyone splits evenly. No member assignee and no team: the completer, unless
 * a vendor was assigned (the vendor did the work). Guard: a task its creator completes within
 * quickCompleteMinutes of creating it, while credited for it, earns nothing for anyone. A
 * completion stamped before the creation (negative duration) is bad data, not speed: not quick.
 * Open items: a task completed with unticked checklist items or unfinished sub-tasks is not an
 * on-time completion: no on-time bonus (the base weight; late stays late), it does not count
 * as on time nor extend a streak, and only the ticked items earn checklist points.
 * Contractors and volunteers (memberType) are dropped when the settings exclude them; their
 * share is not handed to the others.
 */
import { SCOREBOARD_SETTINGS_DEFAULTS, type ScoreboardSettingsInput } from "@/lib/validations/reports";
import { BUSINESS_TIME_ZONE, dateKeyOf } from "@/lib/dates";

export type Priority = "low" | "normal" | "high" | "critical";
export type MemberType = "employee" | "contractor" | "volunteer";

export interface ScoringSettings {
  weights: Record<Priority, number>;
  onTimeBonusPercent: number;
  latePercent: number;
  pickupBonus: number;
  checklistItemPoints: number;
  checklistMaxPoints: number;
  leadSharePercent: number;
  quickCompleteMinutes: number;
  excludeContractors: boolean;
  excludeVolunteers: boolean;
}

/** The stored settings (what admins edit) as the scoring function reads them. */
export function toScoringSettings(s: ScoreboardSettingsInput): ScoringSettings {
  return {
    weights: { low: s.weightLow, normal: s.weightNormal, high: s.weightHigh, critical: s.weightCritical },
    onTimeBonusPercent: s.onTimeBonusPercent,
    latePercent: s.latePercent,
    pickupBonus: s.pickupBonus,
    checklistItemPoints: s.checklistItemPoints,
    checklistMaxPoints: s.checklistMaxPoints,
    leadSharePercent: s.leadSharePercent,
    quickCompleteMinutes: s.quickCompleteMinutes,
    excludeContractors: s.excludeContractors,
    excludeVolunteers: s.excludeVolunteers,
  };
}

export const DEFAULT_SCORING: ScoringSettings = toScoringSettings(SCOREBOARD_SETTINGS_DEFAULTS);

export interface ScoredTask {
  id: string;
  status: string;
  priority: Priority;
  createdAt: Date;
  dueDate: Date;
  completedAt: Date | null;
  createdById: string;
  completedById: string | null;
  assigneeId: string | null;
  vendorId: string | null;
  team: Array<{ userId: string; isLead: boolean }>;
  checklistCount: number;
  /** Unticked checklist items (of checklistCount) and unfinished sub-tasks, as the task stands completed. */
  openChecklistItems?: number;
  openSubTasks?: number;
  /** Who claimed it from Available Tasks (audit "task.claim"), if anyone. */
  claimedById: string | null;
  /** Times it was reopened (audit trail); display only. */
  reopenCount?: number;
}

export interface ScoringMember {
  id: string;
  memberType: MemberType;
}

export type NoPointsReason = "quick-complete";

/** One member's credit for one task. */
export interface TaskCredit {
  taskId: string;
  userId: string;
  /** Total for this member: (base ± timeliness + checklist) × share + pickup. */
  points: number;
  basePoints: number;
  onTime: boolean;
  checklistPoints: number;
  pickupPoints: number;
  /** This member's fraction of the task's points (team split). */
  share: number;
  isLead: boolean;
  reason: NoPointsReason | null;
}

const round = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Whether a completion is on time: its business day is on or before the due date's. */
export function isOnTime(completedAt: Date, dueDate: Date, timeZone = BUSINESS_TIME_ZONE): boolean {
  return dateKeyOf(completedAt, timeZone) <= dateKeyOf(dueDate, timeZone);
}

/** Who shares a task's points, with each one's fraction. */
export function creditShares(task: Pick<ScoredTask, "team" | "assigneeId" | "vendorId" | "completedById">, leadSharePercent: number): Array<{ userId: string; share: number; isLead: boolean }> {
  const people = new Map<string, boolean>();
  for (const member of task.team) people.set(member.userId, member.isLead || (people.get(member.userId) ?? false));
  if (task.assigneeId && !people.has(task.assigneeId)) people.set(task.assigneeId, false);
  if (people.size === 0) {
    if (task.vendorId || !task.completedById) return [];
    return [{ userId: task.completedById, share: 1, isLead: false }];
  }
  const entries = [...people.entries()];
  const lead = entries.find(([, isLead]) => isLead);
  if (!lead || entries.length === 1) return entries.map(([userId, isLead]) => ({ userId, share: 1 / entries.length, isLead }));
  const leadShare = clamp(leadSharePercent, 0, 100) / 100;
  const others = entries.filter(([userId]) => userId !== lead[0]);
  return [{ userId: lead[0], share: leadShare, isLead: true }, ...others.map(([userId]) => ({ userId, share: (1 - leadShare) / others.length, isLead: false }))];
}

function excluded(member: ScoringMember | undefined, settings: ScoringSettings): boolean {
  if (!member) return true;
  return (settings.excludeContractors && member.memberType === "contractor") || (settings.excludeVolunteers && member.memberType === "volunteer");
}

/** Every member's credit for every completed task, in input order. */
export function scoreTasks(tasks: ScoredTask[], members: Map<string, ScoringMember>, settings: ScoringSettings = DEFAULT_SCORING, timeZone = BUSINESS_TIME_ZONE): TaskCredit[] {
  const credits: TaskCredit[] = [];
  const seen = new Set<string>();
  for (const task of tasks) {
    if (task.status !== "completed" || !task.completedAt || seen.has(task.id)) continue;
    seen.add(task.id);
    const shares = creditShares(task, settings.leadSharePercent);
    if (shares.length === 0) continue;
    const weight = Math.max(0, settings.weights[task.priority] ?? 0);
    const openItems = Math.max(0, task.openChecklistItems ?? 0);
    const withOpenItems = openItems + Math.max(0, task.openSubTasks ?? 0) > 0;
    const byDate = isOnTime(task.completedAt, task.dueDate, timeZone);
    const onTime = byDate && !withOpenItems;
    const basePoints = onTime
      ? weight * (1 + Math.max(0, settings.onTimeBonusPercent) / 100)
      : byDate
        ? weight
        : (weight * clamp(settings.latePercent, 0, 100)) / 100;
    const ticked = Math.max(0, task.checklistCount - openItems);
    const checklistPoints = Math.min(ticked * Math.max(0, settings.checklistItemPoints), Math.max(0, settings.checklistMaxPoints));
    const duration = task.completedAt.getTime() - task.createdAt.getTime();
    const quick = shares.some((s) => s.userId === task.createdById) && duration >= 0 && duration < Math.max(0, settings.quickCompleteMinutes) * 60_000;
    for (const share of shares) {
      if (excluded(members.get(share.userId), settings)) continue;
      const pickupPoints = !quick && task.claimedById === share.userId ? Math.max(0, settings.pickupBonus) : 0;
      const points = quick ? 0 : (basePoints + checklistPoints) * share.share + pickupPoints;
      credits.push({
        taskId: task.id,
        userId: share.userId,
        points: round(points),
        basePoints: round(basePoints),
        onTime,
        checklistPoints: round(checklistPoints),
        pickupPoints: round(pickupPoints),
        share: round(share.share),
        isLead: share.isLead,
        reason: quick ? "quick-complete" : null,
      });
    }
  }
  return credits;
}

export interface MemberTotal {
  userId: string;
  name: string;
  points: number;
  tasks: number;
  onTime: number;
  pickups: number;
}

export interface Ranked<T> {
  rank: number;
  row: T;
}

/**
 * Competition ranking ("1, 1, 3"): equal points share a rank (a tie is a tie, no hidden
 * tie-breaker); equals are listed by `label` so the order is stable.
 */
export function rank<T extends { points: number }>(rows: T[], label: (row: T) => string): Ranked<T>[] {
  const sorted = [...rows].sort((a, b) => b.points - a.points || label(a).localeCompare(label(b)));
  const out: Ranked<T>[] = [];
  sorted.forEach((row, i) => {
    const prev = out[i - 1];
    out.push({ rank: prev && prev.row.points === row.points ? prev.rank : i + 1, row });
  });
  return out;
}

/** Sums credits per member (only members in `names`). */
export function totalsByMember(credits: TaskCredit[], names: Map<string, string>): MemberTotal[] {
  const totals = new Map<string, MemberTotal>();
  for (const c of credits) {
    const name = names.get(c.userId);
    if (name === undefined) continue;
    const t = totals.get(c.userId) ?? { userId: c.userId, name, points: 0, tasks: 0, onTime: 0, pickups: 0 };
    t.points = round(t.points + c.points);
    t.tasks += 1;
    if (c.onTime && !c.reason) t.onTime += 1;
    if (c.pickupPoints > 0) t.pickups += 1;
    totals.set(c.userId, t);
  }
  return [...totals.values()];
}

/** The longest run of consecutive on-time completions among credits ordered by completion. */
export function longestOnTimeStreak(ordered: Array<Pick<TaskCredit, "onTime" | "reason">>): number {
  let best = 0;
  let run = 0;
  for (const c of ordered) {
    run = c.onTime && !c.reason ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}
