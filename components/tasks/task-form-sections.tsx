"use client";

import { useCallback } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { AssigneePicker } from "@/components/org/assignee-picker";
import { DepartmentPicker } from "@/components/org/department-picker";
import { TeamPicker } from "@/components/org/team-picker";
import { Field, FieldMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjectOptions } from "@/lib/queries/projects";
import { PRIORITY_LABELS, STATUS_LABELS, TASK_PRIORITIES, TASK_STATUSES } from "@/lib/tasks/options";
import type { TaskFormErrors, TaskFormState } from "@/lib/tasks/task-form";
import { ChecklistEditor } from "./checklist-editor";
import { ParentTaskPicker } from "./parent-task-picker";
import { RecurrenceFields } from "./recurrence-fields";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { TimeInput } from "./time-input";

/**
 * The sections of the task form (components/tasks/task-form.tsx), each reading and writing the
 * surrounding useZodForm through the form context. A change clears that field's message until
 * the next save (as the spec's form always did); the messages come from taskFormSchema.
 */

/** The form's values, re-rendering on each change. */
export function useTaskValues(): TaskFormState {
  return useWatch<TaskFormState>() as TaskFormState;
}

/** Writes fields and clears their messages (a due time also clears the due date's). */
export function useTaskSet() {
  const { setValue, clearErrors } = useFormContext<TaskFormState>();
  return useCallback(
    (patch: Partial<TaskFormState>) => {
      const keys = Object.keys(patch) as Array<keyof TaskFormState>;
      for (const key of keys) setValue(key, patch[key] as never, { shouldDirty: true });
      clearErrors("dueTime" in patch ? [...keys, "dueDay"] : keys);
    },
    [setValue, clearErrors],
  );
}

/** The messages of the form, keyed by form field (for controls that show their own). */
function useTaskErrors(): TaskFormErrors {
  const { errors } = useFormState<TaskFormState>();
  const out: TaskFormErrors = {};
  for (const [key, value] of Object.entries(errors)) if (typeof value?.message === "string") out[key as keyof TaskFormErrors] = value.message;
  return out;
}

/** Field layout of the task form: asterisk on required labels, hints in the label, errors announced. */
const taskField = { className: "space-y-1", markRequired: false, hintInLabel: true, announce: true } as const;

