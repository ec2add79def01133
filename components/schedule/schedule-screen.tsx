"use client";

import { ScheduleCost } from "@/components/pay/schedule-cost";
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragOverEvent } from "@dnd-kit/core";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { toast, toastError } from "@/components/ui/use-toast";
import { addDays, businessToday, dayOfWeek, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { formatMoney } from "@/lib/money";
import { useScheduleCost } from "@/lib/queries/pay";
import { usePublishSchedule, useScheduleWeek, useUpdateShift, type ScheduleShift, type ScheduleWeek } from "@/lib/queries/schedule";
import { shiftSpan } from "@/lib/schedule/format";
import { formatScheduledHours, minutesByMember } from "@/lib/schedule/shift-times";
import { cellKey, hoursLevel, movedTimes, OPEN_ROW, parseCellKey, shiftDay } from "@/lib/schedule/week-grid";
import { PendingRequests } from "@/components/time-off/pending-requests";
import { describeBlocks } from "@/lib/schedule/availability";
import { availabilityConflict, blocksFor, dropConflicts, type ShiftConflict } from "@/lib/schedule/conflicts";
import { AvailabilityRequests } from "./availability-requests";
import { DayView } from "./day-view";
import { PlanningActions } from "./planning-actions";
import { SwapApprovals } from "./swap-approvals";
import { ShiftDialog, type ShiftDialogTarget } from "./shift-dialog";

/**
 * /schedule: the week grid (docs/schedules.md). Members × days grouped by department, with
 * each department's open shifts on top; click an empty cell to add, a shift to edit, drag a
 * shift to another member or day. Each member's scheduled hours, warned near and past the
 * overtime threshold; holidays in the day headers; approved time off in the member's cells (a
 * shift on it is marked), each member's availability (a shift outside it is marked). A day
 * header opens the day view. While a shift is dragged, the cell it is held over shows what it
 * would run into there (time off, availability, overtime, overlap) before the drop. On a phone: a list by day. Templates and "Copy last week" above;
 * below: the time-off requests and availability changes to decide.
 */
export function ScheduleScreen({ canManageAll = false, showCost = false }: { canManageAll?: boolean; /** pay.read: the week's scheduled and worked cost. */ showCost?: boolean }) {
  const [week, setWeek] = useState(() => weekStart(businessToday(), WEEK_STARTS_ON));
  const [day, setDay] = useState<string | null>(null);
  const query = useScheduleWeek(week);
  const cost = useScheduleCost(week, showCost);
  const costs = useMemo(() => new Map((cost.data?.shifts ?? []).map((c) => [c.id, c])), [cost.data]);
  const [target, setTarget] = useState<ShiftDialogTarget | null>(null);
  const publish = usePublishSchedule();
  const data = query.data;
  const drafts = data?.shifts.filter((s) => s.status === "draft").length ?? 0;

  /** Opens the day view of `next` (its week too), or goes back to the week. */
  function openDay(next: string | null) {
    setDay(next);
    if (next) setWeek(weekStart(next, WEEK_STARTS_ON));
  }

  async function onPublish() {
    if (!data) return;
    try {
      const result = await publish.mutateAsync({ from: data.weekStart, to: addDays(data.weekStart, 6) });
      toast({ title: `Published ${result.published} ${result.published === 1 ? "shift" : "shifts"}`, description: `${result.notified} ${result.notified === 1 ? "member was" : "members were"} told.` });
    } catch (error) {
      await toastError(error, { title: "Could not publish the week" });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Schedule</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => { setDay(null); setWeek(addDays(week, -7)); }} aria-label="Previous week">
            ‹ Prev
          </Button>
          <Button variant="secondary" size="sm" onClick={() => { setDay(null); setWeek(weekStart(businessToday(), WEEK_STARTS_ON)); }}>
            This week
          </Button>
          <Button variant="secondary" size="sm" onClick={() => { setDay(null); setWeek(addDays(week, 7)); }} aria-label="Next week">
            Next ›
          </Button>
          <Button size="sm" onClick={onPublish} isLoading={publish.isPending} disabled={!data || drafts === 0}>
            Publish week{drafts ? ` (${drafts})` : ""}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Week of {dayLabel(week)} · drafts are shown dashed until the week is published. Times are in the business time zone.
      </p>
      <PlanningActions week={week} />
      {showCost ? <ScheduleCost week={week} /> : null}
      {query.isError ? <p className="text-sm text-red-700">Could not load the schedule.</p> : null}
      {data ? (
        <>
          {day && data.weekStart === week ? (
            <DayView data={data} day={day} onDay={openDay} onOpen={setTarget} prevDay={addDays(day, -1)} nextDay={addDays(day, 1)} />
          ) : (
            <>
              <WeekGrid data={data} onOpen={setTarget} onDay={openDay} costs={costs} />
              <DayList data={data} onOpen={setTarget} onDay={openDay} />
            </>
          )}
          <ShiftDialog target={target} week={data} onClose={() => setTarget(null)} />
        </>
      ) : null}
      <PendingRequests />
      <AvailabilityRequests canManageAll={canManageAll} />
      <SwapApprovals />
    </div>
  );
}

type Open = (target: ShiftDialogTarget) => void;
type TimeOff = ScheduleWeek["timeOff"][number];

/** The approved time off of a member on a day, if any. */
function timeOffOn(data: ScheduleWeek, userId: string | null, day: string): TimeOff | undefined {
  return userId ? data.timeOff.find((t) => t.userId === userId && t.startDay <= day && day <= t.endDay) : undefined;
}

const timeOffLabel = (t: TimeOff) => (t.fullDays ? t.typeName : `${t.typeName} ${t.hoursPerDay} h`);

function TimeOffChip({ off }: { off: TimeOff }) {
  return (
    <span data-testid="time-off-chip" className="block truncate rounded-md bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900" title={`Approved time off: ${timeOffLabel(off)}`}>
      Off · {timeOffLabel(off)}
    </span>
  );
}

/** The availability of a member on a day, in a cell's words ("Available 08:00–17:00"). */
function AvailabilityNote({ data, userId, day }: { data: ScheduleWeek; userId: string; day: string }) {
  const blocks = blocksFor(data, userId, day);
  if (blocks.length === 0) return null;
  const text = describeBlocks(blocks);
  return (
    <span data-testid="availability-note" title={text} className={cn("block truncate text-[11px] leading-tight", blocks.every((b) => b.kind === "unavailable") ? "text-slate-500" : "text-emerald-800")}>
      {text}
    </span>
  );
}

/** A shift's cost and overtime (pay.read only), by shift id. */
type ShiftCosts = ReadonlyMap<string, { cents: number | null; overtimeMinutes: number }>;

function WeekGrid({ data, onOpen, onDay, costs }: { data: ScheduleWeek; onOpen: Open; onDay: (day: string) => void; costs: ShiftCosts }) {
  const update = useUpdateShift();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const byCell = useMemo(() => {
    const map = new Map<string, ScheduleShift[]>();
    for (const s of data.shifts) {
      const key = cellKey(s.unitId, s.userId ?? OPEN_ROW, shiftDay(s));
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [data.shifts]);
  const minutes = useMemo(() => minutesByMember(data.shifts), [data.shifts]);

  // While a shift is held over a cell: what it would run into there (before the drop).
  const [held, setHeld] = useState<{ cellId: string; conflicts: ShiftConflict[]; name: string } | null>(null);
  const memberNames = useMemo(() => new Map(data.departments.flatMap((u) => u.members.map((m) => [m.id, m.name] as const))), [data.departments]);

  function onDragOver(event: DragOverEvent) {
    const shift = data.shifts.find((s) => s.id === event.active.id);
    if (!shift || !event.over) return setHeld(null);
    const cellId = String(event.over.id);
    const cell = parseCellKey(cellId);
    const userId = cell.row === OPEN_ROW ? null : cell.row;
    const name = userId ? (memberNames.get(userId) ?? "This member") : "Open shifts";
    setHeld({ cellId, name, conflicts: dropConflicts(shift, { unitId: cell.unitId, userId, day: cell.day }, data, name) });
  }

  async function onDragEnd(event: DragEndEvent) {
    setHeld(null);
    const shift = data.shifts.find((s) => s.id === event.active.id);
    if (!shift || !event.over) return;
    const cell = parseCellKey(String(event.over.id));
    const userId = cell.row === OPEN_ROW ? null : cell.row;
    if (cell.unitId === shift.unitId && userId === shift.userId && cell.day === shiftDay(shift)) return;
    try {
      await update.mutateAsync({ id: shift.id, unitId: cell.unitId, userId, ...movedTimes(shift, cell.day) });
      toast({ title: "Shift moved" });
    } catch (error) {
      await toastError(error, { title: "Could not move the shift" });
    }
  }

  return (
    <DndContext sensors={sensors} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => setHeld(null)}>
      <p className="sr-only" aria-live="polite" data-testid="drop-announcement">
        {held ? (held.conflicts.length ? `${held.name}: ${held.conflicts.map((c) => c.message).join("; ")}` : `${held.name}: no conflict`) : ""}
      </p>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block" data-testid="schedule-grid">
        <table className="w-full min-w-[960px] table-fixed border-collapse text-sm">
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className="w-44 border-b border-slate-200 p-2 text-left font-medium text-slate-700">Member</th>
              {data.days.map((d) => (
                <th key={d.date} scope="col" className={cn("border-b border-l border-slate-200 p-2 text-left font-medium", dayOfWeek(d.date) % 6 === 0 ? "text-slate-500" : "text-slate-700")}>
                  <button type="button" onClick={() => onDay(d.date)} className="rounded text-left hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600" aria-label={`Day view: ${dayLabel(d.date)}`}>
                    {dayLabel(d.date)}
                  </button>
                  {d.holidays.map((h) => (
                    <span key={h} className="block truncate text-xs font-normal text-rose-700" title={h}>
                      {h}
                    </span>
                  ))}
                </th>
              ))}
            </tr>
          </thead>
          {data.departments.map((dept) => (
            <tbody key={dept.id}>
              <tr>
                <th colSpan={8} scope="colgroup" className="border-b border-slate-200 bg-indigo-50 px-2 py-1 text-left text-xs font-semibold tracking-wide text-indigo-900 uppercase">
                  {dept.name}
                </th>
              </tr>
              {[{ id: OPEN_ROW, name: "Open shifts" }, ...dept.members].map((m) => {
                const total = minutes.get(m.id) ?? 0;
                const level = hoursLevel(total, data.weeklyOvertimeMinutes);
                return (
                  <tr key={m.id} className="align-top">
                    <th scope="row" className="border-b border-slate-200 p-2 text-left font-normal">
                      <span className={cn("block truncate", m.id === OPEN_ROW ? "text-slate-500 italic" : "font-medium text-slate-900")}>{m.name}</span>
                      {m.id !== OPEN_ROW ? (
                        <span className={cn("text-xs", level === "over" ? "font-semibold text-red-700" : level === "near" ? "text-amber-700" : "text-slate-500")}>
                          {formatScheduledHours(total)}
                          {level === "over" ? " · overtime" : level === "near" ? " · near overtime" : ""}
                        </span>
                      ) : null}
                    </th>
                    {data.days.map((d) => {
                      const off = m.id === OPEN_ROW ? undefined : timeOffOn(data, m.id, d.date);
                      return (
                        <Cell key={d.date} id={cellKey(dept.id, m.id, d.date)} held={held} label={`${m.name}, ${dayLabel(d.date)}`} onAdd={() => onOpen({ kind: "new", unitId: dept.id, userId: m.id === OPEN_ROW ? null : m.id, day: d.date })}>
                          {off ? <TimeOffChip off={off} /> : null}
                          {m.id !== OPEN_ROW ? <AvailabilityNote data={data} userId={m.id} day={d.date} /> : null}
                          {(byCell.get(cellKey(dept.id, m.id, d.date)) ?? []).map((s) => (
                            <ShiftChip key={s.id} shift={s} cost={costs.get(s.id)} onTimeOff={Boolean(off)} conflict={availabilityConflict(s, data, m.name)?.message} onOpen={() => onOpen({ kind: "edit", shift: s })} />
                          ))}
                        </Cell>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
        {data.departments.length === 0 ? <p className="p-4 text-sm text-slate-600">You schedule no department yet: a manager plans the departments they belong to.</p> : null}
      </div>
    </DndContext>
  );
}

function Cell({ id, label, onAdd, held, children }: { id: string; label: string; onAdd: () => void; held: { cellId: string; conflicts: ShiftConflict[] } | null; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  // The conflicts of the shift held over this cell, shown before the drop (they warn; the drop still moves it).
  const conflicts = isOver && held?.cellId === id ? held.conflicts : [];
  return (
    <td ref={setNodeRef} className={cn("relative h-16 border-b border-l border-slate-200 p-1", isOver && (conflicts.length ? "bg-amber-50 outline-2 -outline-offset-2 outline-amber-500" : "bg-indigo-50"))}>
      <div className="flex h-full flex-col gap-1">
        {conflicts.length ? (
          // Laid over the cell, not in its flow: a preview that grew the row would move every cell
          // below it while the shift is held, and the pointer would land on another cell.
          <ul data-testid="drop-conflicts" className="pointer-events-none absolute inset-x-1 top-1 z-10 space-y-0.5 rounded-md bg-amber-100 px-1.5 py-1 text-[11px] leading-tight font-semibold text-amber-900 shadow-md">
            {conflicts.map((c) => (
              <li key={c.kind} data-kind={c.kind}>
                ⚠ {c.message}
              </li>
            ))}
          </ul>
        ) : null}
        {children}
        <button type="button" onClick={onAdd} aria-label={`Add shift: ${label}`} className="min-h-6 flex-1 rounded text-xs text-slate-400 hover:bg-slate-50 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </td>
  );
}

function ShiftChip({
  shift,
  onOpen,
  onTimeOff = false,
  conflict,
  cost,
}: {
  shift: ScheduleShift;
  onOpen: () => void;
  onTimeOff?: boolean;
  conflict?: string;
  cost?: { cents: number | null; overtimeMinutes: number };
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: shift.id });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <button
      ref={setNodeRef}
      type="button"
      style={style}
      {...listeners}
      {...attributes}
      onClick={onOpen}
      data-testid="shift-chip"
      className={cn(
        "w-full rounded-md px-1.5 py-1 text-left text-xs leading-tight",
        shift.status === "draft" ? "border border-dashed border-indigo-400 bg-white text-indigo-900" : "bg-indigo-600 text-white",
        (onTimeOff || conflict) && "ring-2 ring-amber-500",
        isDragging && "z-10 shadow-lg",
      )}
    >
      <span className="block font-semibold">{shiftSpan(shift.startsAt, shift.endsAt)}</span>
      {shift.roleLabel || shift.placeName ? <span className="block truncate">{[shift.roleLabel, shift.placeName].filter(Boolean).join(" · ")}</span> : null}
      {shift.status === "draft" ? <span className="sr-only"> (draft)</span> : null}
      {cost && (cost.cents !== null || cost.overtimeMinutes > 0) ? (
        <span className={cn("block", shift.status === "draft" ? "text-slate-600" : "text-indigo-100")} data-testid="shift-cost">
          {cost.cents !== null ? formatMoney(cost.cents) : null}
          {cost.overtimeMinutes > 0 ? (
            <span className={cn("font-semibold", shift.status === "draft" ? "text-red-700" : "text-amber-200")}>
              {cost.cents !== null ? " · " : ""}
              {formatScheduledHours(Math.round(cost.overtimeMinutes))} overtime
            </span>
          ) : null}
        </span>
      ) : null}
      {onTimeOff ? (
        <span className={cn("block font-semibold", shift.status === "draft" ? "text-amber-800" : "text-amber-100")} data-testid="shift-on-time-off">
          ⚠ On approved time off
        </span>
      ) : null}
      {conflict ? (
        <span className={cn("block font-semibold", shift.status === "draft" ? "text-amber-800" : "text-amber-100")} data-testid="shift-conflict">
          ⚠ {conflict}
        </span>
      ) : null}
    </button>
  );
}

/** The phone's layout: a list by day, each shift a row; tap to edit, "Add" per day. */
function DayList({ data, onOpen, onDay }: { data: ScheduleWeek; onOpen: Open; onDay: (day: string) => void }) {
  const firstUnit = data.departments[0]?.id;
  return (
    <div className="space-y-4 md:hidden" data-testid="schedule-day-list">
      {data.days.map((d) => {
        const shifts = data.shifts.filter((s) => shiftDay(s) === d.date);
        const names = new Map(data.departments.flatMap((u) => u.members.map((m) => [m.id, m.name] as const)));
        const offs = data.timeOff.filter((t) => t.startDay <= d.date && d.date <= t.endDay);
        return (
          <section key={d.date} aria-label={dayLabel(d.date)} className="rounded-lg border border-slate-200 bg-white">
            <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
              <div>
                <h2 className="font-medium text-slate-900">{dayLabel(d.date)}</h2>
                {d.holidays.length ? <p className="text-xs text-rose-700">{d.holidays.join(", ")}</p> : null}
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="secondary" size="sm" onClick={() => onDay(d.date)} aria-label={`Day view: ${dayLabel(d.date)}`}>
                  Day
                </Button>
                {firstUnit ? (
                  <Button variant="secondary" size="sm" onClick={() => onOpen({ kind: "new", unitId: firstUnit, userId: null, day: d.date })} aria-label={`Add shift on ${dayLabel(d.date)}`}>
                    Add
                  </Button>
                ) : null}
              </div>
            </header>
            {shifts.length === 0 ? <p className="px-3 py-2 text-sm text-slate-500">No shifts</p> : null}
            {offs.map((t) => (
              <p key={t.id} data-testid="time-off-chip" className="border-b border-slate-100 bg-emerald-50 px-3 py-1.5 text-sm text-emerald-900">
                {names.get(t.userId) ?? "A member"} · Off · {timeOffLabel(t)}
              </p>
            ))}
            <ul className="divide-y divide-slate-100">
              {shifts.map((s) => (
                <li key={s.id}>
                  <button type="button" onClick={() => onOpen({ kind: "edit", shift: s })} className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm">
                    <span className="min-w-0">
                      <span className={cn("block truncate font-medium", s.userId ? "text-slate-900" : "text-slate-500 italic")}>{s.memberName ?? "Open shift"}</span>
                      <span className="block truncate text-xs text-slate-600">{[s.unitName, s.roleLabel, s.placeName].filter(Boolean).join(" · ")}</span>
                    </span>
                    <span className="shrink-0 text-right">
                      <span className="block font-medium">{shiftSpan(s.startsAt, s.endsAt)}</span>
                      {s.status === "draft" ? <span className="block text-xs text-indigo-700">Draft</span> : null}
                      {timeOffOn(data, s.userId, d.date) ? <span className="block text-xs font-semibold text-amber-800">⚠ On time off</span> : null}
                      {s.userId && availabilityConflict(s, data, s.memberName ?? "") ? <span className="block text-xs font-semibold text-amber-800">⚠ Availability</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
