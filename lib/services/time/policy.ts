import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { DEFAULT_TIME_POLICY, type TimePolicyValues } from "@/lib/time/calc";
import type { TimePolicyInput } from "@/lib/validations/time";
import { dateColumnOf, dateKeyOfDateColumn } from "@/lib/dates";

const POLICY_ID = "default";
type Client = Prisma.TransactionClient | typeof db;

function toValues(row: Prisma.TimePolicyGetPayload<object>): TimePolicyValues {
  return {
    payPeriodKind: row.payPeriodKind,
    payPeriodAnchor: dateKeyOfDateColumn(row.payPeriodAnchor),
    lunchPaidMinutes: row.lunchPaidMinutes,
    breakPaidMinutes: row.breakPaidMinutes,
    dailyOvertimeMinutes: row.dailyOvertimeMinutes,
    weeklyOvertimeMinutes: row.weeklyOvertimeMinutes,
    forgottenPunchHours: row.forgottenPunchHours,
    autoCloseForgotten: row.autoCloseForgotten,
    exportRoundingMinutes: row.exportRoundingMinutes,
  };
}

/** The time policy; the defaults (docs/time.md) until an admin saves one. */
export async function getTimePolicy(client: Client = db): Promise<TimePolicyValues> {
  const row = await client.timePolicy.findUnique({ where: { id: POLICY_ID } });
  return row ? toValues(row) : { ...DEFAULT_TIME_POLICY };
}

const CACHE_MS = 5_000;
let cached: { at: number; value: TimePolicyValues } | null = null;

/**
 * The policy for hot reads (the time logs): at most 5 s old in this process, so a read is one
 * round trip. Saving here refreshes it at once; another app instance sees a change within 5 s.
 * Writes, locks, exports and the job read it fresh (getTimePolicy).
 */
export async function getTimePolicyCached(now = Date.now()): Promise<TimePolicyValues> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const value = await getTimePolicy();
  cached = { at: now, value };
  return value;
}

/** PUT /api/admin/time/policy: saves the whole policy, audited (before and after). */
export async function updateTimePolicy(caller: Pick<Caller, "userId">, input: TimePolicyInput): Promise<TimePolicyValues> {
  return db.$transaction(async (tx) => {
    const before = await getTimePolicy(tx);
    const data = { ...input, payPeriodAnchor: dateColumnOf(input.payPeriodAnchor), updatedById: caller.userId };
    const row = await tx.timePolicy.upsert({ where: { id: POLICY_ID }, create: { id: POLICY_ID, ...data }, update: data });
    const after = toValues(row);
    await recordAudit(tx, { actorId: caller.userId, action: "time.policy.update", entityType: "time_policy", entityId: POLICY_ID, before, after });
    cached = null;
    return after;
  });
}
