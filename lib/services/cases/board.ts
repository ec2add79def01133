import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { CASE_STATIONS } from "@/lib/cases/stations";
import { dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import type { CaseBoard } from "@/lib/validations/cases";
import { visibleCaseWhere } from "./case-access";
import { dayString } from "./case-shape";

const HOUR_MS = 3_600_000;

/** GET /api/cases/board: the open cases by their current step, longest waiting first. */
export async function getCaseBoard(caller: Caller, now = new Date()): Promise<CaseBoard> {
  const rows = await db.memorialCase.findMany({
    where: { ...visibleCaseWhere(caller), status: "open" },
    select: { id: true, number: true, petName: true, serviceType: true, currentStation: true, currentStationAt: true, receivedAt: true, promisedReturnDate: true },
    orderBy: [{ currentStationAt: "asc" }, { receivedAt: "asc" }],
    take: 2000,
  });
  const today = dateKeyOf(now);
  // Weights a supervisor confirmed outside their range (one query for the whole board).
  const confirmations = rows.length
    ? await db.caseEvent.findMany({
        where: { caseId: { in: rows.map((r) => r.id) }, kind: "override", details: { path: ["refused"], equals: "REMAINS_WEIGHT_OUT_OF_RANGE" } },
        select: { caseId: true, details: true },
        orderBy: { seq: "asc" },
      })
    : [];
  const confirmed = new Map(confirmations.map((e) => [e.caseId, e.details as { reason?: string; remainsWeight?: { percent?: number | null; range?: { minPercent: number; maxPercent: number } | null } }]));
  const columns = [null, ...CASE_STATIONS.filter((s) => s !== "returned")].map((station) => ({
    station,
    cases: rows
      .filter((r) => r.currentStation === station)
      .map((r) => {
        const since = r.currentStationAt ?? r.receivedAt;
        const promised = dayString(r.promisedReturnDate);
        return {
          number: r.number,
          petName: r.petName,
          serviceType: r.serviceType,
          since: since.toISOString(),
          hoursAtStep: Math.round(((now.getTime() - since.getTime()) / HOUR_MS) * 10) / 10,
          promisedReturnDate: promised,
          overdue: promised !== null && promised < today,
          remainsWeightConfirmed: confirmedWeight(confirmed.get(r.id)),
        };
      }),
  }));
  return { columns, generatedAt: now.toISOString() };
}

function confirmedWeight(details: { reason?: string; remainsWeight?: { percent?: number | null; range?: { minPercent: number; maxPercent: number } | null } } | undefined) {
  if (!details) return null;
  const weight = details.remainsWeight;
  return { percent: weight?.percent ?? null, minPercent: weight?.range?.minPercent ?? null, maxPercent: weight?.range?.maxPercent ?? null, reason: details.reason ?? "" };
}
