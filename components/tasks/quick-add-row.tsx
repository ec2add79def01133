"use client";

import dynamic from "next/dynamic";
import { useMemo, useState, type ReactNode } from "react";
import { DepartmentPicker } from "@/components/org/department-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { businessToday, formatDue } from "@/lib/dates";
import { useCurrentUser } from "@/lib/queries/auth";
import { useMember, useMembers } from "@/lib/queries/members";
import { useUnits } from "@/lib/queries/org";
import { useCreateTask } from "@/lib/queries/task-edits";
import type { Task } from "@/lib/queries/tasks";
import { PRIORITY_LABELS, type TaskPriorityValue } from "@/lib/tasks/options";
import { subTaskStart } from "@/lib/tasks/sub-task";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { parseTimeInput } from "@/lib/tasks/time-input";
import type { CreateTaskInput } from "@/lib/validations/tasks";
import { CreateTaskDialog } from "./create-task-dialog";
import { DueAfterParent } from "./due-after-parent";
import { assigneeLabel } from "./task-row";
import { TimeInput } from "./time-input";

// The assignee chip's picker loads the members and vendors: its code and data wait for a press.
const AssigneePicker = dynamic(() => import("@/components/org/assignee-picker").then((m) => m.AssigneePicker));

type Chip = "department" | "due" | "priority" | "assignee";
interface Values {
  department: string | null;
  day: string;
  time: string;
  priority: TaskPriorityValue;
  assigneeId: string | null;
}

/**
 * Quick add (docs/tasks.md "Quick add"): one title and Enter creates a task. The defaults show
 * as chips that can be changed first. On the task list: the caller's department, due today with
 * a blank time (the end of the day, spec §5), normal priority, no assignee. Under a task
 * (`parent`): a sub-task with the parent's project, department, priority, assignee and due date,
 * and a warning when its due day is after the parent's. "Full form" opens the whole form with
 * what was typed. `compact` (the list's compact density): slimmer, and from xl the chips sit on
 * the title's line (58 px instead of 96; the dashboard's stand-in has the same heights).
 */
