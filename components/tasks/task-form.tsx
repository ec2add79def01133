"use client";

import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { AssigneePicker } from "@/components/org/assignee-picker";
import { DepartmentPicker } from "@/components/org/department-picker";
import { TeamPicker } from "@/components/org/team-picker";
import { ProjectSelect } from "@/components/projects/project-select";
import { applyServerErrors, Form, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Checkbox, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { useCreateTask, useTask, useUpdateTask } from "@/lib/queries/task-edits";
import type { Task } from "@/lib/queries/tasks";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tasks/options";
import { subTaskStart } from "@/lib/tasks/sub-task";
import { createTaskForm, emptyTaskForm, taskToForm, updateTaskForm, type TaskFormDefaults, type TaskFormValues } from "@/lib/tasks/task-form";
import type { CreateTaskInput, UpdateTaskInput } from "@/lib/validations/tasks";
import { ChecklistEditor } from "./checklist-editor";
import { DueAfterParent } from "./due-after-parent";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { ParentTaskPicker } from "./parent-task-picker";
import { RecurrenceFields } from "./recurrence-fields";
import { Controlled, Group, TaskField, TimeField, Value, When } from "./task-form-fields";

interface TaskFormProps {
  /** Edit this task; without it the form creates one. */
  task?: Task;
  /** Create a sub-task of this task: the parent is locked, and the form starts from it (lib/tasks/sub-task.ts). */
  parentTaskId?: string;
  /** Pre-filled values of a new task (e.g. the project and department of the project page). */
  defaults?: TaskFormDefaults;
  onSaved: (task: Task) => void;
  onCancel: () => void;
}

/**
 * The task form of spec §2-§5 ("Create New Task"/"Edit Task" modal, full page): its values are the
 * API body under the API's names, checked by the handler's schema (lib/tasks/task-form.ts); each
 * field subscribes to itself (./task-form-fields.tsx). An edit sends what changed (PATCH): an
 * untouched date keeps its stored instant, a parent the user may not see stays.
 */
export function TaskForm({ task, parentTaskId, defaults, onSaved, onCancel }: TaskFormProps) {
  // One uuid per open form: a double submit or a retry after a lost answer creates one task.
  const [initial] = useState<TaskFormValues>(() => (task ? taskToForm(task) : { ...emptyTaskForm(), ...defaults, parentTaskId: parentTaskId ?? null, uuid: crypto.randomUUID() }));
  const [before] = useState(() => (task ? updateTaskForm.safeParse(initial).data : undefined));
  const form = useZodForm<TaskFormValues, CreateTaskInput | UpdateTaskInput>(task ? updateTaskForm : createTaskForm, { defaultValues: initial });
  const { register, setValue } = form;
  // A new sub-task starts from its parent (an edit keeps what the task has).
  const parent = useTask(task ? undefined : parentTaskId);
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? "");
  const saving = create.isPending || update.isPending;
  const lockedParent = Boolean(parentTaskId) && !task;
  const inherited = useRef(false);

  // A change clears that field's message until the next save.
  useEffect(() => form.subscribe({ formState: { values: true }, callback: ({ name, type }) => type === "change" && name && form.clearErrors(name.split(".")[0] as keyof TaskFormValues) }), [form]);
  // Once, when the parent has loaded: the values stay the user's to change before saving.
  useEffect(() => {
    if (!parent.data || inherited.current) return;
    inherited.current = true;
    for (const [key, value] of Object.entries(subTaskStart(parent.data))) setValue(key as keyof ReturnType<typeof subTaskStart>, value);
  }, [parent.data, setValue]);
  const dueDay = useWatch({ control: form.control, name: "dueDate.day" });

  const submit = async (body: CreateTaskInput | UpdateTaskInput) => {
    const changed = before && Object.fromEntries(Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before])));
    try {
      const saved = task ? await update.mutateAsync((changed ?? body) as UpdateTaskInput) : await create.mutateAsync(body as CreateTaskInput);
      toast({ title: task ? "Task updated successfully" : "Task created successfully" });
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      toastError(error, { title: "Error", fallback: "Failed to create task" });
    }
  };
  // Unticking the checklist clears its items (spec §4).
  const clearChecklist = ({ target }: { target: HTMLInputElement }) => target.checked || (setValue("checklistItems", []), setValue("checklistRequired", false));
  const dueOrStart = (name: "dueDate" | "startDate", label: string, timeLabel: string, hint: string) => (
    <>
      <TaskField name={name} id={name === "dueDate" ? "task-due-date" : "task-start-date"} label={label} markRequired={name === "dueDate"}>
        {(control) => <Input {...control} type="date" {...register(`${name}.day`)} />}
      </TaskField>
      <TimeField name={`${name}.time`} id={name === "dueDate" ? "task-due-time" : "task-start-time"} label={timeLabel} hint={hint} />
    </>
  );

  return (
    <Form form={form} onSubmit={submit} className="space-y-5" aria-label={task ? "Edit Task" : "Create New Task"}>
      {lockedParent && <div className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900" role="status">Creating sub-task for: {parent.data?.title ?? "…"}</div>}
      <TaskField name="title" id="task-title" label="Title" markRequired>{(control) => <Input {...control} maxLength={500} autoFocus {...register("title")} />}</TaskField>
      <Group label="Description" id="task-description-label">
        <Value name="description">{(description, set) => <LazyRichTextEditor aria-labelledby="task-description-label" value={description} onChange={set} />}</Value>
      </Group>
      <div className="grid gap-4 sm:grid-cols-2">
        <TaskField name="priority" id="task-priority" label="Priority">{(control) => <Select id={control.id} options={PRIORITY_LABELS} {...register("priority")} />}</TaskField>
        <TaskField name="status" id="task-status" label="Status">{(control) => <Select id={control.id} options={STATUS_LABELS} {...register("status")} />}</TaskField>
      </div>
      <Controlled name="department" id="task-department" label="Department" markRequired>
        {(department, set, control) => <DepartmentPicker id={control.id} value={department} invalid={Boolean(control["aria-invalid"])} onChange={set} />}
      </Controlled>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controlled name="assigneeId" id="task-assignee" label="Assignee">{(assigneeId, set, control) => <AssigneePicker id={control.id} value={assigneeId} onChange={set} />}</Controlled>
        <Controlled name="projectId" id="task-project" label="Project">
          {(projectId, set, control) => <ProjectSelect id={control.id} blank="No project" value={projectId ?? ""} onChange={(e) => set(e.target.value || null)} />}
        </Controlled>
      </div>
      <Group label="Team members" names={["assigneeIds", "leadAssigneeId"]}>
        <Value name="assigneeIds">
          {(userIds, setTeam) => <Value name="leadAssigneeId">{(leadId, setLead) => <TeamPicker value={{ userIds, leadId }} onChange={(team) => { setTeam(team.userIds); setLead(team.leadId); }} />}</Value>}
        </Value>
      </Group>
      {!lockedParent && (
        <Controlled name="parentTaskId" id="task-parent" label="Parent task">
          {(parentId, set, control) => <ParentTaskPicker id={control.id} value={parentId} excludeTaskId={task?.id} onChange={set} />}
        </Controlled>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {dueOrStart("dueDate", "Due date", "Due time", "H:MM or minutes; blank = end of day")}
        {dueOrStart("startDate", "Start date", "Start time", "blank = 00:00")}
        <DueAfterParent parent={parent.data} day={dueDay} className="sm:col-span-2" testId="due-after-parent" />
        <TimeField name="estimatedHours" id="task-duration" label="Estimated duration" hint="H:MM or minutes" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
        <Checkbox id="task-pickup" label="Available for pickup" {...register("availableForPickup")} />
        <Checkbox id="task-private" label="Private (only you and admins can see it)" {...register("isPrivate")} />
        <Checkbox id="task-has-checklist" label="Checklist" {...register("hasChecklist", { onChange: clearChecklist })} />
        <Checkbox id="task-recurring" label="Recurring" {...register("isRecurring")} />
      </div>
      <When name="hasChecklist">
        <Group label="Checklist items" names={["checklistItems"]}>
          <Value name="checklistItems">{(items, set) => <ChecklistEditor items={items} onChange={set} />}</Value>
        </Group>
        <Checkbox id="task-checklist-required" label="Required: the task cannot be completed until every item is ticked" {...register("checklistRequired")} />
      </When>
      <When name="isRecurring">
        <RecurrenceFields />
      </When>
      <FormActions submit={task ? "Save Changes" : lockedParent ? "Create Sub-task" : "Create Task"} cancel={onCancel} pending={saving} divided />
    </Form>
  );
}
