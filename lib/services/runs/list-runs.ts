import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOf } from "@/lib/dates";
import type { ListRunsQuery, RunList } from "@/lib/validations/runs";
import { visibleRunWhere } from "./run-access";
import { loadFacility, loadRuns, toRunSummary } from "./run-shape";

/** GET /api/runs?date=: the day's runs (today in the business zone by default) and where they start. */
export async function listRuns(caller: Caller, query: ListRunsQuery): Promise<RunList> {
  const date = query.date ?? dateKeyOf(new Date());
  const [runs, facility] = await Promise.all([loadRuns({ AND: [{ runDate: dateColumnOf(date) }, visibleRunWhere(caller)] }), loadFacility()]);
  return { date, items: runs.map(toRunSummary), facility };
}
