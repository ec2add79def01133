"use client";

import type { ReactNode } from "react";
import { useController, useFormState, useWatch, type FieldPath, type FieldPathValue, type UseFormRegisterReturn } from "react-hook-form";
import { Field, FieldMessage, messageAt, type FieldControlProps } from "@/components/ui/form";
import type { TaskFormValues } from "@/lib/tasks/task-form";

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

/** The message of fields shown without a Field (a list, a picker of two fields). */
export function Message({ names }: { names: Path[] }) {
  const { errors } = useFormState<TaskFormValues>({ name: names });
  return <FieldMessage message={names.map((name) => messageAt(errors, name)).find(Boolean)} announce className="mt-1" />;
}

/** A labelled block for a control that is no input (editor, team, checklist), with its fields' message. */
export function Group({ label, id, names, children }: { label: string; id?: string; names?: Path[]; children: ReactNode }) {
  return (
    <div>
      <span id={id} className={labelClass}>{label}</span>
      <div className="mt-1">{children}</div>
      {names && <Message names={names} />}
    </div>
  );
}

/** Its children while a switch of the form is on. */
export function When({ name, children }: { name: "hasChecklist" | "isRecurring"; children: ReactNode }) {
  return useWatch<TaskFormValues, typeof name>({ name }) ? children : null;
}

/** One of the form's switches (a registered checkbox). */
export function Toggle({ id, label, ...input }: { id: string; label: string } & UseFormRegisterReturn) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input id={id} type="checkbox" className="size-4 rounded border-slate-300 text-indigo-600" {...input} />
      {label}
    </label>
  );
}

export const labelClass = "block text-sm font-medium text-slate-700";
export const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => <option key={value} value={value}>{label}</option>);
