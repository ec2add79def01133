import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import { AppError } from "@/lib/http/app-error";
import { timeLogQuerySchema, type TimeLogQuery } from "@/lib/validations/time";
import type { TimeLog } from "@/lib/validations/time";
import { getTimeLog } from "./get-time-log";
import { listTimeMembers, type TimeMember } from "./scope";

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** A time log page's reading of its address: the log to show, or why it cannot be shown. */
export type TimeLogPageView =
  | { ok: false; title: string; description: string }
  | {
      ok: true;
      filters: Partial<TimeLogQuery>;
      log: TimeLog;
      members: TimeMember[];
      /** The member's id as the address gave it (kept on the range links). */
      member: string | undefined;
    };

/**
 * /time-logs and the time card's drill-down: `member`, `range`, `date`, `from`, `to` from the
 * address, read as GET /api/time/logs reads them; the screen then keeps the log fresh through
 * that API with these filters.
 */
export async function readTimeLogView(caller: Caller, searchParams: Params): Promise<TimeLogPageView> {
  const raw = { userId: first(searchParams.member), range: first(searchParams.range), date: first(searchParams.date), from: first(searchParams.from), to: first(searchParams.to) };
  const filters = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as Partial<TimeLogQuery>;
  const parsed = timeLogQuerySchema.safeParse(filters);
  if (!parsed.success) return { ok: false, title: "That range cannot be shown", description: parsed.error.issues[0]?.message ?? "Check the dates." };
  try {
    const [log, members] = await Promise.all([getTimeLog(caller, parsed.data), can(caller, "time.read.team") ? listTimeMembers(caller) : []]);
    return { ok: true, filters, log, members, member: raw.userId };
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 400)) {
      return { ok: false, title: error.status === 404 ? "Member not found" : "That range cannot be shown", description: error.message };
    }
    throw error;
  }
}
