"use client";

import { useController, useFormContext, useFormState, useWatch, type FieldPath, type UseFormRegisterReturn } from "react-hook-form";
import { AssigneePicker } from "@/components/org/assignee-picker";
import { DepartmentPicker } from "@/components/org/department-picker";
import { TeamPicker } from "@/components/org/team-picker";
import { Field, FieldMessage, messageAt } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjectOptions } from "@/lib/queries/projects";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tasks/options";
import type { TaskFormValues } from "@/lib/tasks/task-form";
import { ChecklistEditor } from "./checklist-editor";
import { ParentTaskPicker } from "./parent-task-picker";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { TimeInput } from "./time-input";

/** Field layout of the task form (./task-form.tsx): hints in the label, errors announced. */
export const taskField = { className: "space-y-1", markRequired: false, hintInLabel: true, announce: true } as const;
export const labelClass = "block text-sm font-medium text-slate-700";

/** A field for a control of its own (pickers, H:MM inputs): its value and setter; native inputs are registered. */
export function useValue<N extends FieldPath<TaskFormValues>>(name: N) {
  const { field } = useController<TaskFormValues, N>({ name });
  return [field.value, field.onChange] as const;
}

export const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));

export function BasicsSection() {
  const { register } = useFormContext<TaskFormValues>();
  const [description, setDescription] = useValue("description");
  return (
    <>
      <Field {...taskField} name="title" id="task-title" label="Title" markRequired>
        {(control) => <Input {...control} maxLength={500} autoFocus {...register("title")} />}
      </Field>
      <div>
        <span id="task-description-label" className={labelClass}>
          Description
        </span>
        <div className="mt-1">
          <LazyRichTextEditor aria-labelledby="task-description-label" value={description} onChange={setDescription} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...taskField} name="priority" id="task-priority" label="Priority">
          {(control) => <Select id={control.id} {...register("priority")}>{options(PRIORITY_LABELS)}</Select>}
        </Field>
        <Field {...taskField} name="status" id="task-status" label="Status">
          {(control) => <Select id={control.id} {...register("status")}>{options(STATUS_LABELS)}</Select>}
        </Field>
      </div>
    </>
  );
}

/** Department, assignee, project, team (assigneeIds and leadAssigneeId) and parent. */
export function PeopleSection({ lockedParent, taskId }: { lockedParent: boolean; taskId?: string }) {
  const { setValue } = useFormContext<TaskFormValues>();
  const [department, setDepartment] = useValue("department");
  const [assigneeId, setAssignee] = useValue("assigneeId");
  const [projectId, setProject] = useValue("projectId");
  const [parentTaskId, setParent] = useValue("parentTaskId");
  const [userIds, leadId] = useWatch<TaskFormValues, ["assigneeIds", "leadAssigneeId"]>({ name: ["assigneeIds", "leadAssigneeId"] });
  const { errors } = useFormState<TaskFormValues>({ name: ["assigneeIds", "leadAssigneeId"] });
  const projects = useProjectOptions();
  const setTeam = (team: { userIds: string[]; leadId: string | null }) => {
    setValue("assigneeIds", team.userIds);
    setValue("leadAssigneeId", team.leadId);
  };
  return (
    <>
      <Field {...taskField} name="department" id="task-department" label="Department" markRequired>
        {(control) => <DepartmentPicker id={control.id} value={department} invalid={Boolean(control["aria-invalid"])} onChange={setDepartment} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...taskField} name="assigneeId" id="task-assignee" label="Assignee">
          {(control) => <AssigneePicker id={control.id} value={assigneeId} onChange={setAssignee} />}
        </Field>
        <Field {...taskField} name="projectId" id="task-project" label="Project">
          {(control) => (
            <Select id={control.id} value={projectId ?? ""} onChange={(e) => setProject(e.target.value || null)}>
              {options({ "": "No project", ...Object.fromEntries((projects.data ?? []).map((p) => [p.id, p.name])) })}
            </Select>
          )}
        </Field>
      </div>
      <div>
        <span className={labelClass}>Team members</span>
        <div className="mt-1">
          <TeamPicker value={{ userIds, leadId }} onChange={setTeam} />
        </div>
        <FieldMessage message={messageAt(errors, "assigneeIds") ?? messageAt(errors, "leadAssigneeId")} announce className="mt-1" />
      </div>
      {!lockedParent && (
        <Field {...taskField} name="parentTaskId" id="task-parent" label="Parent task">
          {(control) => <ParentTaskPicker id={control.id} value={parentTaskId} excludeTaskId={taskId} onChange={setParent} />}
        </Field>
      )}
    </>
  );
}

/** The day and H:MM time inputs of one datetime of the API (lib/tasks/task-form.ts converts). */
function DayAndTime({ name, label, timeLabel, hint, required }: { name: "dueDate" | "startDate"; label: string; timeLabel: string; hint: string; required?: boolean }) {
  const [value, set] = useValue(name);
  const id = name === "dueDate" ? "task-due" : "task-start";
  return (
    <>
      <Field {...taskField} name={name} id={`${id}-date`} label={label} markRequired={required}>
        {(control) => <Input {...control} type="date" value={value.day} onChange={(e) => set({ ...value, day: e.target.value })} />}
      </Field>
      <Field {...taskField} name={`${name}.time`} id={`${id}-time`} label={timeLabel} hint={hint}>
        {(control) => <TimeInput id={control.id} value={value.time} invalid={Boolean(control["aria-invalid"])} onChange={(time) => set({ ...value, time })} />}
      </Field>
    </>
  );
}

/** Due, start and estimated duration. */
export function SchedulingSection() {
  const [estimate, setEstimate] = useValue("estimatedHours");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DayAndTime name="dueDate" label="Due date" timeLabel="Due time" hint="H:MM or minutes; blank = end of day" required />
      <DayAndTime name="startDate" label="Start date" timeLabel="Start time" hint="blank = 00:00" />
      <Field {...taskField} name="estimatedHours" id="task-duration" label="Estimated duration" hint="H:MM or minutes">
        {(control) => <TimeInput id={control.id} value={estimate} invalid={Boolean(control["aria-invalid"])} onChange={setEstimate} />}
      </Field>
    </div>
  );
}

/** The four switches: pickup, private, checklist (unticking it clears the items, spec §4), recurring. */
export function OptionsSection() {
  const { register, setValue } = useFormContext<TaskFormValues>();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
      <Toggle id="task-pickup" label="Available for pickup" {...register("availableForPickup")} />
      <Toggle id="task-private" label="Private (only you and admins can see it)" {...register("isPrivate")} />
      <Toggle id="task-has-checklist" label="Checklist" {...register("hasChecklist", { onChange: (e) => e.target.checked || setValue("checklistItems", []) })} />
      <Toggle id="task-recurring" label="Recurring" {...register("isRecurring")} />
    </div>
  );
}

function Toggle({ id, label, ...input }: { id: string; label: string } & UseFormRegisterReturn) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input id={id} type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" {...input} />
      {label}
    </label>
  );
}

export function ChecklistSection() {
  const hasChecklist = useWatch<TaskFormValues, "hasChecklist">({ name: "hasChecklist" });
  const [items, setItems] = useValue("checklistItems");
  const { errors } = useFormState<TaskFormValues>({ name: "checklistItems" });
  if (!hasChecklist) return null;
  return (
    <div>
      <span className={labelClass}>Checklist items</span>
      <div className="mt-1">
        <ChecklistEditor items={items} onChange={setItems} />
      </div>
      <FieldMessage message={messageAt(errors, "checklistItems")} announce className="mt-1" />
    </div>
  );
}
