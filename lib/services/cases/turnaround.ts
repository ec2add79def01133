import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { SERVICE_TYPES } from "@/lib/cases/stations";
import { addDays } from "@/lib/dates";
import { startOfDay } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import type { Turnaround, TurnaroundQuery } from "@/lib/validations/cases";

/**
 * GET /api/cases/turnaround: hours from intake (the intake scan, else the case's receipt) to the
 * end of the case (the returned scan; a communal case's chamber-out), for cases that ended in
 * the window (business days, inclusive), by service type. One aggregate query.
 */
export async function getCaseTurnaround(caller: Caller, query: TurnaroundQuery): Promise<Turnaround> {
  void caller;
  // The window's days are business days: from its first local midnight to the one after its last day.
  const from = query.from ? startOfDay(query.from) : new Date("1970-01-01T00:00:00Z");
  const to = query.to ? startOfDay(addDays(query.to, 1)) : new Date("9999-01-01T00:00:00Z");
  const rows = await db.$queryRaw<Array<{ service_type: string; count: bigint; avg_h: number | null; median_h: number | null; max_h: number | null }>>`
    WITH ended AS (
      SELECT c.service_type,
             EXTRACT(EPOCH FROM (e.device_time - COALESCE(i.device_time, c.received_at))) / 3600.0 AS hours
      FROM cases c
      JOIN LATERAL (
        SELECT device_time FROM case_events
        WHERE case_id = c.id AND kind = 'scan'
          AND station = (CASE WHEN c.service_type = 'communal' THEN 'chamber_out' ELSE 'returned' END)::"CaseStation"
        ORDER BY seq LIMIT 1
      ) e ON true
      LEFT JOIN LATERAL (
        SELECT device_time FROM case_events WHERE case_id = c.id AND kind = 'scan' AND station = 'intake' ORDER BY seq LIMIT 1
      ) i ON true
      WHERE e.device_time >= ${from} AND e.device_time < ${to}
    )
    SELECT service_type::text, COUNT(*) AS count, AVG(hours)::float8 AS avg_h,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY hours)::float8 AS median_h, MAX(hours)::float8 AS max_h
    FROM ended GROUP BY service_type`;
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    byServiceType: SERVICE_TYPES.map((serviceType) => {
      const row = rows.find((r) => r.service_type === serviceType);
      return { serviceType, count: row ? Number(row.count) : 0, averageHours: round(row?.avg_h ?? null), medianHours: round(row?.median_h ?? null), maxHours: round(row?.max_h ?? null) };
    }),
  };
}
