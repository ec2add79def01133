import "server-only";
import { dateColumnOf, dateKeyOfDateColumn, type DateKey } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  computeDays,
  dayOf,
  sumDays,
  type CalcContext,
  type DayTotals,
  type PayPeriod,
  type PunchInput,
  type RangeTotals,
  type RuleOptions,
  type TimePolicyValues,
} from "@/lib/time/calc";
import { DEFAULT_PRESET, PRESETS, isPresetId, type BreakIssue, type BreakKind, type PresetId } from "@/lib/time/rules";

type Client = Prisma.TransactionClient | typeof db;

/** A break issue as the time card shows it: its day and the waiver an admin gave, if any. */
export interface BreakIssueRow extends BreakIssue {
  date: DateKey;
  waiver: { id: string; reason: string; by: string; at: string } | null;
}

/** One member's computed figures of a pay period: what the time card shows and a lock stores. */
export interface MemberFigures {
  jurisdiction: PresetId;
  days: { date: DateKey; workedMs: number; regularMs: number; overtimeMs: number; doubleTimeMinutes: number; premiumMinutes: number }[];
  totals: RangeTotals;
  breakIssues: BreakIssueRow[];
}

interface Waiver {
  id: string;
  reason: string;
  by: string;
  at: string;
}

/**
 * Where the rules come from (docs/time.md "Where the rules are set"): a day worked at a punch post
 * with a preset follows that post (the first punch of the day decides); otherwise the member's
 * department with a preset (the first by name when two have one); otherwise the organization's.
 */
export interface RuleContext {
  organization: PresetId;
  memberPreset(userId: string): PresetId;
  /** The rules and waivers of one member's days, for computeDays. */
  optionsOf(userId: string, punches: readonly (PunchInput & { inLocation: string })[], timeZone: string): RuleOptions;
  figuresOf(userId: string, punches: readonly (PunchInput & { inLocation: string })[], policy: TimePolicyValues, ctx: CalcContext, period: PayPeriod): MemberFigures;
}

/** Loads the presets, overrides and waivers the figures of `userIds` need, over [from, to]. */
export async function loadRuleContext(userIds: readonly string[], from: DateKey, to: DateKey, client: Client = db): Promise<RuleContext> {
  // With a transaction as `client`, Prisma runs these in turn on its one connection.
  const [policy, units, posts, waivers] = await Promise.all([
    client.timePolicy.findUnique({ where: { id: "default" }, select: { jurisdiction: true } }),
    client.unitMembership.findMany({
      where: { userId: { in: [...userIds] }, unit: { jurisdiction: { not: null } } },
      select: { userId: true, unit: { select: { name: true, id: true, jurisdiction: true } } },
    }),
    client.punchStation.findMany({ where: { jurisdiction: { not: null } }, select: { location: true, jurisdiction: true } }),
    client.breakWaiver.findMany({
      where: { userId: { in: [...userIds] }, day: { gte: dateColumnOf(from), lte: dateColumnOf(to) } },
      select: { id: true, userId: true, day: true, kind: true, reason: true, createdAt: true, waivedBy: { select: { firstName: true, lastName: true } } },
    }),
  ]);
  const organization: PresetId = isPresetId(policy?.jurisdiction) ? policy.jurisdiction : DEFAULT_PRESET;
  const unitPreset = new Map<string, PresetId>();
  for (const m of [...units].sort((a, b) => a.unit.name.localeCompare(b.unit.name) || a.unit.id.localeCompare(b.unit.id))) {
    if (!unitPreset.has(m.userId) && isPresetId(m.unit.jurisdiction)) unitPreset.set(m.userId, m.unit.jurisdiction);
  }
  const postPreset = new Map(posts.filter((p) => isPresetId(p.jurisdiction)).map((p) => [p.location, p.jurisdiction as PresetId]));
  const waived = new Map<string, Map<DateKey, Map<BreakKind, Waiver>>>();
  for (const w of waivers) {
    const byDay = waived.get(w.userId) ?? new Map<DateKey, Map<BreakKind, Waiver>>();
    const date = dateKeyOfDateColumn(w.day);
    const kinds = byDay.get(date) ?? new Map<BreakKind, Waiver>();
    kinds.set(w.kind as BreakKind, { id: w.id, reason: w.reason, by: `${w.waivedBy.firstName} ${w.waivedBy.lastName}`.trim(), at: w.createdAt.toISOString() });
    byDay.set(date, kinds);
    waived.set(w.userId, byDay);
  }
  const memberPreset = (userId: string) => unitPreset.get(userId) ?? organization;

  const optionsOf = (userId: string, punches: readonly (PunchInput & { inLocation: string })[], timeZone: string): RuleOptions => {
    const own = memberPreset(userId);
    // The first punch of each day decides the day's post.
    const dayPost = new Map<DateKey, PresetId>();
    for (const p of [...punches].sort((a, b) => a.punchInAt.getTime() - b.punchInAt.getTime())) {
      const day = dayOf(p.punchInAt, timeZone);
      if (!dayPost.has(day)) dayPost.set(day, postPreset.get(p.inLocation) ?? own);
    }
    const mine = waived.get(userId);
    return {
      rulesOf: (date) => PRESETS[dayPost.get(date) ?? own],
      waivedOf: (date) => new Set(mine?.get(date)?.keys() ?? []),
    };
  };

  return {
    organization,
    memberPreset,
    optionsOf,
    figuresOf(userId, punches, policy, ctx, period) {
      const own = memberPreset(userId);
      const mine = waived.get(userId);
      const days: DayTotals[] = computeDays(punches, policy, ctx, period.start, period.end, optionsOf(userId, punches, ctx.timeZone));
      return {
        jurisdiction: own,
        days: days.map((d) => ({
          date: d.date,
          workedMs: d.workedMs,
          regularMs: d.regularMs,
          overtimeMs: d.overtimeMs,
          doubleTimeMinutes: d.doubleTimeMinutes,
          premiumMinutes: d.premiumMinutes,
        })),
        totals: sumDays(days),
        breakIssues: days.flatMap((d) => d.breakIssues.map((issue) => ({ ...issue, date: d.date, waiver: mine?.get(d.date)?.get(issue.kind) ?? null }))),
      };
    },
  };
}

/** Stored figures of a locked period, as written by lockPeriod (null when absent or of another shape). */
export function storedFiguresOf(value: unknown): MemberFigures | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<MemberFigures>;
  if (!isPresetId(v.jurisdiction) || !Array.isArray(v.days) || !v.totals || !Array.isArray(v.breakIssues)) return null;
  return v as MemberFigures;
}
