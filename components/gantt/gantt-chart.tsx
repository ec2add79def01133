"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useMinuteClock } from "@/components/shell/use-minute-clock";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastError } from "@/components/ui/use-toast";
import { PX_PER_DAY, ticksFor, xOf, type Zoom } from "@/lib/gantt/scale";
import {
  buildRows,
  conflictsOf,
  datesAfter,
  spanOf,
  startOfBusinessDay,
  type DragMode,
  type GanttRow,
  type GanttTask,
} from "@/lib/gantt/timeline-model";
import { addDependency, invalidateTimeline, patchTaskDates, removeDependency, setCachedTaskDates, setTaskDates, type Timeline } from "@/lib/queries/gantt";
import { businessDatesAfter } from "@/lib/gantt/business-shift";
import { STATUS_LABELS, type TaskStatusValue } from "@/lib/tasks/options";
import { addDays, dateKeyOf, formatDay, isWeekend } from "@/lib/dates";
import { businessDayRule, type IsBusinessDay } from "@/lib/dates/business-day-steps";
import { startOfDay } from "@/lib/dates/instants";
import { EditDatesDialog } from "./edit-dates-dialog";

const ROW_H = 34;
/** A holiday's column: rose stripes, told apart from a weekend's flat grey. */
const HOLIDAY_FILL = "repeating-linear-gradient(135deg, #ffe4e6 0 4px, #fff1f2 4px 8px)";
const HEADER_H = 48;
const LABEL_W = 260;
/** A pointer that travels less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;

/** Bar colours by status, dark enough for white 11 px text (WCAG AA 4.5:1). */
const STATUS_BAR: Record<string, string> = {
  open: "bg-indigo-600",
  in_progress: "bg-sky-700",
  blocked: "bg-amber-700",
  completed: "bg-emerald-700",
  cancelled: "bg-slate-500",
};

interface Drag {
  task: GanttTask;
  mode: DragMode | "link";
  pointerId: number;
  startX: number;
  days: number;
  moved: boolean;
  /** Alt held: exact calendar days, weekends and holidays allowed. */
  exact: boolean;
  /** Pointer position in the content's coordinates (link mode). */
  at?: { x: number; y: number };
}

const statusLabel = (status: string) => STATUS_LABELS[status as TaskStatusValue] ?? status;
const isOpen = (status: string) => status !== "completed" && status !== "cancelled";

function describeDates(task: Pick<GanttTask, "startDate" | "dueDate">): string {
  return task.startDate ? `${formatDay(task.startDate)} to ${formatDay(task.dueDate)}` : `milestone due ${formatDay(task.dueDate)}`;
}

/**
 * The desktop chart of /gantt (docs/gantt.md): our own drawing — HTML bars on virtualised rows
 * (@tanstack/react-virtual) and one SVG layer for the dependency arrows — after a trial of the
 * libraries found none with accessible bars. Bars are coloured by status, overdue ones outlined
 * red, a successor that starts before its predecessor ends outlined dashed. A bar the caller may
 * edit drags (move), resizes from its ends, and links from its round handle to another bar; the
 * change goes through the task API and the toast offers Undo. Keyboard: every bar is focusable
 * with its dates in its name; Enter opens "Edit dates". Arrows are focusable to remove a link.
 */
