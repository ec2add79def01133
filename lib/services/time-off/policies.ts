import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE, businessToday, dateColumnOf, dateKeyOfDateColumn, WEEK_STARTS_ON } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, notFound } from "@/lib/http/app-error";
import { loadPunches } from "@/lib/services/time/load-time";
import { getTimePolicy } from "@/lib/services/time/policy";
import { computeDays, sumDays } from "@/lib/time/calc";
import type { myLedgerSchema, policyRunSchema, timeOffPoliciesSchema, timeOffPolicySchema, TimeOffPolicyInput } from "@/lib/validations/time-off";
import { hoursOf } from "./shape";

/**
 * Time-off policies (docs/schedules.md "Policies"): per paid type, a yearly grant or accrual per
 * hour worked, a carry-over cap and a start day. Every row they write is a ledger row with a
 * period key, unique per member, type and kind, so the job can run again and again and a lock
 * hook racing it writes nothing twice (INSERT … ON CONFLICT DO NOTHING).
 *
 * - accrual: from LOCKED pay periods only (pay_period_locks with locked_at and no unlocked_at),
 *   floor(worked minutes × accrual ÷ per worked) per period; the row's "who" is the one who
 *   locked the period. A period unlocked again keeps what it accrued (an admin adjusts).
 * - yearly grant: the yearly hours on Jan 1 (from the start day's year on; the first year on the
 *   start day), to every active member; "who" is the admin who set the policy.
 * - carry-over cap: on Jan 1, the balance of the rows of earlier years above the cap is taken
 *   away (an `adjustment` keyed by the year).
 */

type PolicyRow = Prisma.TimeOffPolicyGetPayload<{ include: { type: { select: { name: true } } } }>;

function toPolicy(p: PolicyRow): z.output<typeof timeOffPolicySchema> {
  return {
    typeId: p.typeId,
    typeName: p.type.name,
    method: p.method,
    yearlyHours: p.yearlyMinutes === null ? null : hoursOf(p.yearlyMinutes),
    accrualHours: p.accrualMinutes === null ? null : hoursOf(p.accrualMinutes),
    perHoursWorked: p.perWorkedMinutes === null ? null : hoursOf(p.perWorkedMinutes),
    carryOverCapHours: p.carryOverCapMinutes === null ? null : hoursOf(p.carryOverCapMinutes),
    startDay: dateKeyOfDateColumn(p.startDay),
  };
}

/** GET /api/time-off/policies: every paid type with its policy (or none). */
export async function getPolicies(): Promise<z.output<typeof timeOffPoliciesSchema>> {
  const types = await db.timeOffType.findMany({
    where: { paid: true },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    include: { policy: { include: { type: { select: { name: true } } } } },
  });
  return { types: types.map((t) => ({ typeId: t.id, typeName: t.name, policy: t.policy ? toPolicy(t.policy) : null })) };
}

const minutes = (h: number | null | undefined) => (h === null || h === undefined ? null : Math.round(h * 60));

/** PUT /api/time-off/policies/[typeId]: sets a paid type's policy (from now on; written rows stay). */
export async function setPolicy(caller: Caller, typeId: string, input: TimeOffPolicyInput): Promise<z.output<typeof timeOffPolicySchema>> {
  const type = await db.timeOffType.findUnique({ where: { id: typeId }, select: { paid: true } });
  if (!type) throw notFound("Time-off type not found");
  if (!type.paid) throw badRequest("method: an unpaid type has no balance, so no policy", { field: "method" });
  const accrual = input.method === "accrual";
  const data = {
    method: input.method,
    yearlyMinutes: accrual ? null : minutes(input.yearlyHours),
    accrualMinutes: accrual ? minutes(input.accrualHours) : null,
    perWorkedMinutes: accrual ? minutes(input.perHoursWorked) : null,
    carryOverCapMinutes: minutes(input.carryOverCapHours),
    startDay: dateColumnOf(input.startDay),
    updatedById: caller.userId,
  };
  const row = await db.timeOffPolicy.upsert({ where: { typeId }, create: { typeId, ...data }, update: data, include: { type: { select: { name: true } } } });
  return toPolicy(row);
}

