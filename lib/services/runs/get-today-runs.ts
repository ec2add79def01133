import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOf } from "@/lib/dates";
import type { TodayRuns } from "@/lib/validations/runs";
import { loadRuns } from "./run-shape";

/** GET /api/runs/today: the runs the caller drives today (the business zone's day), stops in order. */
export async function getTodayRuns(caller: Caller): Promise<TodayRuns> {
  const date = dateKeyOf(new Date());
  return { date, runs: await loadRuns({ driverId: caller.userId, runDate: dateColumnOf(date) }) };
}