export function BasicsSection() {
  const { register, clearErrors } = useFormContext<TaskFormState>();
  const form = useTaskValues();
  const set = useTaskSet();
  return (
    <>
      <Field {...taskField} name="title" id="task-title" label="Title" markRequired>
        {(control) => <Input {...control} maxLength={500} autoFocus {...register("title", { onChange: () => clearErrors("title") })} />}
      </Field>

      <div>
        <span id="task-description-label" className="block text-sm font-medium text-slate-700">
          Description
        </span>
        <div className="mt-1">
          <LazyRichTextEditor aria-labelledby="task-description-label" value={form.description} onChange={(description) => set({ description })} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...taskField} name="priority" id="task-priority" label="Priority">
          {(control) => (
            <Select id={control.id} value={form.priority} onChange={(e) => set({ priority: e.target.value as TaskFormState["priority"] })}>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field {...taskField} name="status" id="task-status" label="Status">
          {(control) => (
            <Select id={control.id} value={form.status} onChange={(e) => set({ status: e.target.value as TaskFormState["status"] })}>
              {TASK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </>
  );
}

/** Department, assignee, project, team and parent. */
export function PeopleSection({ lockedParent, taskId }: { lockedParent: boolean; taskId?: string }) {
  const form = useTaskValues();
  const set = useTaskSet();
  const errors = useTaskErrors();
  const projects = useProjectOptions();
  return (
    <>
      <Field {...taskField} name="department" id="task-department" label="Department" markRequired>
        {(control) => <DepartmentPicker id={control.id} value={form.department} invalid={Boolean(control["aria-invalid"])} onChange={(department) => set({ department })} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...taskField} name="assignee" id="task-assignee" label="Assignee">
          {(control) => <AssigneePicker id={control.id} value={form.assignee} onChange={(assignee) => set({ assignee })} />}
        </Field>
        <Field {...taskField} name="projectId" id="task-project" label="Project">
          {(control) => (
            <Select id={control.id} value={form.projectId ?? ""} onChange={(e) => set({ projectId: e.target.value || null })}>
              <option value="">No project</option>
              {(projects.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <div>
        <span className="block text-sm font-medium text-slate-700">Team members</span>
        <div className="mt-1">
          <TeamPicker value={form.team} onChange={(team) => set({ team })} />
        </div>
        <FieldMessage message={errors.team} announce className="mt-1" />
      </div>

      {!lockedParent && (
        <Field {...taskField} name="parentTaskId" id="task-parent" label="Parent task">
          {(control) => <ParentTaskPicker id={control.id} value={form.parentTaskId} excludeTaskId={taskId} onChange={(parentTaskId) => set({ parentTaskId })} />}
        </Field>
      )}
    </>
  );
}

/** Due, start and estimated duration. */
export function SchedulingSection() {
  const form = useTaskValues();
  const set = useTaskSet();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field {...taskField} name="dueDay" id="task-due-date" label="Due date" markRequired>
        {(control) => <Input id={control.id} type="date" value={form.dueDay} aria-invalid={control["aria-invalid"]} onChange={(e) => set({ dueDay: e.target.value })} />}
      </Field>
      <Field {...taskField} name="dueTime" id="task-due-time" label="Due time" hint="H:MM or minutes; blank = end of day">
        {(control) => <TimeInput id={control.id} value={form.dueTime} invalid={Boolean(control["aria-invalid"])} onChange={(dueTime) => set({ dueTime })} />}
      </Field>
      <Field {...taskField} name="startDay" id="task-start-date" label="Start date">
        {(control) => <Input id={control.id} type="date" value={form.startDay} onChange={(e) => set({ startDay: e.target.value })} />}
      </Field>
      <Field {...taskField} name="startTime" id="task-start-time" label="Start time" hint="blank = 00:00">
        {(control) => <TimeInput id={control.id} value={form.startTime} invalid={Boolean(control["aria-invalid"])} onChange={(startTime) => set({ startTime })} />}
      </Field>
      <Field {...taskField} name="duration" id="task-duration" label="Estimated duration" hint="H:MM or minutes">
        {(control) => <TimeInput id={control.id} value={form.duration} invalid={Boolean(control["aria-invalid"])} onChange={(duration) => set({ duration })} />}
      </Field>
    </div>
  );
}

/** The four switches: pickup, private, checklist, recurring. */
export function OptionsSection() {
  const form = useTaskValues();
  const set = useTaskSet();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
      <Toggle id="task-pickup" label="Available for pickup" checked={form.availableForPickup} onChange={(availableForPickup) => set({ availableForPickup })} />
      <Toggle id="task-private" label="Private (only you and admins can see it)" checked={form.isPrivate} onChange={(isPrivate) => set({ isPrivate })} />
      <Toggle
        id="task-has-checklist"
        label="Checklist"
        checked={form.hasChecklist}
        // Unchecking the checklist option clears the items (spec §4).
        onChange={(hasChecklist) => set(hasChecklist ? { hasChecklist } : { hasChecklist, checklist: [], checklistRequired: false })}
      />
      <Toggle id="task-recurring" label="Recurring" checked={form.isRecurring} onChange={(isRecurring) => set({ isRecurring })} />
    </div>
  );
}

export function ChecklistSection() {
  const form = useTaskValues();
  const set = useTaskSet();
  const errors = useTaskErrors();
  if (!form.hasChecklist) return null;
  return (
    <div>
      <span className="block text-sm font-medium text-slate-700">Checklist items</span>
      <div className="mt-1">
        <ChecklistEditor items={form.checklist} onChange={(checklist) => set({ checklist })} />
      </div>
      <div className="mt-2">
        <Toggle
          id="task-checklist-required"
          label="Required: the task cannot be completed until every item is ticked"
          checked={form.checklistRequired}
          onChange={(checklistRequired) => set({ checklistRequired })}
        />
      </div>
      <FieldMessage message={errors.checklist} announce className="mt-1" />
    </div>
  );
}

export function RecurrenceSection() {
  const form = useTaskValues();
  const set = useTaskSet();
  const errors = useTaskErrors();
  if (!form.isRecurring) return null;
  return <RecurrenceFields form={form} errors={errors} set={set} />;
}

/** A message that belongs to no single field. */
export function FormMessage() {
  const errors = useTaskErrors();
  return <FieldMessage message={errors.form} announce className="mt-1" />;
}

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input id={id} type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
