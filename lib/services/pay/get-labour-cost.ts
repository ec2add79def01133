import "server-only";
import { labourCostAnswer } from "@/lib/cache/labour-cost-cache";
import { BUSINESS_TIME_ZONE, WEEK_STARTS_ON, weekStart, type DateKey } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { roundCents } from "@/lib/money";
import type { labourCostQuerySchema, LabourCostAnswer } from "@/lib/validations/pay";
import type { z } from "zod";
import { costRange, membersWithTime, rangeTotals, type TaskPart } from "./labour-cost-core";
import { resolveCostRange } from "./cost-range";

const NO_GROUP_LABEL = {
  department: "Not clocked into a task, and paid time off",
  project: "No project (other tasks, time on no task, paid time off)",
  run: "No process run (other tasks, time on no task, paid time off)",
  case: "No memorial case (other tasks, time on no task, paid time off)",
} as const;

/**
 * GET /api/labour-cost: the range's labour cost grouped by member, or by the department, project,
 * process run or memorial case of the tasks the minutes were clocked into. The groups of a task
 * grouping plus their "no group" line add up to the member grouping's total: every worked and
 * paid-time-off minute is counted once. Each figure is rounded once, from its unrounded sum.
 */
export async function getLabourCost(query: z.output<typeof labourCostQuerySchema>, now = new Date()): Promise<LabourCostAnswer> {
  const { from, to } = await resolveCostRange(query, now);
  // A range already over is kept per process until a change could alter it (lib/cache/labour-cost-cache.ts).
  const window = rangeInstants(weekStart(from, WEEK_STARTS_ON), to, BUSINESS_TIME_ZONE);
  return labourCostAnswer(`${query.by}|${from}|${to}`, window, now, () => readLabourCost(query.by, from, to, now));
}

async function readLabourCost(by: LabourCostAnswer["by"], from: DateKey, to: DateKey, now: Date): Promise<LabourCostAnswer> {
  const userIds = await membersWithTime(from, to);
  const range = await costRange(userIds, from, to, now);
  const totals = rangeTotals(range);
  const groups: { id: string | null; label: string; minutes: number; cents: number }[] = [];

  if (by === "member") {
    const members = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true } });
    const nameOf = new Map(members.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim()]));
    for (const [userId, mine] of range.days) {
      let cents = 0;
      let minutes = 0;
      for (const d of mine.values()) {
        cents += d.cost.cents;
        minutes += d.minutes.regularMinutes + d.minutes.overtimeMinutes + (d.minutes.doubleTimeMinutes ?? 0) + (d.minutes.ptoMinutes ?? 0) + (d.minutes.premiumMinutes ?? 0);
      }
      groups.push({ id: userId, label: nameOf.get(userId) ?? "Unknown member", minutes, cents });
    }
  } else {
    const keyOf = (t: TaskPart["task"]): string | null => (by === "department" ? t.unitId : by === "project" ? t.projectId : t.processRunId);
    const sums = new Map<string, { minutes: number; cents: number }>();
    for (const part of range.tasks) {
      const key = keyOf(part.task);
      if (!key) continue;
      const sum = sums.get(key) ?? { minutes: 0, cents: 0 };
      sum.minutes += part.minutes;
      sum.cents += part.cents;
      sums.set(key, sum);
    }
    const ids = [...sums.keys()];
    const labels = await labelsOf(by, ids);
    let groupedCents = 0;
    let groupedMinutes = 0;
    for (const [id, sum] of sums) {
      const label = labels.get(id);
      if (by === "case" && !label) continue; // a run that belongs to no case
      groups.push({ id: by === "case" ? label!.caseId! : id, label: label?.name ?? "Unknown", ...sum });
      groupedCents += sum.cents;
      groupedMinutes += sum.minutes;
    }
    const rest = { id: null, label: NO_GROUP_LABEL[by], minutes: totals.minutes - groupedMinutes, cents: totals.cents - groupedCents };
    if (rest.minutes > 1e-9 || Math.abs(rest.cents) > 1e-9) groups.push(rest);
  }
  groups.sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : b.cents - a.cents || a.label.localeCompare(b.label)));
  return {
    range: { from, to },
    by: by,
    groups: groups.map((g) => ({ id: g.id, label: g.label, minutes: g.minutes, cents: roundCents(g.cents) })),
    totalCents: roundCents(totals.cents),
    totalMinutes: totals.minutes,
    unratedMinutes: totals.unratedMinutes,
  };
}

async function labelsOf(by: "department" | "project" | "run" | "case", ids: string[]): Promise<Map<string, { name: string; caseId?: string }>> {
  if (ids.length === 0) return new Map();
  if (by === "department") {
    const rows = await db.organizationalUnit.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, { name: r.name }]));
  }
  if (by === "project") {
    const rows = await db.project.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, { name: r.name }]));
  }
  if (by === "run") {
    const rows = await db.processRun.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, { name: r.name }]));
  }
  const rows = await db.memorialCase.findMany({ where: { processRunId: { in: ids } }, select: { id: true, number: true, petName: true, processRunId: true } });
  return new Map(rows.map((r) => [r.processRunId!, { name: `${r.number} · ${r.petName}`, caseId: r.id }]));
}
