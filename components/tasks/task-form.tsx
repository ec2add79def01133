"use client";

import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { formatDue } from "@/lib/dates";
import { Form, useZodForm } from "@/components/ui/form";
import { toast, toastError } from "@/components/ui/use-toast";
import { emptyTaskForm, taskFormSchema, taskToForm, type TaskFormState } from "@/lib/tasks/task-form";
import { useCreateTask, useTask, useUpdateTask, type Task } from "@/lib/queries/tasks";
import { BasicsSection, ChecklistSection, FormMessage, OptionsSection, PeopleSection, RecurrenceSection, SchedulingSection } from "./task-form-sections";

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

/**
 * The task form of spec §2-§5, used by the "Create New Task"/"Edit Task" modal and the full page:
 * useZodForm with taskFormSchema (the form state in, the body of createTaskSchema out), laid out
 * in sections (components/tasks/task-form-sections.tsx).
 */
export function TaskForm({ task, parentTaskId, defaults, onSaved, onCancel }: TaskFormProps) {
  const form = useZodForm(taskFormSchema, {
    defaultValues: task ? taskToForm(task) : { ...emptyTaskForm(), ...defaults, parentTaskId: parentTaskId ?? null },
  });
  // One uuid per open form: a double submit or a retry after a lost answer creates one task.
  const [uuid] = useState(() => crypto.randomUUID());
  const parent = useTask(parentTaskId);
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? "");
  const saving = create.isPending || update.isPending;
  const inherited = useRef(false);

  // A sub-task starts with its parent's department, project and priority (spec §5), and its
  // assignee and due date (changeable before saving).
  useEffect(() => {
    if (!parent.data || inherited.current || task) return;
    inherited.current = true;
    const p = parent.data;
    // One-time prefill once the parent has loaded.
    form.setValue("department", p.organizationalUnitId);
    form.setValue("projectId", p.projectId);
    form.setValue("priority", p.priority as TaskFormState["priority"]);
    const inheritedValues = taskToForm(p);
    form.setValue("assignee", inheritedValues.assignee);
    form.setValue("dueDay", inheritedValues.dueDay);
    form.setValue("dueTime", inheritedValues.dueTime);
  }, [parent.data, task, form]);
  const dueDay = useWatch({ control: form.control, name: "dueDay" });
  const parentDueDay = parent.data && !task ? taskToForm(parent.data).dueDay : null;
  const dueAfterParent = Boolean(parentDueDay && dueDay && dueDay > parentDueDay);

  const submit = async (checked: ReturnType<typeof taskFormSchema.parse>) => {
    const body = task ? { ...checked } : { uuid, ...checked };
    if (task) {
      // The inputs hold minutes; an untouched date keeps its stored instant (seconds included).
      const values = form.getValues();
      const initial = taskToForm(task);
      if (values.dueDay === initial.dueDay && values.dueTime === initial.dueTime) body.dueDate = task.dueDate;
      if (values.startDay === initial.startDay && values.startTime === initial.startTime) body.startDate = task.startDate;
      if (values.recurringEndDay === initial.recurringEndDay && body.recurringEndDate) body.recurringEndDate = task.recurringEndDate;
    }
    try {
      const saved = task
        ? await update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0])
        : await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      toast({ title: task ? TASK_UPDATED : TASK_CREATED });
      onSaved(saved);
    } catch (error) {
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
      {dueAfterParent && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="due-after-parent">
          This sub-task is due after its parent task ({formatDue(parent.data!.dueDate)}).
        </p>
      )}
      <OptionsSection />
      <ChecklistSection />
      <RecurrenceSection />
      <FormMessage />

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving}>
          {task ? "Save Changes" : lockedParent ? "Create Sub-task" : "Create Task"}
        </Button>
      </div>
    </Form>
  );
}
