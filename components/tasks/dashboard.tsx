"use client";

import Link from "next/link";
import { useDeferredValue, useMemo, useState } from "react";
import { DepartmentFilter } from "@/components/org/department-filter";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useErrorToast } from "@/components/ui/use-toast";
import { useFriendlyError } from "@/components/ui/use-friendly-error";
import { offlineSafe } from "@/components/ui/offline-safe";
import { groupTasks, type GroupBy } from "@/lib/tasks/grouping";
import { pageRangeText } from "@/lib/tasks/page-range";
import { ACTIVE_STATUSES, DASHBOARD_PAGE_SIZE } from "@/lib/tasks/dashboard-defaults";
import type { DashboardInitialData } from "@/lib/validations/tasks";
import { dateKeyOf } from "@/lib/dates";
import { useDashboardStats, useTasks, type TaskFilters } from "@/lib/queries/tasks";
import { useSaveHomeView, useSaveTaskListDensity } from "@/lib/queries/auth";
import { isTaskNumberSearch } from "@/lib/tasks/number-search";
import { EMPTY_LIST_CURSOR, visibleCursorState, type ListCursorState } from "@/lib/tasks/list-cursor";
import type { HomeView, TaskListDensity } from "@/lib/validations/auth";
import dynamic from "next/dynamic";

// The bar of selected tasks (`x`) loads with the first selection.
const SelectionBar = dynamic(offlineSafe(() => import("./selection-bar").then((m) => m.SelectionBar)), { ssr: false });
// My day is rendered on the server with the page; its code is its own chunk, outside the task
// list's first-load budget (docs/performance.md), since admins and managers mostly never open it.
const MyDay = dynamic(() => import("./my-day").then((m) => m.MyDay));
import { CreateTaskDialog } from "./create-task-dialog";
import { EditTaskDialog } from "./edit-task-dialog";
import { ListKeys } from "./list-keys";
import { TaskRow } from "./task-row";
import type { Task } from "@/lib/queries/tasks";
import type { TaskFilterOptions } from "./task-filter-options";

/**
 * Quick add loads after the list (its chip editors, pickers and the create mutation are not in
 * the dashboard's first load); until then a dashed row of its height stands in its place, so
 * nothing moves: 96 px, or in the compact density (the dashboard's `data-density`) 90 px, one
 * line of 58 px from xl.
 */
const QuickAddRow = dynamic(() => import("./quick-add-row").then((m) => m.QuickAddRow), {
  loading: () => (
    <div
      aria-hidden="true"
      className="h-24 rounded-lg border border-dashed border-slate-300 bg-white group-data-[density=compact]/dashboard:h-[5.625rem] xl:group-data-[density=compact]/dashboard:h-[3.625rem]"
    />
  ),
});

const PAGE_SIZE = DASHBOARD_PAGE_SIZE;
const ACTIVE = ACTIVE_STATUSES;

type Scope = "all" | "mine";
type Card = "mineOpen" | "dueToday" | "overdue" | "completedThisWeek" | null;

/**
 * The stat cards: every one is a button that filters the list below to exactly what it counts
 * (lib/services/tasks/get-dashboard-stats.ts), so each label says whose tasks it means. `short`
 * is the phone's compact row.
 */
const CARDS: { card: Exclude<Card, null>; label: string; short: string; tone?: "danger" | "success" }[] = [
  { card: "mineOpen", label: "My open tasks", short: "My open" },
  { card: "dueToday", label: "My tasks due today", short: "My today" },
  { card: "overdue", label: "My overdue tasks", short: "My overdue", tone: "danger" },
  { card: "completedThisWeek", label: "My tasks completed this week", short: "My done", tone: "success" },
];

const HOME_VIEWS = [["my-day", "My day"], ["task-list", "Task List"]] as const;
const DENSITIES = [["comfortable", "Comfortable"], ["compact", "Compact"]] as const;

/**
 * The task list at / (spec §2): stats cards, filters, sorting, grouping, quick complete. The
 * server filters, sorts and paginates (50 a page), so 1,000 or 100,000 visible tasks render
 * the same 50 rows. With `project` it is the project page's task list: the same filters,
 * limited to that project (every status by default), without the title and stats cards.
 */
