"use client";

import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import type { GanttTask } from "@/lib/gantt/timeline-model";
import { combineDayAndTime, splitInstant } from "@/lib/dates/day-time";
import { editDatesSchema } from "@/lib/validations/gantt";

/**
 * "Edit dates": the keyboard and screen-reader alternative to dragging a bar (Enter on a bar).
 * Days in the business zone; each date keeps its time of day (a blank start is a milestone).
 */
export function EditDatesDialog({
  task,
  onClose,
  onSave,
}: {
  task: GanttTask;
  onClose: () => void;
  onSave: (dates: { startDate: string | null; dueDate: string }) => Promise<void>;
}) {
  const start = splitInstant(task.startDate, "start");
  const due = splitInstant(task.dueDate, "due");
  const form = useZodForm(editDatesSchema, { defaultValues: { startDay: start.day, dueDay: due.day } });
  return (
    <Dialog open onClose={onClose} title="Edit dates" description={`#${task.displayNumber} ${task.title}`} size="sm">
      <Form
        form={form}
        aria-label="Edit dates"
        className="space-y-4"
        onSubmit={async (values) => {
          await onSave({
            startDate: values.startDay ? combineDayAndTime(values.startDay, start.day ? start.minutes : null, "start").toISOString() : null,
            dueDate: combineDayAndTime(values.dueDay, due.minutes, "due").toISOString(),
          });
        }}
      >
        <Field name="startDay" label="Start date" type="date" hint="Leave blank for a milestone on the due date." />
        <Field name="dueDay" label="Due date" type="date" required />
        <FormActions submit="Save dates" cancel={onClose} pending={form.formState.isSubmitting} />
      </Form>
    </Dialog>
  );
}
