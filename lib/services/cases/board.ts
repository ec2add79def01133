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
    select: { number: true, petName: true, serviceType: true, currentStation: true, currentStationAt: true, receivedAt: true, promisedReturnDate: true },
    orderBy: [{ currentStationAt: "asc" }, { receivedAt: "asc" }],
    take: 2000,
  });
  const today = dateKeyOf(now);
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
        };
      }),
  }));
  return { columns, generatedAt: now.toISOString() };
}