interface MissingAccrual {
  user_id: string;
  type_id: string;
  period_start: Date;
  period_end: Date;
  locked_by_id: string;
  accrual_minutes: number;
  per_worked_minutes: number;
}

/**
 * Writes the accrual of every locked pay period that has none yet (optionally only some members
 * or one period: the lock's hook). Returns how many rows it wrote.
 */
export async function accrueLockedPeriods(only: { userIds?: string[]; periodStart?: string } = {}): Promise<number> {
  const missing = await db.$queryRaw<MissingAccrual[]>`
    SELECT l.user_id, p.type_id, l.period_start, l.period_end, l.locked_by_id, p.accrual_minutes, p.per_worked_minutes
      FROM pay_period_locks l
      JOIN time_off_policies p ON p.method = 'accrual' AND l.period_start >= p.start_day
      JOIN time_off_types t ON t.id = p.type_id AND t.paid AND t.active
     WHERE l.locked_at IS NOT NULL AND l.unlocked_at IS NULL AND l.locked_by_id IS NOT NULL
       ${only.userIds ? Prisma.sql`AND l.user_id = ANY(${only.userIds}::uuid[])` : Prisma.empty}
       ${only.periodStart ? Prisma.sql`AND l.period_start = ${only.periodStart}::date` : Prisma.empty}
       AND NOT EXISTS (SELECT 1 FROM time_off_ledger x
                        WHERE x.user_id = l.user_id AND x.type_id = p.type_id AND x.kind = 'accrual' AND x.period_start = l.period_start)
     ORDER BY l.period_start, l.user_id
     LIMIT 5000`;
  if (missing.length === 0) return 0;
  const policy = await getTimePolicy();
  let written = 0;
  // One punch query per pay period, whatever the head count.
  for (const group of Map.groupBy(missing, (m) => dateKeyOfDateColumn(m.period_start)).values()) {
    const start = dateKeyOfDateColumn(group[0].period_start);
    const end = dateKeyOfDateColumn(group[0].period_end);
    const window = rangeInstants(start, end);
    const punches = Map.groupBy(await loadPunches([...new Set(group.map((g) => g.user_id))], window.startsAt, window.endsAt), (p) => p.userId);
    const rows: Prisma.TimeOffLedgerEntryCreateManyInput[] = [];
    for (const m of group) {
      const totals = sumDays(computeDays(punches.get(m.user_id) ?? [], policy, { timeZone: BUSINESS_TIME_ZONE, weekStartsOn: WEEK_STARTS_ON, now: window.endsAt }, start, end));
      const worked = Math.floor((totals.regularMs + totals.overtimeMs) / 60_000);
      const earned = Math.floor((worked * m.accrual_minutes) / m.per_worked_minutes);
      if (earned <= 0) continue;
      rows.push({
        userId: m.user_id,
        typeId: m.type_id,
        kind: "accrual",
        minutes: earned,
        periodStart: m.period_start,
        actorId: m.locked_by_id,
        reason: `Accrued: ${hoursOf(worked).toFixed(2)} h worked ${start} to ${end}`,
      });
    }
    if (rows.length > 0) written += (await db.timeOffLedgerEntry.createMany({ data: rows, skipDuplicates: true })).count;
  }
  return written;
}