export function Dashboard({
  project,
  initial,
  home,
  density: savedDensity,
  options,
}: { project?: { id: string; departmentId: string | null }; initial?: DashboardInitialData; home?: HomeView; density?: TaskListDensity; options: TaskFilterOptions }) {
  const defaultStatus = project ? "" : ACTIVE;
  // What `/` opens on: My day (a staff member's default) or the Task List; the choice is saved per member.
  const [view, setView] = useState<HomeView>(home ?? "task-list");
  const saveView = useSaveHomeView();
  const chooseView = (next: HomeView) => {
    setView(next);
    saveView.mutate(next);
  };
  // Comfortable (two lines a task) or compact (one line a task); the choice is saved per member.
  const [density, setDensity] = useState<TaskListDensity>(savedDensity ?? "comfortable");
  const compact = density === "compact";
  const saveDensity = useSaveTaskListDensity();
  const chooseDensity = (next: TaskListDensity) => {
    setDensity(next);
    saveDensity.mutate(next);
  };
  const [scope, setScope] = useState<Scope>("all");
  const [status, setStatus] = useState<string>(defaultStatus);
  const [priority, setPriority] = useState("");
  const [unitId, setUnitId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<string>("dueDate");
  const [groupBy, setGroupBy] = useState<GroupBy>("dueDate");
  const [card, setCard] = useState<Card>(null);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Task | null>(null);
  // On a phone the filters fold away behind one button so the tasks start near the top.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const q = useDeferredValue(search.trim());
  // "32" or "#32" looks for task number 32: past the default Active filter, so a finished task is found too.
  const numberSearch = isTaskNumberSearch(q);

  const filters: TaskFilters = useMemo(() => {
    const base: TaskFilters = {
      status: numberSearch && status === defaultStatus ? "" : status,
      priority: priority || undefined,
      unitId,
      q: q || undefined,
      sort,
      page,
      pageSize: PAGE_SIZE,
      mine: scope === "mine" || undefined,
      projectId: project?.id,
    };
    if (card === "mineOpen") return { ...base, mine: true, status: ACTIVE };
    if (card === "dueToday") return { ...base, mine: true, status: ACTIVE, dueOn: dateKeyOf(new Date()) };
    if (card === "overdue") return { ...base, mine: true, status: ACTIVE, dueTo: new Date().toISOString() };
    if (card === "completedThisWeek") return { ...base, mine: undefined, status: "completed", completedThisWeek: true, sort: "updatedAt" };
    return base;
  }, [status, priority, unitId, q, sort, page, scope, card, project?.id, numberSearch, defaultStatus]);

  // The server rendered the first view (lib/tasks/dashboard-defaults.ts); other views fetch.
  const firstView = !project && page === 1 && scope === "all" && status === ACTIVE && !priority && !unitId && !q && sort === "dueDate" && !card;
  const tasks = useTasks(filters, { initialData: firstView ? initial?.tasks.data : undefined, initialDataUpdatedAt: initial?.tasks.readAt });
  const stats = useDashboardStats(initial?.stats.data, initial?.stats.readAt, { enabled: !project });
  // A failed list (or stats) load: the friendly toast, beside the inline empty state.
  useErrorToast(tasks.error ?? stats.error);
  const failure = useFriendlyError(tasks.error);
  const data = tasks.data;
  const groups = useMemo(() => groupTasks(data?.items ?? [], groupBy), [data, groupBy]);
  const filtered = Boolean(q || priority || unitId || scope === "mine" || card || status !== defaultStatus);
  const rows = groups.flatMap((group) => group.tasks);
  const [cursorState, setCursorState] = useState<ListCursorState>(EMPTY_LIST_CURSOR);
  // Selected tasks that leave the list (a new filter or page) leave the selection. 50 rows a page: no memo needed.
  const list = visibleCursorState(cursorState, rows.map((t) => t.id));
  const selectedTasks = rows.filter((t) => list.selected.has(t.id));

  const resetPage = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setPage(1);
  };
  const clearFilters = () => {
    setScope("all");
    setStatus(defaultStatus);
    setPriority("");
    setUnitId(null);
    setSearch("");
    setCard(null);
    setPage(1);
  };

  return (
    <div className={`group/dashboard ${compact ? "space-y-3" : "space-y-5"}`} data-density={density}>
      {project ? (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setCreating(true)}>
            New Task
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold text-slate-900">{view === "my-day" ? "My day" : "Task List"}</h1>
            <div className="flex flex-wrap items-center gap-2">
              {home ? <Segmented label="Home view" options={HOME_VIEWS} value={view} onChange={chooseView} /> : null}
              <Segmented label="List density" options={DENSITIES} value={density} onChange={chooseDensity} />
              <Button onClick={() => setCreating(true)}>New Task</Button>
            </div>
          </div>

          <section aria-label="Task statistics" className="grid grid-cols-5 gap-1.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5">
            {CARDS.map(({ card: c, label, short, tone }) => (
              <StatCard
                key={c}
                label={label}
                short={short}
                tone={tone}
                value={stats.data?.[c]}
                active={card === c}
                onClick={() => resetPage(setCard)(card === c ? null : c)}
                slim={density === "compact"}
              />
            ))}
            <Link
              href="/available-tasks"
              aria-label={`Available to pick up (${stats.data?.availableToPickUp ?? "–"}): open the list`}
              className={`rounded-lg border border-slate-200 bg-white p-1.5 text-center shadow-xs hover:border-indigo-300 sm:text-left ${density === "compact" ? "sm:flex sm:items-baseline sm:gap-2 sm:px-3 sm:py-1.5" : "sm:p-4"}`}
            >
              <div className={`text-lg font-semibold text-slate-900 ${density === "compact" ? "" : "sm:order-last sm:mt-1 sm:text-2xl"}`}>{stats.data?.availableToPickUp ?? "–"}</div>
              <div className="text-[11px] leading-tight font-medium text-slate-600 sm:text-xs">
                <span className="sm:hidden">Pick up</span>
                <span className="hidden sm:inline">Available to pick up</span>
              </div>
              <div className={`hidden text-xs text-indigo-600 ${density === "compact" ? "" : "sm:block"}`}>Open list ›</div>
            </Link>
          </section>
          {view === "my-day" ? <MyDay initial={initial?.myDay} /> : null}
        </>
      )}

      {!project && (view === "my-day" || card) ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900" data-testid="list-heading">
            {card ? `${CARDS.find((c) => c.card === card)!.label}` : "All tasks"}
            {card && data ? <span className="ml-1.5 font-normal text-slate-500">({data.total}{data.totalCapped ? "+" : ""})</span> : null}
          </h2>
          {card ? (
            <button type="button" className="text-sm font-medium text-indigo-600 hover:underline" onClick={() => resetPage(setCard)(null)}>
              Show all tasks
            </button>
          ) : null}
        </div>
      ) : null}

      {/* Compact: tighter, and on one line from xl (the status select's column fits its default "Active (…)"). */}
      <section
        aria-label="Filters"
        className={`grid rounded-lg border border-slate-200 bg-white sm:grid-cols-2 lg:grid-cols-4 ${compact ? "gap-2 p-2 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,0.7fr)_minmax(0,1.7fr)_minmax(0,0.8fr)_minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,1fr)]" : "gap-3 p-3"}`}
      >
        <div className="flex gap-2">
          <Input type="search" aria-label="Search tasks" placeholder="Search title or #number" value={search} onChange={(e) => resetPage(setSearch)(e.target.value)} />
          <Button
            variant="secondary"
            className="shrink-0 sm:hidden"
            aria-expanded={filtersOpen}
            aria-controls="task-filters-more"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? "Hide filters" : "Filters"}
            {filtered && !filtersOpen ? (
              <>
                <span aria-hidden className="ml-1.5 inline-block size-2 rounded-full bg-brand-600" />
                <span className="sr-only"> (active)</span>
              </>
            ) : null}
          </Button>
        </div>
        <div id="task-filters-more" className={filtersOpen ? "contents" : "hidden sm:contents"}>
          <Select aria-label="Show" value={scope} onChange={(e) => resetPage(setScope)(e.target.value as Scope)}>
            {options.scope}
          </Select>
          <Select aria-label="Status" value={status} onChange={(e) => resetPage(setStatus)(e.target.value)}>
            {options.status}
          </Select>
          <Select aria-label="Priority" value={priority} onChange={(e) => resetPage(setPriority)(e.target.value)}>
            {options.priority}
          </Select>
          <div className={compact ? "sm:col-span-2 xl:col-span-1" : "sm:col-span-2"}>
            <DepartmentFilter value={unitId} onChange={resetPage(setUnitId)} id="filter-department" placeholder="All departments" />
          </div>
          <Select aria-label="Sort by" value={sort} onChange={(e) => resetPage(setSort)(e.target.value)}>
            {options.sort}
          </Select>
          <Select
            aria-label="Group by"
            value={groupBy}
            onChange={(e) => {
              const next = e.target.value as GroupBy;
              setGroupBy(next);
              // Groups read best when the list is sorted the same way.
              if (next === "dueDate" || next === "priority" || next === "department") resetPage(setSort)(next);
            }}
          >
            {options.group}
          </Select>
        </div>
      </section>

      <QuickAddRow compact={compact} defaults={project ? { projectId: project.id, department: project.departmentId } : undefined} />

      {tasks.isError && failure ? (
        <EmptyState title={failure.title} description={failure.description} action={<Button onClick={() => tasks.refetch()}>Try Again</Button>} />
      ) : tasks.isError || !data || (data.items.length === 0 && tasks.isPlaceholderData) ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No tasks match these filters" description="Try another search or clear the filters." action={<Button variant="secondary" onClick={clearFilters}>Clear filters</Button>} />
        ) : (
          <EmptyState title="No tasks yet" description={project ? "Add the first task of this project." : "Create the first task for your team."} action={<Button onClick={() => setCreating(true)}>Create Task</Button>} />
        )
      ) : (
        <div className={`${density === "compact" ? "space-y-2" : "space-y-4"} ${tasks.isFetching ? "opacity-70" : ""}`} data-density={density} data-testid="task-list">
          {list.selected.size > 0 ? <SelectionBar tasks={selectedTasks} onClear={() => setCursorState((state) => ({ ...state, selected: new Set() }))} /> : null}
          {groups.map((group) => (
            <section key={group.key} aria-label={group.label} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              {groupBy !== "none" && (
                <h2 className={`border-b border-slate-200 bg-slate-50 px-4 text-sm font-semibold text-slate-700 ${density === "compact" ? "py-1" : "py-2"}`}>
                  {group.label} <span className="font-normal text-slate-500">({group.tasks.length})</span>
                </h2>
              )}
              <ul className="divide-y divide-slate-100">
                {group.tasks.map((task) => (
                  <TaskRow
                    key={task.id}
                    task={task}
                    density={density}
                    current={list.cursor === task.id}
                    selected={list.selected.has(task.id)}
                    actions={
                      task.permissions.canEdit ? (
                        <button type="button" className="text-xs font-medium text-indigo-600 hover:underline" onClick={() => setEditing(task)}>
                          Edit
                        </button>
                      ) : null
                    }
                  />
                ))}
              </ul>
            </section>
          ))}
          <nav className="flex items-center justify-between text-sm text-slate-600" aria-label="Pagination">
            <span>
              {pageRangeText({ page: data.page, pageSize: data.pageSize, shown: data.items.length, total: data.total, totalCapped: data.totalCapped })}
            </span>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button variant="secondary" size="sm" disabled={!data.hasMore} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </nav>
        </div>
      )}

      <ListKeys tasks={rows} loading={tasks.isPlaceholderData} state={cursorState} onChange={setCursorState} />
      <CreateTaskDialog
        open={creating}
        onClose={() => setCreating(false)}
        defaults={project ? { projectId: project.id, department: project.departmentId } : undefined}
      />
      {editing && <EditTaskDialog task={editing} open onClose={() => setEditing(null)} />}
    </div>
  );
}

