import { formatCount } from "@/lib/numbers";

/**
 * The pagination text of a task list: "1–50 of 1,234", or "1–50 of 1,000+" when the server's
 * count stopped at its cap (`totalCapped`: there are more than `total`), "No tasks" when empty.
 */
export function pageRangeText(p: { page: number; pageSize: number; shown: number; total: number; totalCapped?: boolean }): string {
  if (p.shown === 0) return p.total > 0 ? `None on this page of ${countText(p.total, p.totalCapped)}` : "No tasks";
  const from = (p.page - 1) * p.pageSize + 1;
  const to = from + p.shown - 1;
  return `${formatCount(from)}–${formatCount(to)} of ${countText(p.total, p.totalCapped)}`;
}

const countText = (total: number, capped?: boolean) => `${formatCount(total)}${capped ? "+" : ""}`;
