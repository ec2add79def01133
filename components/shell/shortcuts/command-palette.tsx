"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Command } from "cmdk";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { toast, toastError } from "@/components/ui/use-toast";
import { can, type Role } from "@/lib/auth/permissions";
import { PUNCH_LOCATION } from "@/lib/constants";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { PUNCH_LABELS, PUNCH_TOASTS } from "@/lib/punch/messages";
import { useProcesses } from "@/lib/queries/processes";
import { isQueued, usePunchIn, usePunchStatus } from "@/lib/queries/punch";
import { useTaskClockIn } from "@/lib/queries/task-clock";
import { useTasks, type TaskFilters, type TaskListPage } from "@/lib/queries/tasks";
import type { ShortcutId } from "@/lib/shortcuts/table";
import { adminMenuItems, dashboardsMenuItems, mainNavItems, settingsMenuItems, type NavLink } from "../nav-config";
import { Keys } from "./kbd";
import { useIsMac } from "./use-is-mac";

export interface PaletteCommands {
  createTask: () => void;
  punchOut: () => void;
  startProcess: (processId: string) => void;
  showShortcuts: () => void;
}

type Page = "root" | "recent" | "process";
type CommandRow = { id: string; label: string; keys?: ShortcutId; onSelect: () => void };

/** How long typing pauses before the task search asks the API. */
const SEARCH_DELAY_MS = 150;
const TASK_RESULTS = 8;
/** The caller's open work, most recently touched first: "Clock into a recent task". */
const RECENT_TASKS: TaskFilters = { mine: true, status: "open,in_progress", sort: "updatedAt", order: "desc", pageSize: TASK_RESULTS };

/**
 * The screens the caller may open: exactly the header's menus (nav-config), whose entries are
 * already filtered by the caller's permissions, without repeats.
 */
export function paletteScreens(role: Role): NavLink[] {
  const seen = new Set<string>();
  const links = [...dashboardsMenuItems(), ...mainNavItems(role), ...settingsMenuItems(), ...adminMenuItems(role)];
  return links.filter((entry): entry is NavLink => entry.kind === "link" && !seen.has(entry.href) && Boolean(seen.add(entry.href)));
}

/** Every word typed appears in the text (case-insensitive): the palette's own commands and screens. */
export function matchesWords(text: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = text.toLowerCase();
  return words.every((word) => hay.includes(word));
}

/**
 * The command palette (Ctrl/⌘-K), loaded on first open by ShortcutsRoot. Built on cmdk inside
 * Headless UI's Dialog like the app's other dialogs. It reads nothing of its own: screens come
 * from the header's menus, tasks from GET /api/tasks (the list's search, `q`, and its visibility
 * rule), recent tasks from the same list (mine, open, last updated), processes from
 * GET /api/processes; its commands call the punch and clock APIs through their existing hooks,
 * or open the app's own dialogs (new task, punch-out reason, start a process).
 */