export function GanttChart({ timeline, zoom, shiftSuccessors, from, to }: { timeline: Timeline; zoom: Zoom; shiftSuccessors: boolean; from: string; to: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [editing, setEditing] = useState<GanttTask | null>(null);
  const [removing, setRemoving] = useState<{ successor: GanttTask; predecessor: GanttTask } | null>(null);
  const now = useMinuteClock();
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  const tasks = timeline.tasks as GanttTask[];
  const rows = useMemo(() => buildRows(tasks, timeline.projects, collapsed), [tasks, timeline.projects, collapsed]);
  const rowOf = useMemo(() => new Map(rows.flatMap((r, i) => (r.kind === "task" ? [[r.task.id, i] as const] : []))), [rows]);
  const byId = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);
  const conflicts = useMemo(() => conflictsOf(tasks, timeline.dependencies), [tasks, timeline.dependencies]);

  // Weekends and the organization's holidays (sent with the timeline): shaded, and drags keep off them.
  const holidayNames = useMemo(() => new Map(timeline.holidays.map((h) => [h.date, h.names.join(" / ")])), [timeline.holidays]);
  const isBusinessDay: IsBusinessDay = useMemo(() => businessDayRule(holidayNames.keys()), [holidayNames]);
  const datesFor = useCallback(
    (task: GanttTask, mode: DragMode, days: number, exact: boolean) => (exact ? datesAfter(task, mode, days) : businessDatesAfter(task, mode, days, isBusinessDay)),
    [isBusinessDay],
  );

  const px = PX_PER_DAY[zoom];
  const origin = useMemo(() => startOfBusinessDay(Date.parse(from)), [from]);
  const end = Date.parse(to);
  const chartWidth = Math.max(Math.ceil(xOf(end, origin, px)), 200);
  const ticks = useMemo(() => ticksFor(zoom, origin, end), [zoom, origin, end]);
  const x = useCallback((ms: number) => xOf(ms, origin, px), [origin, px]);
  const closedDays = useMemo(() => {
    const out: Array<{ key: string; left: number; width: number; holiday: string | null }> = [];
    const last = dateKeyOf(end);
    for (let key = dateKeyOf(origin), i = 0; key <= last && i < 800; key = addDays(key, 1), i++) {
      const holiday = holidayNames.get(key) ?? null;
      if (!holiday && !isWeekend(key)) continue;
      const left = x(startOfDay(key).getTime());
      out.push({ key, left, width: x(startOfDay(addDays(key, 1)).getTime()) - left, holiday });
    }
    return out;
  }, [origin, end, holidayNames, x]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the rows re-render on scroll by design; nothing here is memoized on the virtualizer
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 12,
    paddingStart: HEADER_H,
  });
  const items = virtualizer.getVirtualItems();
  const firstRow = items[0]?.index ?? 0;
  const lastRow = items[items.length - 1]?.index ?? 0;

  const todayX = now !== null && now >= origin && now <= end ? x(now) : null;

  const scrollToToday = useCallback(() => {
    const el = scrollRef.current;
    if (!el || todayX === null) return;
    el.scrollLeft = Math.max(0, todayX - (el.clientWidth - LABEL_W) / 3);
  }, [todayX]);
  // Open at today the first time the chart has a today line (and after a zoom).
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (todayX === null || scrolledFor.current === `${zoom}:${from}`) return;
    scrolledFor.current = `${zoom}:${from}`;
    scrollToToday();
  }, [todayX, zoom, from, scrollToToday]);

  // The first paint of the chart, read by e2e/gantt.spec.ts (docs/gantt.md: 500 tasks ≤ 1 s).
  useLayoutEffect(() => {
    if (performance.getEntriesByName("gantt-chart-rendered").length > 0) return;
    performance.mark("gantt-chart-rendered");
    requestAnimationFrame(() => performance.mark("gantt-chart-painted"));
  }, []);

  // ------------------------------------------------------------------ saving
  const saveDates = useCallback(
    async (task: GanttTask, after: { startDate: string | null; dueDate: string }, kind: "moved" | "changed", exact = false) => {
      const before = { startDate: task.startDate, dueDate: task.dueDate };
      if (before.startDate === after.startDate && before.dueDate === after.dueDate) return;
      const shift = shiftSuccessors && before.dueDate !== after.dueDate;
      const startField = (dates: typeof before) => (dates.startDate !== null || before.startDate !== null ? { startDate: dates.startDate } : {});
      setCachedTaskDates(queryClient, task.id, after);
      try {
        const result = await patchTaskDates(task.id, {
          dueDate: after.dueDate,
          ...startField(after),
          ...(shift ? { shiftSuccessors: true, ...(exact ? { shiftCalendarDays: true } : {}) } : {}),
        });
        const shiftedTasks = result.shiftedTasks ?? [];
        const shifted = shiftedTasks.length;
        // Undo puts the moved task and every shifted successor back where they were, in one request.
        const undo = () =>
          shifted
            ? setTaskDates([{ id: task.id, ...before }, ...shiftedTasks.map((t) => ({ id: t.id, ...t.before }))])
            : patchTaskDates(task.id, { dueDate: before.dueDate, ...startField(before) });
        toast({
          title: kind === "moved" ? "Task moved" : "Task dates changed",
          description: `#${task.displayNumber} ${task.title}: ${describeDates(after)}${shifted ? ` (${shifted} successor${shifted === 1 ? "" : "s"} moved too)` : ""}`,
          action: {
            label: "Undo",
            onClick: () => {
              setCachedTaskDates(queryClient, task.id, before);
              for (const t of shiftedTasks) setCachedTaskDates(queryClient, t.id, t.before);
              undo()
                .then(() =>
                  toast({
                    title: "Change undone",
                    description: `#${task.displayNumber} ${task.title}: ${describeDates(before)}${shifted ? ` (${shifted} successor${shifted === 1 ? "" : "s"} back too)` : ""}`,
                  }),
                )
                .catch((error: unknown) => toastError(error, { title: "Could not undo the change" }))
                .finally(() => void invalidateTimeline(queryClient));
            },
          },
        });
      } catch (error) {
        toastError(error, { title: "Could not move the task" });
      } finally {
        await invalidateTimeline(queryClient);
      }
    },
    [queryClient, shiftSuccessors],
  );

  const link = useCallback(
    async (predecessor: GanttTask, successor: GanttTask) => {
      try {
        await addDependency(successor.id, predecessor.id);
        toast({ title: "Dependency added", description: `#${successor.displayNumber} waits for #${predecessor.displayNumber}` });
      } catch (error) {
        toastError(error, { title: "Could not add the dependency" });
      } finally {
        await invalidateTimeline(queryClient);
      }
    },
    [queryClient],
  );

  const unlink = useCallback(
    async (successor: GanttTask, predecessor: GanttTask) => {
      try {
        await removeDependency(successor.id, predecessor.id);
        toast({ title: "Dependency removed", description: `#${successor.displayNumber} no longer waits for #${predecessor.displayNumber}` });
      } catch (error) {
        toastError(error, { title: "Could not remove the dependency" });
      } finally {
        setRemoving(null);
        await invalidateTimeline(queryClient);
      }
    },
    [queryClient],
  );

  // ------------------------------------------------------------------ pointer drag
  const contentPoint = (clientX: number, clientY: number) => {
    const rect = contentRef.current?.getBoundingClientRect();
    return rect ? { x: clientX - rect.left, y: clientY - rect.top } : { x: 0, y: 0 };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>, task: GanttTask) => {
    if (!task.canEdit || event.button !== 0) return;
    const handle = (event.target as HTMLElement).dataset.handle as DragMode | "link" | undefined;
    const mode = handle ?? "move";
    suppressClick.current = false;
    event.currentTarget.setPointerCapture(event.pointerId);
    const next: Drag = { task, mode, pointerId: event.pointerId, startX: event.clientX, days: 0, moved: false, exact: event.altKey };
    dragRef.current = next;
    setDrag(next);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const moved = current.moved || Math.abs(dx) >= DRAG_THRESHOLD_PX;
    const next: Drag = { ...current, moved, exact: event.altKey, days: Math.round(dx / px), at: current.mode === "link" ? contentPoint(event.clientX, event.clientY) : undefined };
    dragRef.current = next;
    setDrag(next);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current || current.pointerId !== event.pointerId) return;
    dragRef.current = null;
    setDrag(null);
    if (!current.moved) return;
    if (current.mode === "link") {
      const target = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>("[data-gantt-task]");
      const successor = target ? byId.get(target.dataset.ganttTask ?? "") : undefined;
      if (!successor || successor.id === current.task.id) return;
      if (!successor.canEdit) {
        toast({ title: "Could not add the dependency", description: `You may not edit #${successor.displayNumber}.`, variant: "destructive" });
        return;
      }
      void link(current.task, successor);
      return;
    }
    // The click that follows a drag's pointerup is not a click on the bar.
    suppressClick.current = true;
    // Business days unless Alt is held at the drop (exact calendar days).
    const exact = event.altKey;
    if (current.days !== 0) void saveDates(current.task, datesFor(current.task, current.mode, current.days, exact), current.mode === "move" ? "moved" : "changed", exact);
  };

  // Enter or a click: "Edit dates" for a task the caller may edit, its page otherwise.
  const onBarClick = (task: GanttTask, fromKeyboard: boolean) => {
    if (suppressClick.current && !fromKeyboard) {
      suppressClick.current = false;
      return;
    }
    suppressClick.current = false;
    if (task.canEdit) setEditing(task);
    else router.push(`/tasks/${task.id}`);
  };

  // ------------------------------------------------------------------ drawing
  const shown = (task: GanttTask) => (drag && drag.task.id === task.id && drag.mode !== "link" ? { ...task, ...datesFor(task, drag.mode, drag.days, drag.exact) } : task);
  const rowTop = (index: number) => HEADER_H + index * ROW_H;

  const arrows = timeline.dependencies.flatMap((dep) => {
    const a = rowOf.get(dep.dependsOnTaskId);
    const b = rowOf.get(dep.taskId);
    if (a === undefined || b === undefined) return [];
    if (Math.max(a, b) < firstRow || Math.min(a, b) > lastRow) return [];
    const predecessor = shown(byId.get(dep.dependsOnTaskId)!);
    const successor = shown(byId.get(dep.taskId)!);
    const x1 = LABEL_W + x(spanOf(predecessor).end);
    const x2 = LABEL_W + x(spanOf(successor).start);
    const y1 = rowTop(a) + ROW_H / 2;
    const y2 = rowTop(b) + ROW_H / 2;
    const d =
      x2 - x1 >= 16
        ? `M${x1},${y1} H${x1 + 8} V${y2} H${x2 - 2}`
        : `M${x1},${y1} H${x1 + 8} V${y2 - (y2 > y1 ? ROW_H / 2 : -ROW_H / 2)} H${x2 - 10} V${y2} H${x2 - 2}`;
    const conflict = spanOf(successor).start < spanOf(predecessor).end;
    return [{ key: `${dep.taskId}:${dep.dependsOnTaskId}`, d, conflict, successor: byId.get(dep.taskId)!, predecessor: byId.get(dep.dependsOnTaskId)! }];
  });

  const linkFrom =
    drag?.mode === "link" && drag.at && rowOf.has(drag.task.id)
      ? { x: LABEL_W + x(spanOf(drag.task).end) + 10, y: rowTop(rowOf.get(drag.task.id)!) + ROW_H / 2 }
      : null;

  const totalHeight = virtualizer.getTotalSize();

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="secondary" size="sm" onClick={scrollToToday} disabled={todayX === null}>
          Today
        </Button>
        <Legend />
      </div>
      <p className="text-xs text-slate-600">
        Drags keep to business days (weekends and holidays skipped, a task keeps its length in business days); hold Alt while dropping for exact days.
        {closedDays.some((d) => d.holiday) && (
          <>
            {" "}
            Holidays:{" "}
            {closedDays
              .filter((d) => d.holiday)
              .map((d) => `${formatDay(d.key)} ${d.holiday}`)
              .join("; ")}
            .
          </>
        )}
      </p>
      <div
        ref={scrollRef}
        className="relative h-[calc(100vh-18rem)] min-h-[24rem] overflow-auto overscroll-contain rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label="Gantt chart"
        tabIndex={-1}
      >
        <div ref={contentRef} className="relative" style={{ width: LABEL_W + chartWidth, height: totalHeight }}>
          {/* Header: sticky on top; its first cell also sticks to the left. */}
          <div className="sticky top-0 z-40 flex border-b border-slate-200 bg-white" style={{ height: HEADER_H, width: LABEL_W + chartWidth }}>
            <div className="sticky left-0 z-10 flex items-end border-r border-slate-200 bg-white px-3 pb-1.5 text-xs font-semibold text-slate-600" style={{ width: LABEL_W, minWidth: LABEL_W }}>
              Task
            </div>
            <div className="relative" style={{ width: chartWidth }} aria-hidden>
              {ticks.map((tick, i) => (
                <div key={tick.at} className="absolute inset-y-0" style={{ left: x(tick.at) }}>
                  {(tick.major || i === 0) && tick.majorLabel && <span className="absolute top-1 left-1 text-xs font-semibold whitespace-nowrap text-slate-700">{tick.majorLabel}</span>}
                  <span className={`absolute bottom-1.5 left-1 text-[11px] whitespace-nowrap ${tick.major ? "font-semibold text-slate-700" : "text-slate-500"}`}>{tick.label}</span>
                </div>
              ))}
              {closedDays.map((d) =>
                d.holiday ? (
                  <span key={d.key} data-holiday={d.key} title={`${formatDay(d.key)}: ${d.holiday}`} className="absolute top-0 h-1.5 bg-rose-400" style={{ left: d.left, width: d.width }} />
                ) : null,
              )}
              {todayX !== null && (
                <span className="absolute top-1 z-10 -translate-x-1/2 rounded bg-red-600 px-1 text-[10px] font-semibold text-white" style={{ left: todayX }}>
                  Today
                </span>
              )}
            </div>
          </div>

          {/* Grid lines and the today line, behind the bars. */}
          <div className="pointer-events-none absolute bottom-0" style={{ top: HEADER_H, left: LABEL_W, width: chartWidth }} aria-hidden>
            {closedDays.map((d) => (
              <div
                key={d.key}
                data-closed-day={d.key}
                data-kind={d.holiday ? "holiday" : "weekend"}
                className={`absolute inset-y-0 ${d.holiday ? "" : "bg-slate-100"}`}
                style={{ left: d.left, width: d.width, ...(d.holiday ? { background: HOLIDAY_FILL } : {}) }}
              />
            ))}
            {ticks.map((tick) => (
              <div key={tick.at} className={`absolute inset-y-0 w-px ${tick.major ? "bg-slate-300" : "bg-slate-100"}`} style={{ left: x(tick.at) }} />
            ))}
            {todayX !== null && <div data-testid="gantt-today-line" title="Today" className="absolute inset-y-0 z-20 w-0.5 bg-red-500" style={{ left: todayX }} />}
          </div>

          {items.map((item) => {
            const row = rows[item.index];
            return (
              <div key={row.key} className="absolute left-0 flex border-b border-slate-100" style={{ top: item.start, height: ROW_H, width: LABEL_W + chartWidth }}>
                {row.kind === "group" ? (
                  <GroupRow row={row} x={x} onToggle={() => setCollapsed((set) => toggled(set, row.projectId ?? ""))} />
                ) : (
                  <TaskRowView
                    task={row.task}
                    shown={shown(row.task)}
                    depth={row.depth}
                    x={x}
                    now={now}
                    conflictWith={conflicts.get(row.task.id)}
                    dragging={drag?.task.id === row.task.id}
                    onPointerDown={onPointerDown}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onClick={onBarClick}
                  />
                )}
              </div>
            );
          })}

          {/* Dependency arrows above the rows (only the strokes take the pointer). */}
          <svg className="pointer-events-none absolute top-0 left-0 z-20" width={LABEL_W + chartWidth} height={totalHeight} aria-hidden={arrows.length === 0 && !linkFrom ? true : undefined}>
            <defs>
              <marker id="gantt-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
                <path d="M0,0 L8,4 L0,8 z" fill="#475569" />
              </marker>
              <marker id="gantt-arrow-conflict" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
                <path d="M0,0 L8,4 L0,8 z" fill="#dc2626" />
              </marker>
            </defs>
            {arrows.map((arrow) => {
              const name = `Dependency: #${arrow.successor.displayNumber} waits for #${arrow.predecessor.displayNumber}${arrow.conflict ? `, #${arrow.successor.displayNumber} starts before #${arrow.predecessor.displayNumber} ends` : ""}`;
              const removable = arrow.successor.canEdit;
              return (
                <g
                  key={arrow.key}
                  role={removable ? "button" : "img"}
                  aria-label={name}
                  tabIndex={removable ? 0 : undefined}
                  className="group pointer-events-auto cursor-pointer outline-none"
                  onClick={removable ? () => setRemoving({ successor: arrow.successor, predecessor: arrow.predecessor }) : undefined}
                  onKeyDown={
                    removable
                      ? (e) => {
                          if (e.key === "Enter" || e.key === " ") {
                            e.preventDefault();
                            setRemoving({ successor: arrow.successor, predecessor: arrow.predecessor });
                          }
                        }
                      : undefined
                  }
                >
                  <title>{name}</title>
                  <path d={arrow.d} fill="none" stroke="transparent" strokeWidth={10} style={{ pointerEvents: "stroke" }} />
                  <path
                    d={arrow.d}
                    fill="none"
                    stroke={arrow.conflict ? "#dc2626" : "#475569"}
                    strokeWidth={1.5}
                    strokeDasharray={arrow.conflict ? "4 3" : undefined}
                    markerEnd={`url(#${arrow.conflict ? "gantt-arrow-conflict" : "gantt-arrow"})`}
                    className="group-hover:stroke-[2.5] group-focus-visible:stroke-[3]"
                  />
                </g>
              );
            })}
            {linkFrom && drag?.at && <line x1={linkFrom.x} y1={linkFrom.y} x2={drag.at.x} y2={drag.at.y} stroke="#4f46e5" strokeWidth={2} strokeDasharray="5 4" />}
          </svg>
        </div>
      </div>

      {editing && (
        <EditDatesDialog
          task={editing}
          onClose={() => setEditing(null)}
          onSave={async (after) => {
            const task = editing;
            setEditing(null);
            await saveDates(task, after, "changed");
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove dependency"
        confirmLabel="Remove"
        onConfirm={() => removing && void unlink(removing.successor, removing.predecessor)}
      >
        {removing && (
          <p className="text-sm text-slate-700">
            #{removing.successor.displayNumber} {removing.successor.title} waits for #{removing.predecessor.displayNumber} {removing.predecessor.title}. Remove this dependency?
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

function GroupRow({ row, x, onToggle }: { row: Extract<GanttRow, { kind: "group" }>; x: (ms: number) => number; onToggle: () => void }) {
  const left = x(row.start);
  const width = Math.max(x(row.end) - left, 6);
  return (
    <>
      <div className="sticky left-0 z-30 flex items-center border-r border-slate-200 bg-slate-50" style={{ width: LABEL_W, minWidth: LABEL_W }}>
        <button type="button" onClick={onToggle} aria-expanded={!row.collapsed} className="flex w-full min-w-0 items-center gap-1.5 px-2 text-left text-sm font-semibold text-slate-800 hover:text-indigo-700">
          <svg aria-hidden viewBox="0 0 20 20" className={`size-4 shrink-0 transition-transform ${row.collapsed ? "-rotate-90" : ""}`} fill="currentColor">
            <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
          </svg>
          {row.color && <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: row.color }} />}
          <span className="truncate">{row.name}</span>
          <span className="shrink-0 text-xs font-normal text-slate-500">({row.count})</span>
        </button>
      </div>
      <div className="relative flex-1 bg-slate-50/60">
        <div
          role="img"
          aria-label={`${row.name}: ${formatDay(new Date(row.start))} to ${formatDay(new Date(row.end))}, ${row.progress}% complete`}
          data-summary-color={row.color ?? undefined}
          className={`absolute top-1/2 h-3 -translate-y-1/2 overflow-hidden rounded-sm ${row.color ? "" : "bg-slate-400"}`}
          style={{ left, width, ...(row.color ? { background: `color-mix(in srgb, ${row.color} 40%, white)`, boxShadow: `inset 0 0 0 1px ${row.color}` } : {}) }}
          title={`${row.name}: ${row.progress}% complete`}
        >
          <div className={`h-full ${row.color ? "" : "bg-slate-700"}`} style={{ width: `${row.progress}%`, ...(row.color ? { background: row.color } : {}) }} />
        </div>
      </div>
    </>
  );
}

interface TaskRowProps {
  task: GanttTask;
  shown: GanttTask;
  depth: number;
  x: (ms: number) => number;
  now: number | null;
  conflictWith: number[] | undefined;
  dragging: boolean;
  onPointerDown: (event: ReactPointerEvent<HTMLElement>, task: GanttTask) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
  onClick: (task: GanttTask, fromKeyboard: boolean) => void;
}

function TaskRowView({ task, shown, depth, x, now, conflictWith, dragging, onPointerDown, onPointerMove, onPointerUp, onClick }: TaskRowProps) {
  const span = spanOf(shown);
  const overdue = now !== null && isOpen(task.status) && Date.parse(task.dueDate) < now;
  const name = [
    `#${task.displayNumber} ${task.title}`,
    describeDates(shown),
    statusLabel(task.status),
    task.progress > 0 ? `${task.progress}% done` : null,
    overdue ? "overdue" : null,
    conflictWith?.length ? `starts before ${conflictWith.map((n) => `#${n}`).join(", ")} ends` : null,
    task.canEdit ? null : "read only",
  ]
    .filter(Boolean)
    .join(", ");
  const marks = `${overdue ? "ring-2 ring-red-600 ring-offset-1" : ""} ${conflictWith?.length ? "outline-2 outline-offset-2 outline-dashed outline-red-600" : ""}`;
  const left = x(span.start);
  const width = Math.max(x(span.end) - left, 8);
  const handlers = task.canEdit
    ? { onPointerDown: (e: ReactPointerEvent<HTMLElement>) => onPointerDown(e, task), onPointerMove, onPointerUp, onPointerCancel: onPointerUp }
    : {};

  return (
    <>
      <div className="sticky left-0 z-30 flex items-center border-r border-slate-200 bg-white" style={{ width: LABEL_W, minWidth: LABEL_W }}>
        <Link
          href={`/tasks/${task.id}`}
          className="block min-w-0 truncate px-2 text-sm text-slate-700 hover:text-indigo-700 hover:underline"
          style={{ paddingLeft: 8 + depth * 16 }}
          title={task.title}
          tabIndex={-1}
        >
          <span className="text-slate-500">#{task.displayNumber}</span> {task.title}
        </Link>
      </div>
      <div className="relative flex-1">
        {span.milestone ? (
          <button
            type="button"
            data-gantt-task={task.id}
            data-kind="milestone"
            aria-label={name}
            aria-haspopup={task.canEdit ? "dialog" : undefined}
            onClick={(e) => onClick(task, e.detail === 0)}
            {...handlers}
            className={`absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rotate-45 touch-none rounded-[2px] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 ${STATUS_BAR[task.status] ?? "bg-indigo-600"} ${marks} ${task.canEdit ? "cursor-grab" : "cursor-pointer"} ${dragging ? "opacity-80 shadow-lg" : ""}`}
            style={{ left: x(span.end) }}
          />
        ) : (
          <button
            type="button"
            data-gantt-task={task.id}
            data-kind="bar"
            aria-label={name}
            aria-haspopup={task.canEdit ? "dialog" : undefined}
            onClick={(e) => onClick(task, e.detail === 0)}
            {...handlers}
            className={`group absolute top-1/2 h-5 -translate-y-1/2 touch-none rounded text-left focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 ${STATUS_BAR[task.status] ?? "bg-indigo-600"} ${marks} ${task.canEdit ? "cursor-grab" : "cursor-pointer opacity-90"} ${dragging ? "opacity-80 shadow-lg" : ""}`}
            style={{ left, width }}
          >
            <span aria-hidden className="absolute inset-y-0 left-0 rounded-l bg-black/25" style={{ width: `${task.progress}%` }} />
            {width > 80 && <span aria-hidden className="pointer-events-none absolute inset-0 truncate px-2 text-[11px] leading-5 font-medium text-white">{task.title}</span>}
            {task.canEdit && (
              <>
                <span data-handle="start" aria-hidden className="absolute inset-y-0 left-0 w-2 cursor-ew-resize rounded-l hover:bg-black/30" />
                <span data-handle="end" aria-hidden className="absolute inset-y-0 right-0 w-2 cursor-ew-resize rounded-r hover:bg-black/30" />
              </>
            )}
          </button>
        )}
        {task.canEdit && (
          <span
            data-handle="link"
            data-link-handle={task.id}
            aria-hidden
            title="Drag to another bar to add a dependency"
            onPointerDown={(e) => onPointerDown(e, task)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            className="absolute top-1/2 size-3 -translate-y-1/2 cursor-crosshair touch-none rounded-full border-2 border-indigo-600 bg-white hover:scale-125"
            style={{ left: x(span.end) + (span.milestone ? 10 : 4) }}
          />
        )}
      </div>
    </>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      {(["open", "in_progress", "blocked", "completed", "cancelled"] as const).map((s) => (
        <li key={s} className="inline-flex items-center gap-1">
          <span aria-hidden className={`inline-block h-2.5 w-4 rounded-sm ${STATUS_BAR[s]}`} />
          {statusLabel(s)}
        </li>
      ))}
      <li className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block h-2.5 w-4 rounded-sm ring-2 ring-red-600" />
        Overdue
      </li>
      <li className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block h-2.5 w-4 rounded-sm outline-2 outline-dashed outline-red-600" />
        Starts before a prerequisite ends
      </li>
      <li className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block size-2.5 rotate-45 bg-indigo-600" />
        Milestone (no start date)
      </li>
      <li className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block h-2.5 w-4 rounded-sm border border-slate-200 bg-slate-100" />
        Weekend
      </li>
      <li className="inline-flex items-center gap-1">
        <span aria-hidden className="inline-block h-2.5 w-4 rounded-sm border border-rose-200" style={{ background: HOLIDAY_FILL }} />
        Holiday
      </li>
    </ul>
  );
}
