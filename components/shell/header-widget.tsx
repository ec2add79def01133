"use client";

import { useMinuteClock } from "./use-minute-clock";
import { clockTime, formatWeekdayDate, zoneAbbreviation } from "@/lib/dates";

interface HeaderWidgetProps {
  /** The business time zone (from the server, so server and browser agree). */
  timeZone: string;
  /** When the current shift began (lastPunchIn), or null when punched out / unknown. */
  punchedInAt?: string | null;
  /** The task the user is clocked into, if any. */
  activeTask?: { displayNumber: number | null; title: string } | null;
  layout?: "inline" | "stacked";
}

/**
 * The small widget beside the logo (spec §2 leaves its content open): today's date and the
 * time in the business time zone — the zone time cards and due times are kept in — and, while
 * punched in, when the shift began (plus the number of the task clocked into, if any). The punch button already shows the running timer, so this
 * answers the other question: "since when?". Nothing renders on the server, so no hydration
 * mismatch; the clock ticks once a minute.
 */
export function HeaderWidget({ timeZone, punchedInAt, activeTask, layout = "inline" }: HeaderWidgetProps) {
  const now = useMinuteClock();
  // Before the first tick: the same room as ./live-header-widget.tsx keeps while this loads.
  if (now === null) return <span className="inline-block h-8 w-28" aria-hidden="true" />;

  const date = formatWeekdayDate(now, timeZone);
  const time = clockTime(now, timeZone);
  const zone = zoneAbbreviation(now, timeZone);
  const since = punchedInAt ? new Date(punchedInAt) : null;
  const sinceText = since && !Number.isNaN(since.getTime()) ? clockTime(since, timeZone) : null;

  return (
    <div
      data-testid="header-widget"
      title={`Business time (${timeZone})${sinceText ? ` · punched in at ${sinceText}` : ""}${activeTask ? ` · working on #${activeTask.displayNumber} ${activeTask.title}` : ""}`}
      className={
        layout === "stacked"
          ? "flex flex-col gap-0.5 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200"
          : "flex flex-col justify-center rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs leading-tight text-slate-600"
      }
    >
      <span className="whitespace-nowrap">
        <time dateTime={new Date(now).toISOString()} className="font-medium text-slate-800">
          {date}
        </time>
        <span aria-hidden="true"> · </span>
        <span>
          {time} {zone}
        </span>
      </span>
      {sinceText ? (
        <span className="flex items-center gap-1 whitespace-nowrap text-emerald-700">
          <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
          On shift since {sinceText}
          {activeTask ? <span className="text-slate-500"> · #{activeTask.displayNumber}</span> : null}
        </span>
      ) : null}
    </div>
  );
}
