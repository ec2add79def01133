"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { AssigneePicker } from "@/components/org/assignee-picker";
import { DepartmentPicker } from "@/components/org/department-picker";
import { TeamPicker } from "@/components/org/team-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { PRIORITY_LABELS, STATUS_LABELS, TASK_PRIORITIES, TASK_STATUSES } from "@/lib/tasks/options";
import { buildTaskBody, emptyTaskForm, taskToForm, type TaskFormErrors, type TaskFormState } from "@/lib/tasks/task-form";
import { serverMessage, useCreateTask, useProjects, useTask, useUpdateTask, type Task } from "@/lib/queries/tasks";
import { ChecklistEditor } from "./checklist-editor";
import { FieldError } from "./field-error";
import { ParentTaskPicker } from "./parent-task-picker";
import { RecurrenceFields } from "./recurrence-fields";
import { RichTextEditor } from "./rich-text-editor";
import { TimeInput } from "./time-input";

export const TASK_CREATED = "Task created successfully";
export const TASK_UPDATED = "Task updated successfully";
export const TASK_SAVE_FAILED = "Failed to create task";

interface TaskFormProps {
  /** Edit this task; without it the form creates one. */
  task?: Task;
  /** Create a sub-task of this task: the parent is locked and its department, project and priority are inherited. */
  parentTaskId?: string;
  onSaved: (task: Task) => void;
  onCancel: () => void;
}

