import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { TimeLog, TimeLogEdit as TimeEditLine, TimeLogPunch as PunchLine } from "@/lib/validations/time";
import { hhmm, hours } from "@/lib/time/calc";
import { clockTime } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { localDateTime } from "@/lib/dates/wall-clock";
import { SOURCE_LABELS } from "@/lib/time/labels";
import { RowLink } from "@/components/ui/row-link";
import { shiftBeside } from "@/lib/schedule/attendance";

interface DayViewProps {
  log: TimeLog;
  /** Per punch controls (the time card's Edit, the member's Request correction). */
  punchActions?: (punch: PunchLine) => ReactNode;
  /** Per task-time controls (the time card). */
  entryActions?: (entry: PunchLine["entries"][number], punch: PunchLine) => ReactNode;
}

const source = (s: string | null) => (s ? (SOURCE_LABELS[s] ?? s) : null);

/** Who, when and why of the edits: a disclosure, so it opens on hover-less phones by tap and by keyboard. */
function EditHistory({ edits, timeZone }: { edits: TimeEditLine[]; timeZone: string }) {
  if (edits.length === 0) return null;
  return (
    <details className="group text-xs">
      <summary className="inline-flex cursor-pointer list-none items-center rounded-md bg-violet-50 px-2 py-0.5 font-medium text-violet-800 ring-1 ring-violet-600/20 ring-inset">
        Edited ({edits.length})
      </summary>
      <ul className="mt-1 space-y-1 text-slate-700" aria-label="Edit history">
        {edits.map((e) => (
          <li key={e.id} data-testid="time-edit-line">
            <span className="font-medium">{e.editedBy}</span> · {localDateTime(e.createdAt, timeZone)} · {e.action}: {e.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

function PunchFlags({ punch }: { punch: PunchLine }) {
  const f = punch.flags;
  return (
    <>
      {f.open ? <Badge variant="success">Open</Badge> : null}
      {f.forgotten && !f.autoClosed ? <Badge variant="warning">Forgotten punch-out</Badge> : null}
      {f.autoClosed ? <Badge variant="danger">Auto-closed · counts 0 until corrected</Badge> : null}
      {f.deactivated ? <Badge variant="warning">Closed at deactivation</Badge> : null}
      {f.offline ? <Badge variant="warning">Recorded offline · check the time</Badge> : null}
      {f.locked ? <Badge variant="neutral">Locked</Badge> : null}
    </>
  );
}

export function DayView({ log, punchActions, entryActions }: DayViewProps) {
  const tz = log.timeZone;
  return (
    <ol className="space-y-3" aria-label="Days">
      {log.days.map((day) => (
        <li key={day.date} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4" data-testid={`time-day-${day.date}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <div className="flex flex-wrap items-baseline gap-x-3">
              <h3 className="font-semibold text-slate-900">{dayLabel(day.date)}</h3>
              {day.shifts.map((s) => (
                <span key={s.id} className="text-sm text-indigo-800" data-testid="day-shift">
                  {shiftBeside(s)}
                </span>
              ))}
            </div>
            <p className="text-sm text-slate-700">
              <span className="font-semibold" data-testid="day-worked">
                {hours(day.workedMs)} h
              </span>{" "}
              worked
              {day.overtimeMs > 0 ? <span className="text-amber-700"> · {hours(day.overtimeMs)} h overtime</span> : null}
            </p>
          </div>
          {day.punches.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">No punches</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {day.punches.map((p) => (
                <li key={p.id} className="rounded-md bg-slate-50 p-2 text-sm" data-testid="time-punch">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-medium text-slate-900">
                      {clockTime(p.punchInAt, tz)} – {p.punchOutAt ? clockTime(p.punchOutAt, tz) : "now"}
                    </span>
                    <span className="text-slate-600">{hhmm(p.ms)}</span>
                    <span className="text-slate-600">
                      {source(p.inSource)}
                      {p.outSource && p.outSource !== p.inSource ? ` / ${source(p.outSource)}` : ""}
                    </span>
                    {p.outReason ? (
                      <span className="text-slate-600">
                        {p.outReason}
                        {p.outReason === "Other" && p.outReasonOther ? `: ${p.outReasonOther}` : ""}
                      </span>
                    ) : null}
                    <PunchFlags punch={p} />
                    {punchActions ? <span className="ml-auto flex gap-2">{punchActions(p)}</span> : null}
                  </div>
                  <EditHistory edits={p.edits} timeZone={tz} />
                  {p.entries.length > 0 ? (
                    <ul className="mt-1 space-y-1 border-l-2 border-indigo-200 pl-3" aria-label="Task time">
                      {p.entries.map((e) => (
                        <li key={e.id} className="flex flex-wrap items-center gap-x-2 text-slate-700">
                          {e.task.visible ? (
                            <RowLink href={`/tasks/${e.task.id}`} className="text-indigo-700 underline-offset-2 hover:underline">
                              #{e.task.displayNumber} {e.task.title}
                            </RowLink>
                          ) : (
                            <span>{e.task.title}</span>
                          )}
                          <span className="text-slate-500">
                            {clockTime(e.startedAt, tz)} – {e.endedAt ? clockTime(e.endedAt, tz) : "now"} · {hhmm(e.ms)}
                          </span>
                          <EditHistory edits={e.edits} timeZone={tz} />
                          {entryActions ? <span className="ml-auto">{entryActions(e, p)}</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {day.breaks.length > 0 ? (
            <ul className="mt-2 space-y-0.5 text-xs text-slate-600" aria-label="Breaks">
              {day.breaks.map((b) => (
                <li key={b.startsAt}>
                  {b.reason} {clockTime(b.startsAt, tz)} – {clockTime(b.endsAt, tz)}: {b.paidMs > 0 ? `${hhmm(b.paidMs)} paid` : ""}
                  {b.paidMs > 0 && b.unpaidMs > 0 ? ", " : ""}
                  {b.unpaidMs > 0 ? `${hhmm(b.unpaidMs)} unpaid` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The range's totals: regular, overtime and unpaid break (and worked, paid break). */
export function TotalsBar({ log }: { log: TimeLog }) {
  const t = log.totals;
  const items = [
    ["Worked", t.workedMs, "total-worked"],
    ["Regular", t.regularMs, "total-regular"],
    ["Overtime", t.overtimeMs, "total-overtime"],
    ["Unpaid break", t.unpaidBreakMs, "total-unpaid"],
    ["Paid break", t.paidBreakMs, "total-paid"],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Totals">
      {items.map(([label, ms, id]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900" data-testid={id}>
            {hours(ms)} h
          </dd>
        </div>
      ))}
    </dl>
  );
}