export function QuickAddRow({ parent, defaults, compact = false }: { parent?: Task; defaults?: { projectId?: string | null; department?: string | null }; compact?: boolean }) {
  const noun = parent ? "sub-task" : "task";
  const me = useCurrentUser();
  const member = useMember(me.data?.id ?? "", { enabled: !parent && !defaults?.department && Boolean(me.data) });
  const units = useUnits();
  const inherited = useMemo(() => (parent ? subTaskStart(parent) : null), [parent]);
  // The caller's own department: the first of theirs by unit number, as elsewhere.
  const ownDepartment = useMemo(() => {
    const list = [...(member.data?.units ?? [])].sort((a, b) => (a.unitNumber ?? Infinity) - (b.unitNumber ?? Infinity));
    return list[0]?.id ?? null;
  }, [member.data]);
  const start: Values = inherited
    ? { department: inherited.department, day: inherited.dueDate.day, time: inherited.dueDate.time, priority: inherited.priority, assigneeId: inherited.assigneeId }
    : { department: defaults?.department ?? ownDepartment, day: businessToday(), time: "", priority: "normal", assigneeId: null };
  const [changed, setChanged] = useState<Partial<Values>>({});
  const values: Values = { ...start, ...changed };
  const set = (patch: Partial<Values>) => setChanged((c) => ({ ...c, ...patch }));
  const [title, setTitle] = useState("");
  const [open, setOpen] = useState<Chip | null>(null);
  const [fullForm, setFullForm] = useState(false);
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const create = useCreateTask();

  const pickedOther = Boolean(values.assigneeId) && values.assigneeId !== inherited?.assigneeId;
  const members = useMembers({ enabled: pickedOther });
  const assigneeName = !values.assigneeId
    ? "Nobody"
    : !pickedOther && parent
      ? assigneeLabel({ assignee: parent.assignee, assignments: [] })
      : values.assigneeId.startsWith("vendor-")
        ? "A vendor"
        : (() => { const m = members.data?.find((x) => x.id === values.assigneeId); return m ? `${m.firstName} ${m.lastName}`.trim() : "…"; })();
  const departmentName = units.data?.find((u) => u.id === values.department)?.name;
  const dueInstant = values.day ? safeInstant(values.day, values.time) : null;
  const idBase = parent ? "quick-add-sub" : "quick-add";

  const submit = async () => {
    // The form's model (the API's own schema) loads on the first add, outside the list's first load.
    const { createTaskForm, emptyTaskForm } = await import("@/lib/tasks/task-form");
    const parsed = createTaskForm.safeParse({
      ...emptyTaskForm(),
      title: title.trim(),
      department: values.department,
      dueDate: { day: values.day, time: values.time },
      priority: values.priority,
      assigneeId: values.assigneeId,
      projectId: inherited ? inherited.projectId : (defaults?.projectId ?? null),
      parentTaskId: parent?.id ?? null,
      uuid,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "");
      toast({ title: `Could not add the ${noun}`, description: field === "department" ? "Choose a department." : field === "dueDate" ? "Check the due time (H:MM)." : (issue?.message ?? "Check the fields."), variant: "destructive" });
      return;
    }
    try {
      const task = await create.mutateAsync(parsed.data as CreateTaskInput);
      toast({ title: parent ? "Sub-task added" : "Task added", description: `#${task.displayNumber} ${task.title}` });
      setTitle("");
      setOpen(null);
      setUuid(crypto.randomUUID());
    } catch (error) {
      toastError(error, { title: `Could not add the ${noun}` });
    }
  };

  const chip = (name: Chip, label: string, text: ReactNode) => (
    <button
      type="button"
      aria-expanded={open === name}
      aria-controls={`${idBase}-${name}`}
      aria-label={`${label}: ${typeof text === "string" ? text : ""}. Change`}
      onClick={() => setOpen((o) => (o === name ? null : name))}
      className={`inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium ${compact ? "xl:max-w-56" : ""} ${open === name ? "border-indigo-500 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-700 hover:border-indigo-300"}`}
    >
      <span className="text-slate-500">{label}</span>
      <span className="truncate">{text}</span>
    </button>
  );

  return (
    <section aria-label={parent ? "Add sub-task" : "Add task"} className={`rounded-lg border border-dashed border-slate-300 bg-white ${compact ? "p-2" : "p-2.5"}`} data-testid={idBase}>
      <div className={compact ? "xl:flex xl:items-center xl:gap-3" : undefined}>
        <form
          className={`flex gap-2 ${compact ? "xl:min-w-64 xl:flex-1" : ""}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (title.trim() && !create.isPending) void submit();
          }}
        >
          <Input
            aria-label={parent ? "Add sub-task" : "Add task"}
            placeholder={parent ? "Add a sub-task and press Enter" : "Add a task and press Enter"}
            value={title}
            maxLength={500}
            onChange={(e) => setTitle(e.target.value)}
            enterKeyHint="done"
          />
          <Button type="submit" className="shrink-0" isLoading={create.isPending} disabled={!title.trim()}>
            Add
          </Button>
        </form>
        <div className={`flex flex-wrap items-center gap-1.5 ${compact ? "mt-1.5 xl:mt-0 xl:flex-nowrap" : "mt-2"}`}>
          {chip("department", "Department", departmentName ?? (values.department ? "…" : "Choose"))}
          {chip("due", "Due", dueInstant ? formatDue(dueInstant) : "Choose")}
          {chip("priority", "Priority", PRIORITY_LABELS[values.priority])}
          {chip("assignee", "Assignee", assigneeName)}
          <button type="button" className={`ml-auto text-xs font-medium text-indigo-600 hover:underline ${compact ? "whitespace-nowrap xl:ml-1.5" : ""}`} onClick={() => setFullForm(true)}>
            Full form…
          </button>
        </div>
      </div>
      {open === "department" && (
        <Editor id={`${idBase}-department`} label="Department">
          <DepartmentPicker id={`${idBase}-department-input`} value={values.department} onChange={(department) => (set({ department }), setOpen(null))} />
        </Editor>
      )}
      {open === "due" && (
        <Editor id={`${idBase}-due`} label="Due">
          <div className="flex flex-wrap gap-2">
            <Input type="date" aria-label="Due date" className="w-44" value={values.day} onChange={(e) => set({ day: e.target.value })} />
            <div className="w-28">
              <TimeInput id={`${idBase}-due-time`} label="Due time" placeholder="End of day" value={values.time} onChange={(time) => set({ time })} />
            </div>
          </div>
        </Editor>
      )}
      {open === "priority" && (
        <Editor id={`${idBase}-priority`} label="Priority">
          <Select aria-label="Priority" className="w-44" options={PRIORITY_LABELS} value={values.priority} onChange={(e) => (set({ priority: e.target.value as TaskPriorityValue }), setOpen(null))} />
        </Editor>
      )}
      {open === "assignee" && (
        <Editor id={`${idBase}-assignee`} label="Assignee">
          <AssigneePicker id={`${idBase}-assignee-input`} value={values.assigneeId} placeholder="Nobody" onChange={(assigneeId) => (set({ assigneeId }), setOpen(null))} />
        </Editor>
      )}
      <DueAfterParent parent={parent} day={values.day} className="mt-2" testId="quick-add-due-after-parent" />
      <CreateTaskDialog
        open={fullForm}
        onClose={() => setFullForm(false)}
        parentTaskId={parent?.id}
        defaults={{
          title: title.trim(),
          ...(parent ? {} : { projectId: defaults?.projectId ?? null, department: values.department, priority: values.priority, assigneeId: values.assigneeId, dueDate: { day: values.day, time: values.time } }),
        }}
      />
    </section>
  );
}

function Editor({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div id={id} role="group" aria-label={`Quick add: ${label}`} className="mt-2 rounded-md bg-slate-50 p-2">
      {children}
    </div>
  );
}

function safeInstant(day: string, time: string): string | null {
  const parsed = parseTimeInput(time);
  try {
    return combineDayAndTime(day, parsed.ok ? parsed.minutes : null, "due").toISOString();
  } catch {
    return null;
  }
}
