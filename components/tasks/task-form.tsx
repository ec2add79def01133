"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { applyServerErrors, Form, useZodForm } from "@/components/ui/form";
import { toast, toastError } from "@/components/ui/use-toast";
import { createTaskForm, emptyTaskForm, taskToForm, updateTaskForm, type TaskFormValues } from "@/lib/tasks/task-form";
import { useCreateTask, useTask, useUpdateTask, type Task } from "@/lib/queries/tasks";
import type { CreateTaskInput, UpdateTaskInput } from "@/lib/validations/tasks";
import { RecurrenceSection } from "./recurrence-fields";
import { BasicsSection, ChecklistSection, OptionsSection, PeopleSection, SchedulingSection } from "./task-form-sections";

export const TASK_CREATED = "Task created successfully";
export const TASK_UPDATED = "Task updated successfully";
export const TASK_SAVE_FAILED = "Failed to create task";

interface TaskFormProps {
  /** Edit this task; without it the form creates one. */
  task?: Task;
  /** Create a sub-task of this task: the parent is locked and its department, project and priority are inherited. */
  parentTaskId?: string;
  /** Pre-filled values of a new task (e.g. the project and department of the project page). */
  defaults?: { projectId?: string | null; department?: string | null };
  onSaved: (task: Task) => void;
  onCancel: () => void;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The task form of spec §2-§5 ("Create New Task"/"Edit Task" modal and the full page): its values
 * are the API body under the API's names (lib/tasks/task-form.ts), checked by the handler's own
 * schema, laid out in sections that each subscribe to the fields they show. An edit sends what
 * changed (PATCH), so an untouched date keeps its stored instant and a hidden parent stays.
 */
export function TaskForm({ task, parentTaskId, defaults, onSaved, onCancel }: TaskFormProps) {
  // One uuid per open form: a double submit or a retry after a lost answer creates one task.
  const [initial] = useState<TaskFormValues>(() =>
    task ? taskToForm(task) : { ...emptyTaskForm(), ...defaults, parentTaskId: parentTaskId ?? null, uuid: crypto.randomUUID() },
  );
  const [before] = useState(() => (task ? updateTaskForm.safeParse(initial).data : undefined));
  const form = useZodForm<TaskFormValues, CreateTaskInput | UpdateTaskInput>(task ? updateTaskForm : createTaskForm, { defaultValues: initial });
  const parent = useTask(parentTaskId);
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? "");
  const inherited = useRef(false);

  // A change clears that field's message until the next save.
  useEffect(() => form.subscribe({ formState: { values: true }, callback: ({ name }) => name && form.clearErrors(name.split(".")[0] as "title") }), [form]);

  // A sub-task starts with its parent's department, project and priority (spec §5), once it has loaded.
  useEffect(() => {
    if (!parent.data || inherited.current || task) return;
    inherited.current = true;
    form.setValue("department", parent.data.organizationalUnitId);
    form.setValue("projectId", parent.data.projectId);
    form.setValue("priority", parent.data.priority);
  }, [parent.data, task, form]);

  const submit = async (body: CreateTaskInput | UpdateTaskInput) => {
    const changed = before && Object.fromEntries(Object.entries(body).filter(([key, value]) => json(value) !== json(before[key as keyof typeof before])));
    try {
      const saved = task ? await update.mutateAsync((changed ?? body) as UpdateTaskInput) : await create.mutateAsync(body as CreateTaskInput);
      toast({ title: task ? TASK_UPDATED : TASK_CREATED });
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      toastError(error, { title: "Error", fallback: TASK_SAVE_FAILED });
    }
  };
  const lockedParent = Boolean(parentTaskId) && !task;

  return (
    <Form form={form} onSubmit={submit} className="space-y-5" aria-label={task ? "Edit Task" : "Create New Task"}>
      {lockedParent && (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900" role="status">
          Creating sub-task for: {parent.data?.title ?? "…"}
        </div>
      )}
      <BasicsSection />
      <PeopleSection lockedParent={lockedParent} taskId={task?.id} />
      <SchedulingSection />
      <OptionsSection />
      <ChecklistSection />
      <RecurrenceSection />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending || update.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {task ? "Save Changes" : lockedParent ? "Create Sub-task" : "Create Task"}
        </Button>
      </div>
    </Form>
  );
}
