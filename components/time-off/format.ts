import { dayLabel } from "@/lib/dates/day-labels";

/** "Mon, Dec 14 – Wed, Dec 16 · 24 h" or "Mon, Dec 14 · 4 h". */
export function timeOffSpan(r: { startDay: string; endDay: string; hours: number }): string {
  const days = r.startDay === r.endDay ? dayLabel(r.startDay) : `${dayLabel(r.startDay)} – ${dayLabel(r.endDay)}`;
  return `${days} · ${r.hours} h`;
}

export const STATUS_LOOK: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  declined: "bg-red-100 text-red-900",
  cancelled: "bg-slate-100 text-slate-700",
};
