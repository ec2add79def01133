/**
 * A project's progress figures from the tasks the viewer may see. "At risk" means the
 * remaining work is late: an open task is overdue, the target date has passed with work
 * left, or an open task is due after the target date.
 */
export interface ProgressFacts {
  total: number;
  done: number;
  open: number;
  overdue: number;
  /** Latest due date among the open tasks. */
  latestOpenDue: Date | null;
  targetDate: Date | null;
  now?: Date;
}

export function percentDone(done: number, total: number): number {
  return total === 0 ? 0 : Math.round((done / total) * 100);
}

export function isAtRisk({ open, overdue, latestOpenDue, targetDate, now = new Date() }: ProgressFacts): boolean {
  if (open === 0) return false;
  if (overdue > 0) return true;
  if (!targetDate) return false;
  if (targetDate.getTime() < now.getTime()) return true;
  return latestOpenDue !== null && latestOpenDue.getTime() > targetDate.getTime();
}