/** A choice of two or three, saved when made (the Home view, the density): a segmented control of aria-pressed buttons. */
function Segmented<T extends string>({ label, options, value, onChange }: { label: string; options: readonly (readonly [T, string])[]; value: T; onChange: (next: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md p-0.5 ring-1 ring-slate-300 ring-inset">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`rounded px-2.5 py-1 text-sm font-medium ${value === option ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** `slim`: the compact density's one-line card (the number beside the label), so the list gets the room. */
function StatCard({ label, short, value, active, onClick, tone, slim }: { label: string; short: string; value: number | undefined; active: boolean; onClick: () => void; tone?: "danger" | "success"; slim: boolean }) {
  const color = tone === "danger" && value ? "text-red-600" : tone === "success" ? "text-emerald-700" : "text-slate-900";
  const shape = slim ? "sm:flex-row sm:items-baseline sm:gap-2 sm:px-3 sm:py-1.5" : "sm:p-4";
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={`${label} (${value ?? "–"}): ${active ? "shown in the list" : "show in the list"}`}
      onClick={onClick}
      className={`flex flex-col rounded-lg border bg-white p-1.5 text-center shadow-xs sm:text-left ${shape} ${active ? "border-indigo-500 ring-2 ring-indigo-500/20" : "border-slate-200 hover:border-indigo-300"}`}
    >
      <span className={`text-lg font-semibold ${slim ? "sm:order-first" : "sm:order-last sm:mt-1 sm:text-2xl"} ${color}`}>{value ?? "–"}</span>
      <span className="text-[11px] leading-tight font-medium text-slate-600 sm:text-xs">
        <span className="sm:hidden">{short}</span>
        <span className="hidden sm:inline">{label}</span>
      </span>
      <span className={`hidden text-xs text-indigo-600 ${slim ? "" : "sm:order-last sm:block"}`}>{active ? "Showing ✓" : "Show ›"}</span>
    </button>
  );
}
