import "server-only";
import { hotPathPool } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PunchSource } from "@/lib/generated/prisma/enums";

/** One punch as the time screens and exports read it. */
export interface PunchRow {
  id: string;
  userId: string;
  punchInAt: Date;
  punchOutAt: Date | null;
  inSource: PunchSource;
  outSource: PunchSource | null;
  inLocation: string;
  outLocation: string | null;
  outReason: string | null;
  outReasonOther: string | null;
  flaggedAt: Date | null;
  autoClosed: boolean;
  /** Made on a phone without a signal and received then: flagged for review. */
  recordedOfflineAt: Date | null;
}

interface RawPunch {
  id: string;
  user_id: string;
  punch_in_at: Date;
  punch_out_at: Date | null;
  in_source: PunchSource;
  out_source: PunchSource | null;
  in_location: string;
  out_location: string | null;
  out_reason: string | null;
  out_reason_other: string | null;
  flagged_at: Date | null;
  auto_closed: boolean;
  recorded_offline_at: Date | null;
}

/**
 * Every punch of the members that overlaps [from, to), open ones included. The condition is the
 * expression of the `punch_sessions_no_overlap` exclusion constraint, so its GiST index on
 * (user_id, tstzrange(...)) answers it directly: exact for punches of any length, and fast at
 * millions of rows (docs/time.md, "Performance").
 */
export async function loadPunches(userIds: readonly string[], from: Date, to: Date, client?: Pick<Prisma.TransactionClient, "$queryRaw">): Promise<PunchRow[]> {
  if (userIds.length === 0) return [];
  const statement = Prisma.sql`
    SELECT id, user_id, punch_in_at, punch_out_at, in_source, out_source, in_location, out_location,
           out_reason, out_reason_other, flagged_at, auto_closed, recorded_offline_at
      FROM punch_sessions
     WHERE ${userIds.length === 1 ? Prisma.sql`user_id = ${userIds[0]}::uuid` : Prisma.sql`user_id = ANY(${[...userIds]}::uuid[])`}
       AND tstzrange(punch_in_at, COALESCE(punch_out_at, 'infinity'), '[)') && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')
     ORDER BY user_id, punch_in_at`;
  const rows = client
    ? // A transaction that must read inside itself (a lock storing its figures), never a second connection.
      await client.$queryRaw<RawPunch[]>(statement)
    : // The time screens, the exports and labour cost read a department's month at a time:
      // node-postgres parses its rows in a third of the CPU of Prisma's raw query (lib/db.ts).
      (await hotPathPool().query<RawPunch>(statement.text, statement.values)).rows;
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    punchInAt: r.punch_in_at,
    punchOutAt: r.punch_out_at,
    inSource: r.in_source,
    outSource: r.out_source,
    inLocation: r.in_location,
    outLocation: r.out_location,
    outReason: r.out_reason,
    outReasonOther: r.out_reason_other,
    flaggedAt: r.flagged_at,
    autoClosed: r.auto_closed,
    recordedOfflineAt: r.recorded_offline_at,
  }));
}
