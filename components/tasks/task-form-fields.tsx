"use client";

import type { ReactNode } from "react";
import { useController, useFormState, useWatch, type FieldPath, type FieldPathValue } from "react-hook-form";
import { Field, FieldMessage, messageAt, type FieldControlProps } from "@/components/ui/form";
import { labelClasses } from "@/components/ui/label";
import type { TaskFormValues } from "@/lib/tasks/task-form";
import { TimeInput } from "./time-input";

/**
 * The task form's fields (./task-form.tsx, ./recurrence-fields.tsx): native inputs are registered,
 * a control of our own (picker, H:MM input, editor) takes its value from Value. Each re-renders on
 * its own field alone; nothing watches the whole form.
 */
type Path = FieldPath<TaskFormValues>;
type Setter<N extends Path> = (value: FieldPathValue<TaskFormValues, N>) => void;
type FieldProps = { name: string; id?: string; label: ReactNode; hint?: string; markRequired?: boolean };

/** The task form's field layout: hints in the label, errors announced. */
export function TaskField(props: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  return <Field className="space-y-1" hintInLabel announce {...props} />;
}

/** One field's value and setter, for a control of our own. */
export function Value<N extends Path>({ name, children }: { name: N; children: (value: FieldPathValue<TaskFormValues, N>, set: Setter<N>) => ReactNode }) {
  const { field } = useController<TaskFormValues, N>({ name });
  return children(field.value, field.onChange);
}

/** A labelled field with a control of our own. */
export function Controlled<N extends Path>({ children, ...props }: FieldProps & { name: N; children: (value: FieldPathValue<TaskFormValues, N>, set: Setter<N>, control: FieldControlProps) => ReactNode }) {
  return <TaskField {...props}>{(control) => <Value name={props.name}>{(value, set) => children(value, set, control)}</Value>}</TaskField>;
}

/** A labelled H:MM (or minutes) input. */
export function TimeField(props: FieldProps & { name: "dueDate.time" | "startDate.time" | "estimatedHours" }) {
  return <Controlled {...props}>{(value, set, control) => <TimeInput id={control.id} value={value} invalid={control["aria-invalid"]} onChange={set} />}</Controlled>;
}

/** A labelled block for a control that is no input (editor, team, checklist), with its fields' message (a list's first). */
export function Group({ label, id, names = [], children }: { label: string; id?: string; names?: Path[]; children: ReactNode }) {
  const { errors } = useFormState<TaskFormValues>({ name: names });
  return (
    <div>
      <span id={id} className={labelClasses}>{label}</span>
      <div className="mt-1">{children}</div>
      <FieldMessage message={names.map((name) => messageAt(errors, name)).find(Boolean)} announce className="mt-1" />
    </div>
  );
}

/** Its children while a switch of the form is on. */
export function When({ name, children }: { name: "hasChecklist" | "isRecurring"; children: ReactNode }) {
  return useWatch<TaskFormValues, typeof name>({ name }) ? children : null;
}
