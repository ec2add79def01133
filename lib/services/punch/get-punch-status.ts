import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { activeTaskSelect, presentActiveTask, type ActiveTask } from "./active-task";

export interface PunchStatus {
  isPunchedIn: boolean;
  /** The open punch's start when punched in; otherwise the most recent punch-in, or null if never. */
  lastPunchIn: Date | null;
  /** The task the caller is clocked into, with the clock's start and, if it has been completed, when and by whom; null when none. */
  activeTask: (ActiveTask & { startedAt: Date; completedAt: Date | null; completedBy: string | null }) | null;
}

/**
 * GET /api/auth/punch/status. Two indexed reads in parallel. The latest punch is the open one
 * whenever one is open: the exclusion constraint lets no punch start after an open one.
 */
export async function getPunchStatus(caller: Pick<Caller, "userId" | "role">): Promise<PunchStatus> {
  const [latest, entry] = await Promise.all([
    db.punchSession.findFirst({
      where: { userId: caller.userId },
      orderBy: { punchInAt: "desc" },
      select: { punchInAt: true, punchOutAt: true },
    }),
    db.taskTimeEntry.findFirst({
      where: { userId: caller.userId, endedAt: null },
      select: {
        startedAt: true,
        task: { select: { ...activeTaskSelect, status: true, completedAt: true, completedBy: { select: { firstName: true, lastName: true } } } },
      },
    }),
  ]);
  return {
    isPunchedIn: latest !== null && latest.punchOutAt === null,
    lastPunchIn: latest?.punchInAt ?? null,
    activeTask: entry ? { ...presentActiveTask(caller, entry.task), startedAt: entry.startedAt, ...completion(entry.task) } : null,
  };
}

function completion(task: { status: string; completedAt: Date | null; completedBy: { firstName: string | null; lastName: string | null } | null }) {
  if (task.status !== "completed" || !task.completedAt) return { completedAt: null, completedBy: null };
  const name = task.completedBy ? [task.completedBy.firstName, task.completedBy.lastName].filter(Boolean).join(" ") : "";
  return { completedAt: task.completedAt, completedBy: name || null };
}
