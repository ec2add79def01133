"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { dayLabelWithYear } from "@/lib/dates/day-labels";
import type { ScheduleShift, ScheduleWeek } from "@/lib/queries/schedule";
import { daySegments, describeBlocks, type AvailabilityBlock } from "@/lib/schedule/availability";
import { blocksFor, shiftConflicts } from "@/lib/schedule/conflicts";
import { shiftSpan } from "@/lib/schedule/format";
import { minuteOfClock } from "@/lib/schedule/templates";
import { OPEN_ROW } from "@/lib/schedule/week-grid";
import type { ShiftDialogTarget } from "./shift-dialog";

interface Props {
  data: ScheduleWeek;
  day: string;
  onDay: (day: string | null) => void;
  onOpen: (target: ShiftDialogTarget) => void;
  prevDay: string;
  nextDay: string;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const pct = (minute: number) => `${(minute / 1440) * 100}%`;
const hourLabel = (h: number) => (h === 0 ? "12a" : h < 12 ? `${h}a` : h === 12 ? "12p" : `${h - 12}p`);

/** The day's piece of a shift (a night shows its part on each of its days). */
function pieceOn(shift: ScheduleShift, day: string) {
  return daySegments(shift.startsAt, shift.endsAt).find((s) => s.day === day) ?? null;
}

/**
 * /schedule's day view (docs/schedules.md "Screens"): one day as a timeline of members × hours,
 * per department with its open shifts on top; each member's availability shaded behind their
 * shifts, their time off named, conflicts marked. Click a shift to edit it, a row's + to add one.
 * Below 768 px: the day's shifts as a list, in start order.
 */
export function DayView({ data, day, onDay, onOpen, prevDay, nextDay }: Props) {
  const info = data.days.find((d) => d.date === day);
  const shifts = data.shifts.filter((s) => pieceOn(s, day) !== null);
  const names = new Map(data.departments.flatMap((u) => u.members.map((m) => [m.id, m.name] as const)));
  const conflictsOf = (s: ScheduleShift) => shiftConflicts(s, data, s.userId ? names.get(s.userId) : undefined).filter((c) => c.kind !== "overtime");

  return (
    <section aria-labelledby="day-view-title" className="space-y-3" data-testid="day-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="day-view-title" className="text-lg font-semibold text-slate-900">
            {dayLabelWithYear(day)}
          </h2>
          {info?.holidays.length ? <p className="text-sm text-rose-700">{info.holidays.join(", ")}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onDay(prevDay)} aria-label="Previous day">
            ‹ Day
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDay(nextDay)} aria-label="Next day">
            Day ›
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDay(null)}>
            Back to week
          </Button>
        </div>
      </div>

      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block" data-testid="day-timeline">
        <div className="min-w-[900px]">
          <div className="flex border-b border-slate-200 bg-slate-50 text-xs text-slate-500">
            <div className="w-44 shrink-0 p-2 font-medium text-slate-700">Member</div>
            <div className="relative h-8 flex-1">
              {HOURS.map((h) => (
                <span key={h} className="absolute top-2 -translate-x-1/2" style={{ left: pct(h * 60) }}>
                  {h % 2 === 0 ? hourLabel(h) : ""}
                </span>
              ))}
            </div>
          </div>
          {data.departments.map((dept) => (
            <div key={dept.id}>
              <div className="border-b border-slate-200 bg-indigo-50 px-2 py-1 text-xs font-semibold tracking-wide text-indigo-900 uppercase">{dept.name}</div>
              {[{ id: OPEN_ROW, name: "Open shifts" }, ...dept.members].map((m) => {
                const rowShifts = shifts.filter((s) => s.unitId === dept.id && (s.userId ?? OPEN_ROW) === m.id);
                const blocks = m.id === OPEN_ROW ? [] : blocksFor(data, m.id, day);
                const off = m.id === OPEN_ROW ? undefined : data.timeOff.find((t) => t.userId === m.id && t.startDay <= day && day <= t.endDay);
                return (
                  <div key={m.id} className="flex border-b border-slate-100" data-testid="day-row">
                    <div className="flex w-44 shrink-0 items-start justify-between gap-1 p-2">
                      <span className="min-w-0">
                        <span className={cn("block truncate text-sm", m.id === OPEN_ROW ? "text-slate-500 italic" : "font-medium text-slate-900")}>{m.name}</span>
                        {off ? <span className="block truncate text-xs text-emerald-800">Off · {off.typeName}</span> : null}
                        {blocks.length ? <span className="block truncate text-xs text-slate-500" title={describeBlocks(blocks)}>{describeBlocks(blocks)}</span> : null}
                      </span>
                      <button
                        type="button"
                        onClick={() => onOpen({ kind: "new", unitId: dept.id, userId: m.id === OPEN_ROW ? null : m.id, day })}
                        aria-label={`Add shift: ${m.name}, ${dayLabelWithYear(day)}`}
                        className="rounded px-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                      >
                        +
                      </button>
                    </div>
                    <div className="relative min-h-12 flex-1">
                      {HOURS.map((h) => (
                        <span key={h} aria-hidden="true" className="absolute inset-y-0 border-l border-slate-100" style={{ left: pct(h * 60) }} />
                      ))}
                      {blocks.map((b, i) => (
                        <AvailabilityShade key={i} block={b} />
                      ))}
                      {rowShifts.map((s) => {
                        const piece = pieceOn(s, day)!;
                        const conflicts = conflictsOf(s);
                        return (
                          <button
                            key={s.id}
                            type="button"
                            onClick={() => onOpen({ kind: "edit", shift: s })}
                            data-testid="day-shift"
                            title={conflicts.map((c) => c.message).join("\n") || undefined}
                            className={cn(
                              "absolute inset-y-1.5 overflow-hidden rounded-md px-1.5 text-left text-xs leading-tight",
                              s.status === "draft" ? "border border-dashed border-indigo-400 bg-white text-indigo-900" : "bg-indigo-600 text-white",
                              conflicts.length > 0 && "ring-2 ring-amber-500",
                            )}
                            style={{ left: pct(piece.from), width: pct(piece.to - piece.from) }}
                          >
                            <span className="block truncate font-semibold">{shiftSpan(s.startsAt, s.endsAt)}</span>
                            <span className="block truncate">{conflicts.length ? `⚠ ${conflicts[0].message}` : [s.roleLabel, s.placeName].filter(Boolean).join(" · ")}</span>
                          </button>
                        );
                      })}
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>

      <div className="space-y-2 md:hidden" data-testid="day-list">
        {data.departments[0] ? (
          <Button variant="secondary" size="sm" onClick={() => onOpen({ kind: "new", unitId: data.departments[0].id, userId: null, day })}>
            Add shift
          </Button>
        ) : null}
        {shifts.length === 0 ? <p className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500">No shifts</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="day-list-shifts">
          {[...shifts]
            .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
            .map((s) => {
              const conflicts = conflictsOf(s);
              return (
                <li key={s.id}>
                  <button type="button" onClick={() => onOpen({ kind: "edit", shift: s })} className="flex w-full items-start justify-between gap-2 px-3 py-2 text-left text-sm">
                    <span className="min-w-0">
                      <span className={cn("block truncate font-medium", s.userId ? "text-slate-900" : "text-slate-500 italic")}>{s.memberName ?? "Open shift"}</span>
                      <span className="block truncate text-xs text-slate-600">{[s.unitName, s.roleLabel, s.placeName].filter(Boolean).join(" · ")}</span>
                      {conflicts.map((c) => (
                        <span key={c.kind} className="block text-xs font-semibold text-amber-800">
                          ⚠ {c.message}
                        </span>
                      ))}
                    </span>
                    <span className="shrink-0 text-right">
                      <span className="block font-medium">{shiftSpan(s.startsAt, s.endsAt)}</span>
                      {s.status === "draft" ? <span className="block text-xs text-indigo-700">Draft</span> : null}
                    </span>
                  </button>
                </li>
              );
            })}
        </ul>
        <DayNotes data={data} day={day} names={names} />
      </div>
    </section>
  );
}

function AvailabilityShade({ block }: { block: AvailabilityBlock }) {
  const [from, to] = [minuteOfClock(block.from), minuteOfClock(block.to)];
  return (
    <span
      aria-hidden="true"
      className={cn(
        "absolute inset-y-0",
        block.kind === "unavailable" ? "bg-[repeating-linear-gradient(135deg,#e2e8f0_0,#e2e8f0_4px,transparent_4px,transparent_8px)]" : block.kind === "preferred" ? "bg-emerald-100" : "bg-emerald-50",
      )}
      style={{ left: pct(from), width: pct(to - from) }}
    />
  );
}

/** The phone's notes of the day: who is off, and each member's availability. */
function DayNotes({ data, day, names }: { data: ScheduleWeek; day: string; names: Map<string, string> }) {
  const offs = data.timeOff.filter((t) => t.startDay <= day && day <= t.endDay);
  const available = data.availability.filter((a) => a.day === day && a.blocks.length > 0);
  if (offs.length + available.length === 0) return null;
  return (
    <ul className="space-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-600" aria-label="Time off and availability" data-testid="day-notes">
      {offs.map((t) => (
        <li key={t.id} className="text-emerald-900">
          {names.get(t.userId) ?? "A member"} · Off · {t.typeName}
        </li>
      ))}
      {available.map((a) => (
        <li key={a.userId}>
          {names.get(a.userId) ?? "A member"} · {describeBlocks(a.blocks)}
        </li>
      ))}
    </ul>
  );
}