/** The task form of spec §2-§5, used by the "Create New Task"/"Edit Task" modal and the full page. */
export function TaskForm({ task, parentTaskId, onSaved, onCancel }: TaskFormProps) {
  const [form, setForm] = useState<TaskFormState>(() => (task ? taskToForm(task) : { ...emptyTaskForm(), parentTaskId: parentTaskId ?? null }));
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [showRecurrence, setShowRecurrence] = useState(Boolean(task?.isRecurring));
  // One uuid per open form: a double submit or a retry after a lost answer creates one task.
  const [uuid] = useState(() => crypto.randomUUID());
  const parent = useTask(parentTaskId);
  const projects = useProjects();
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? "");
  const saving = create.isPending || update.isPending;
  const inherited = useRef(false);

  // A sub-task starts with its parent's department, project and priority (spec §5).
  useEffect(() => {
    if (!parent.data || inherited.current || task) return;
    inherited.current = true;
    const p = parent.data;
    // One-time prefill once the parent has loaded.
    setForm((f) => ({ ...f, department: p.organizationalUnitId, projectId: p.projectId, priority: p.priority as TaskFormState["priority"] }));
  }, [parent.data, task]);

  const set = (patch: Partial<TaskFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as Array<keyof TaskFormState>) delete next[key];
      if ("dueTime" in patch) delete next.dueDay;
      return next;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { body, errors: found, ok } = buildTaskBody(form, { uuid: task ? undefined : uuid });
    if (task) {
      // The inputs hold minutes; an untouched date keeps its stored instant (seconds included).
      const initial = taskToForm(task);
      if (form.dueDay === initial.dueDay && form.dueTime === initial.dueTime) body.dueDate = task.dueDate;
      if (form.startDay === initial.startDay && form.startTime === initial.startTime) body.startDate = task.startDate;
      if (form.recurringEndDay === initial.recurringEndDay && body.recurringEndDate) body.recurringEndDate = task.recurringEndDate;
    }
    setErrors(found);
    if (!ok) {
      document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    try {
      const saved = task
        ? await update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0])
        : await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      toast({ title: task ? TASK_UPDATED : TASK_CREATED });
      onSaved(saved);
    } catch (error) {
      toast({ title: "Error", description: serverMessage(error) ?? TASK_SAVE_FAILED, variant: "destructive" });
    }
  };

  const lockedParent = Boolean(parentTaskId) && !task;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={task ? "Edit Task" : "Create New Task"}>
      {lockedParent && (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900" role="status">
          Creating sub-task for: {parent.data?.title ?? "…"}
        </div>
      )}

      <Field id="task-title" label="Title" required error={errors.title}>
        <Input
          id="task-title"
          value={form.title}
          maxLength={500}
          autoFocus
          aria-invalid={Boolean(errors.title) || undefined}
          aria-describedby={errors.title ? "task-title-error" : undefined}
          onChange={(e) => set({ title: e.target.value })}
        />
      </Field>

      <div>
        <span id="task-description-label" className="block text-sm font-medium text-slate-700">
          Description
        </span>
        <div className="mt-1">
          <RichTextEditor aria-labelledby="task-description-label" value={form.description} onChange={(description) => set({ description })} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="task-priority" label="Priority">
          <Select id="task-priority" value={form.priority} onChange={(e) => set({ priority: e.target.value as TaskFormState["priority"] })}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="task-status" label="Status">
          <Select id="task-status" value={form.status} onChange={(e) => set({ status: e.target.value as TaskFormState["status"] })}>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <Field id="task-department" label="Department" required error={errors.department}>
        <DepartmentPicker id="task-department" value={form.department} invalid={Boolean(errors.department)} onChange={(department) => set({ department })} />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="task-assignee" label="Assignee" error={errors.assignee}>
          <AssigneePicker id="task-assignee" value={form.assignee} onChange={(assignee) => set({ assignee })} />
        </Field>
        <Field id="task-project" label="Project" error={errors.projectId}>
          <Select id="task-project" value={form.projectId ?? ""} onChange={(e) => set({ projectId: e.target.value || null })}>
            <option value="">No project</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <div>
        <span className="block text-sm font-medium text-slate-700">Team members</span>
        <div className="mt-1">
          <TeamPicker value={form.team} onChange={(team) => set({ team })} />
        </div>
        <FieldError message={errors.team} />
      </div>

      {!lockedParent && (
        <Field id="task-parent" label="Parent task" error={errors.parentTaskId}>
          <ParentTaskPicker id="task-parent" value={form.parentTaskId} excludeTaskId={task?.id} onChange={(parentTaskId) => set({ parentTaskId })} />
        </Field>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="task-due-date" label="Due date" required error={errors.dueDay}>
          <Input
            id="task-due-date"
            type="date"
            value={form.dueDay}
            aria-invalid={Boolean(errors.dueDay) || undefined}
            onChange={(e) => set({ dueDay: e.target.value })}
          />
        </Field>
        <Field id="task-due-time" label="Due time" hint="H:MM or minutes; blank = end of day" error={errors.dueTime}>
          <TimeInput id="task-due-time" value={form.dueTime} invalid={Boolean(errors.dueTime)} onChange={(dueTime) => set({ dueTime })} />
        </Field>
        <Field id="task-start-date" label="Start date" error={errors.startDay}>
          <Input id="task-start-date" type="date" value={form.startDay} onChange={(e) => set({ startDay: e.target.value })} />
        </Field>
        <Field id="task-start-time" label="Start time" hint="blank = 00:00" error={errors.startTime}>
          <TimeInput id="task-start-time" value={form.startTime} invalid={Boolean(errors.startTime)} onChange={(startTime) => set({ startTime })} />
        </Field>
        <Field id="task-duration" label="Estimated duration" hint="H:MM or minutes" error={errors.duration}>
          <TimeInput id="task-duration" value={form.duration} invalid={Boolean(errors.duration)} onChange={(duration) => set({ duration })} />
        </Field>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
        <Toggle id="task-pickup" label="Available for pickup" checked={form.availableForPickup} onChange={(availableForPickup) => set({ availableForPickup })} />
        <Toggle id="task-private" label="Private (only you and admins can see it)" checked={form.isPrivate} onChange={(isPrivate) => set({ isPrivate })} />
        <Toggle
          id="task-has-checklist"
          label="Checklist"
          checked={form.hasChecklist}
          // Unchecking the checklist option clears the items (spec §4).
          onChange={(hasChecklist) => set(hasChecklist ? { hasChecklist } : { hasChecklist, checklist: [] })}
        />
        <Toggle
          id="task-recurring"
          label="Recurring"
          checked={form.isRecurring}
          onChange={(isRecurring) => {
            set({ isRecurring });
            setShowRecurrence(isRecurring);
          }}
        />
      </div>

      {form.hasChecklist && (
        <div>
          <span className="block text-sm font-medium text-slate-700">Checklist items</span>
          <div className="mt-1">
            <ChecklistEditor items={form.checklist} onChange={(checklist) => set({ checklist })} />
          </div>
          <FieldError message={errors.checklist} />
        </div>
      )}

      {showRecurrence && form.isRecurring && <RecurrenceFields form={form} errors={errors} set={set} />}

      {errors.form && <FieldError message={errors.form} />}

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving}>
          {task ? "Save Changes" : lockedParent ? "Create Sub-task" : "Create Task"}
        </Button>
      </div>
    </form>
  );
}

function Field({ id, label, required, hint, error, children }: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
        {hint && <span className="ml-1.5 text-xs font-normal text-slate-500">({hint})</span>}
      </Label>
      <div className="mt-1">{children}</div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input id={id} type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