/** The yearly grants and carry-over caps of the year of `today` (business zone). */
export async function applyYearlyRules(today = businessToday()): Promise<{ granted: number; capped: number }> {
  const year = today.slice(0, 4);
  const yearStart = `${year}-01-01`;
  const policies = await db.timeOffPolicy.findMany({ where: { startDay: { lte: dateColumnOf(today) }, type: { paid: true, active: true } } });
  let granted = 0;
  let capped = 0;
  for (const p of policies) {
    const startKey = dateKeyOfDateColumn(p.startDay);
    if (p.carryOverCapMinutes !== null && startKey < yearStart) {
      // The balance of the rows of earlier years (by their period, else the day they were written).
      const over = await db.$queryRaw<Array<{ user_id: string; balance: number }>>`
        SELECT user_id, SUM(minutes)::int AS balance
          FROM time_off_ledger
         WHERE type_id = ${p.typeId}::uuid
           AND COALESCE(period_start, (created_at AT TIME ZONE ${BUSINESS_TIME_ZONE})::date) < ${yearStart}::date
         GROUP BY user_id
        HAVING SUM(minutes) > ${p.carryOverCapMinutes}`;
      const rows = over.map((o) => ({
        userId: o.user_id,
        typeId: p.typeId,
        kind: "adjustment" as const,
        minutes: p.carryOverCapMinutes! - o.balance,
        periodStart: dateColumnOf(yearStart),
        actorId: p.updatedById,
        reason: `Carry-over cap of ${hoursOf(p.carryOverCapMinutes!)} h into ${year}`,
      }));
      if (rows.length > 0) capped += (await db.timeOffLedgerEntry.createMany({ data: rows, skipDuplicates: true })).count;
    }
    if (p.method === "yearly_grant" && p.yearlyMinutes) {
      const members = await db.user.findMany({ where: { isActive: true, ...MEMBERS_ONLY }, select: { id: true } });
      const rows = members.map((m) => ({
        userId: m.id,
        typeId: p.typeId,
        kind: "grant" as const,
        minutes: p.yearlyMinutes!,
        periodStart: dateColumnOf(yearStart),
        actorId: p.updatedById,
        reason: `Yearly grant for ${year}`,
      }));
      if (rows.length > 0) granted += (await db.timeOffLedgerEntry.createMany({ data: rows, skipDuplicates: true })).count;
    }
  }
  return { granted, capped };
}

/** POST /api/time-off/policies/run and the daily job: the year's rules, then every locked period's accrual. */
export async function runTimeOffPolicies(today = businessToday()): Promise<z.output<typeof policyRunSchema>> {
  const { granted, capped } = await applyYearlyRules(today);
  const accrued = await accrueLockedPeriods();
  return { accrued, granted, capped };
}

/** GET /api/time-off/balances: my balance of each paid type, line by line (newest first). */
export async function getMyLedger(caller: Caller, query: { typeId?: string }): Promise<z.output<typeof myLedgerSchema>> {
  const types = await db.timeOffType.findMany({ where: { paid: true, ...(query.typeId ? { id: query.typeId } : {}) }, orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true, name: true, active: true } });
  const ids = types.map((t) => t.id);
  const [sums, rows] = await Promise.all([
    db.timeOffLedgerEntry.groupBy({ by: ["typeId"], where: { userId: caller.userId, typeId: { in: ids } }, _sum: { minutes: true } }),
    db.$queryRaw<Array<{ id: string; type_id: string; kind: "grant" | "accrual" | "use" | "adjustment"; minutes: number; reason: string; actor_name: string; period_start: Date | null; created_at: Date; after: number }>>`
      SELECT * FROM (
        SELECT l.id, l.type_id, l.kind::text AS kind, l.minutes, l.reason, trim(a.first_name || ' ' || a.last_name) AS actor_name, l.period_start, l.created_at,
               (SUM(l.minutes) OVER (PARTITION BY l.type_id ORDER BY l.created_at, l.id))::int AS after,
               ROW_NUMBER() OVER (PARTITION BY l.type_id ORDER BY l.created_at DESC, l.id DESC) AS n
          FROM time_off_ledger l JOIN users a ON a.id = l.actor_id
         WHERE l.user_id = ${caller.userId}::uuid AND l.type_id = ANY(${ids}::uuid[])
      ) r WHERE n <= 200 ORDER BY created_at DESC, id DESC`,
  ]);
  const sumOf = new Map(sums.map((s) => [s.typeId, s._sum.minutes ?? 0]));
  const rowsOf = Map.groupBy(rows, (r) => r.type_id);
  return {
    balances: types
      .filter((t) => t.active || sumOf.has(t.id))
      .map((t) => ({
        typeId: t.id,
        typeName: t.name,
        hours: hoursOf(sumOf.get(t.id) ?? 0),
        rows: (rowsOf.get(t.id) ?? []).map((r) => ({
          id: r.id,
          kind: r.kind,
          hours: hoursOf(r.minutes),
          reason: r.reason,
          actorName: r.actor_name,
          periodStart: r.period_start ? dateKeyOfDateColumn(r.period_start) : null,
          createdAt: r.created_at.toISOString(),
          balance: hoursOf(r.after),
        })),
      })),
  };
}