export function CommandPalette({ open, onClose, role, commands }: { open: boolean; onClose: () => void; role: Role; commands: PaletteCommands }) {
  const [generation, setGeneration] = useState(0);
  // The mutations live here, outside the dialog's content: their toasts still show after it closes.
  const punchIn = usePunchIn();
  const clockInto = useTaskClockIn();
  const close = () => {
    onClose();
    setGeneration((g) => g + 1);
  };

  const actions = {
    punchIn: () =>
      punchIn.mutate(
        { location: PUNCH_LOCATION },
        {
          onSuccess: (result) =>
            isQueued(result) ? toast({ title: OFFLINE_MESSAGES.savedOnPhone }) : toast({ title: PUNCH_TOASTS.punchedIn.title, description: PUNCH_TOASTS.punchedIn.description }),
          onError: (error) => toastError(error, { title: PUNCH_TOASTS.punchInFailed, fallback: PUNCH_TOASTS.punchInFailed }),
        },
      ),
    clockInto: (taskId: string) =>
      clockInto.mutate(taskId, {
        onSuccess: () => toast({ title: "Clocked Into Task", description: "Your time on this task is being recorded." }),
        onError: (error) => toastError(error),
      }),
  };

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 starting:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto px-3 pt-[8vh] sm:px-4 sm:pt-[12vh]">
        <DialogPanel
          className="mx-auto w-full max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 transition duration-150 starting:scale-95 starting:opacity-0"
        >
          <DialogTitle className="sr-only">Command palette</DialogTitle>
          <PaletteBody key={generation} role={role} run={(fn) => (close(), fn())} commands={commands} actions={actions} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function PaletteBody({
  role,
  run,
  commands,
  actions,
}: {
  role: Role;
  run: (fn: () => void) => void;
  commands: PaletteCommands;
  actions: { punchIn: () => void; clockInto: (taskId: string) => void };
}) {
  const router = useRouter();
  const mac = useIsMac();
  const [page, setPage] = useState<Page>("root");
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const status = usePunchStatus();
  const punchedIn = status.data?.isPunchedIn;
  const tasks = useTasks({ q: query, sort: "updatedAt", order: "desc", pageSize: TASK_RESULTS }, { enabled: page === "root" && query.length > 0 });
  const recent = useTasks(RECENT_TASKS, { enabled: page === "recent" });
  const processes = useProcesses({ show: "active" }, { enabled: page === "process" });
  const go = (href: string) => run(() => router.push(href));
  const openPage = (next: Page) => {
    setPage(next);
    setText("");
    setQuery("");
  };

  const shown = (label: string) => matchesWords(label, text);
  const screens = paletteScreens(role).filter((link) => shown(`Go to ${link.label}`));
  const rows: CommandRow[] = [];
  if (can(role, "tasks.write")) rows.push({ id: "create-task", label: "Create task", keys: "task.new", onSelect: () => run(commands.createTask) });
  if (can(role, "punch.use")) {
    if (punchedIn === false) rows.push({ id: "punch-in", label: PUNCH_LABELS.punchIn, onSelect: () => run(actions.punchIn) });
    if (punchedIn === true) rows.push({ id: "punch-out", label: PUNCH_LABELS.punchOut, onSelect: () => run(commands.punchOut) });
    rows.push({ id: "clock-recent", label: "Clock into a recent task…", onSelect: () => openPage("recent") });
  }
  if (can(role, "processes.start")) rows.push({ id: "start-process", label: "Start a process…", onSelect: () => openPage("process") });
  rows.push({ id: "shortcuts", label: "Keyboard shortcuts", keys: "help.open", onSelect: () => run(commands.showShortcuts) });
  const commandRows = rows.filter((row) => shown(row.label));

  // The previous search's results (kept by useTasks while the next one loads) are not shown: Enter must not open a task the text no longer asks for.
  const taskItems = query.length > 0 && !tasks.isPlaceholderData ? (tasks.data?.items ?? []) : [];
  const recentItems = (recent.data?.items ?? []).filter((task) => shown(`#${task.displayNumber} ${task.title}`));
  const processItems = (processes.data?.items ?? []).filter((p) => shown(p.name));
  let message: string | null = null;
  if (page === "root") {
    if (tasks.isError && query) message = "Could not search tasks.";
    else if (query && tasks.isFetching && !taskItems.length) message = "Searching tasks…";
    else if (query && !taskItems.length && !commandRows.length && !screens.length) message = `Nothing matches “${text.trim()}”.`;
  } else if (page === "recent") {
    if (recent.isError) message = "Could not load your tasks.";
    else if (recent.isPending) message = "Loading your tasks…";
    else if (!recentItems.length) message = text ? `None of your open tasks matches “${text.trim()}”.` : "No open tasks of yours.";
  } else {
    if (processes.isError) message = "Could not load the processes.";
    else if (processes.isPending) message = "Loading processes…";
    else if (!processItems.length) message = text ? `No active process matches “${text.trim()}”.` : "No active processes.";
  }

  const placeholder = page === "recent" ? "Clock into which task?" : page === "process" ? "Start which process?" : "Search tasks by number or words, or type a command";

  return (
    <Command label="Command palette" shouldFilter={false} loop className="flex max-h-[70vh] flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4">
        <SearchIcon />
        {page !== "root" ? (
          <button type="button" onClick={() => openPage("root")} aria-label="Back to all commands" className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-200">
            {page === "recent" ? "Recent tasks" : "Processes"} ✕
          </button>
        ) : null}
        <Command.Input
          autoFocus
          value={text}
          onValueChange={setText}
          onKeyDown={(event) => {
            if (event.key === "Backspace" && text === "" && page !== "root") openPage("root");
          }}
          placeholder={placeholder}
          aria-label={placeholder}
          className="h-12 w-full min-w-0 border-0 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:ring-0 focus:outline-none"
        />
      </div>
      <Command.List className="min-h-0 flex-1 overflow-y-auto p-2" label="Results">
        {page === "root" ? (
          <>
            {commandRows.length ? (
              <Group heading="Commands">
                {commandRows.map((row) => (
                  <Item key={row.id} value={row.id} onSelect={row.onSelect} hint={row.keys ? <Keys id={row.keys} mac={mac} /> : null}>
                    {row.label}
                  </Item>
                ))}
              </Group>
            ) : null}
            {screens.length ? (
              <Group heading="Go to">
                {screens.map((link) => (
                  <Item key={link.href} value={`go-${link.id}`} onSelect={() => go(link.href)}>
                    Go to {link.label}
                  </Item>
                ))}
              </Group>
            ) : null}
            {taskItems.length ? (
              <Group heading="Tasks">
                <TaskItems items={taskItems} prefix="task" onSelect={(id) => go(`/tasks/${id}`)} />
              </Group>
            ) : null}
          </>
        ) : page === "recent" ? (
          recentItems.length ? (
            <Group heading="Clock into">
              <TaskItems items={recentItems} prefix="recent" onSelect={(id) => run(() => actions.clockInto(id))} />
            </Group>
          ) : null
        ) : processItems.length ? (
          <Group heading="Start a process">
            {processItems.map((p) => (
              <Item key={p.id} value={`process-${p.id}`} onSelect={() => run(() => commands.startProcess(p.id))}>
                {p.name}
              </Item>
            ))}
          </Group>
        ) : null}
      </Command.List>
      {/* Outside the listbox (only options and groups belong in it), and announced. */}
      <p role="status" className={message ? "px-4 pb-3 text-sm text-slate-600" : "sr-only"}>
        {message}
      </p>
      <div className="hidden items-center gap-4 border-t border-slate-200 px-4 py-2 text-xs text-slate-600 sm:flex">
        <span>↑↓ to move</span>
        <span>Enter to choose</span>
        <span>Esc to close</span>
      </div>
    </Command>
  );
}

function TaskItems({ items, prefix, onSelect }: { items: TaskListPage["items"]; prefix: string; onSelect: (id: string) => void }) {
  return items.map((task) => (
    <Item key={task.id} value={`${prefix}-${task.id}`} onSelect={() => onSelect(task.id)} hint={<span className="text-xs text-slate-600">{task.status.replace("_", " ")}</span>}>
      <span className="mr-1.5 text-slate-600">#{task.displayNumber}</span>
      {task.title}
    </Item>
  ));
}

function Group({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Command.Group
      heading={heading}
      className="mb-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600"
    >
      {children}
    </Command.Group>
  );
}

function Item({ value, onSelect, hint, children }: { value: string; onSelect: () => void; hint?: ReactNode; children: ReactNode }) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900"
    >
      <span className="min-w-0 truncate">{children}</span>
      {hint ? <span className="shrink-0">{hint}</span> : null}
    </Command.Item>
  );
}

function SearchIcon() {
  return (
    <svg className="size-5 shrink-0 text-slate-500" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" clipRule="evenodd" />
    </svg>
  );
}
