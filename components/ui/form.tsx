"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from "react";
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  useFormState,
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import { cn } from "@/components/ui/cn";
import type { z } from "zod";
import { fieldErrorsOf, serverMessageOf } from "@/lib/api-client";
import { Input } from "./input";
import { Label } from "./label";
import { toast } from "./use-toast";

/**
 * Forms: react-hook-form with the zod resolver, driven by the schemas of lib/validations (the
 * same ones the route handlers parse with), so a form and its handler never disagree.
 *
 *   const form = useZodForm(updateProfileSchema, { defaultValues });
 *   <Form form={form} onSubmit={(values) => save.mutate(values)} aria-label="Your name">
 *     <Field name="firstName" label="First name" required />
 *   </Form>
 *
 * A form that refuses to submit always says why: the first invalid field (in page order, any
 * control marked aria-invalid, pickers included) gets focus, and when no invalid field can take
 * focus (a hidden value, a list) a toast names the problem.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, "resolver"> = {},
): UseFormReturn<Input, unknown, Output> {
  // Messages stay until the next save (every form of the app behaves so). Focus is Form's job
  // (page order, unregistered pickers included), not react-hook-form's.
  return useForm<Input, unknown, Output>({ mode: "onSubmit", reValidateMode: "onSubmit", shouldFocusError: false, ...options, resolver: zodResolver(schema) });
}

interface FormProps<Input extends FieldValues, Output extends FieldValues> extends Omit<ComponentProps<"form">, "onSubmit"> {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: SubmitHandler<Output>;
  /** Title of the toast raised when an invalid field cannot take focus. */
  invalidTitle?: string;
}

export function Form<Input extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  invalidTitle = "Check the form",
  children,
  ...props
}: FormProps<Input, Output>) {
  const ref = useRef<HTMLFormElement>(null);
  // One refusal per invalid submit; its effect runs once the messages are on screen.
  const [refusal, setRefusal] = useState<{ first: string | null } | null>(null);
  useEffect(() => {
    if (!refusal) return;
    const focusInvalid = () => {
      const active = typeof document !== "undefined" ? document.activeElement : null;
      if (active instanceof HTMLElement && active.getAttribute("aria-invalid") === "true" && ref.current?.contains(active)) return true;
      const invalid = ref.current?.querySelector<HTMLElement>("[aria-invalid='true']");
      invalid?.focus();
      return Boolean(invalid);
    };
    if (focusInvalid()) return;
    // In a browser the refusal can render a moment before the messages do (react-hook-form
    // publishes them after onInvalid): look once more before saying it in a toast.
    const timer = setTimeout(() => {
      if (!focusInvalid() && refusal.first) toast({ title: invalidTitle, description: refusal.first, variant: "destructive" });
    }, 0);
    return () => clearTimeout(timer);
  }, [refusal, invalidTitle]);
  const onInvalid = (errors: FieldErrors<Input>) => setRefusal({ first: firstError(errors) });
  return (
    <FormProvider {...form}>
      <form ref={ref} noValidate {...props} onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The first message of a (possibly nested) errors object, in field order. */
export function firstError(errors: FieldErrors): string | null {
  for (const value of Object.values(errors)) {
    if (!value) continue;
    if (typeof value.message === "string" && value.message) return value.message;
    const nested = firstError(value as FieldErrors);
    if (nested) return nested;
  }
  return null;
}

/** The message at a field (or, for a list, its first item's), for controls shown outside Field. */
export function messageAt(errors: FieldErrors, name: string): string | undefined {
  const entry = get(errors, name) as FieldErrors | { message?: unknown } | undefined;
  if (!entry) return undefined;
  if (typeof entry.message === "string") return entry.message;
  return firstError(entry as FieldErrors) ?? undefined;
}

/**
 * Puts a refusal's field errors on the form's fields: a 400's list ({ fieldErrors: [{ path,
 * message }] }), or a conflict about one field ({ field }, e.g. a taken unit number: the server's
 * message goes under that field).
 */
export function applyServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, "setError">, error: unknown): boolean {
  const fields = Object.entries(fieldErrorsOf(error));
  const field = typeof error === "object" && error !== null ? (error as { field?: unknown }).field : undefined;
  if (fields.length === 0 && typeof field === "string") fields.push([field, serverMessageOf(error, "")]);
  for (const [path, message] of fields) form.setError(path as Path<T>, { type: "server", message });
  return fields.length > 0;
}

/** Ids and ARIA wiring of one field, for controls the Field primitive does not render itself. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldShellProps {
  name: string;
  label: ReactNode;
  /** Explicit id (tests and labels elsewhere refer to it); generated otherwise. */
  id?: string;
  hint?: ReactNode;
  /** Show the hint after the label, in parentheses, instead of under the control. */
  hintInLabel?: boolean;
  required?: boolean;
  /** Mark the label with a red asterisk (the task and member forms do; the sign-in forms do not). */
  markRequired?: boolean;
  /** Announce the error as it appears (role=alert). */
  announce?: boolean;
  className?: string;
}

interface FieldProps extends FieldShellProps, Omit<ComponentProps<"input">, "name" | "id" | "children"> {
  /** A control of one's own (select, textarea, picker), wired with the field's id and ARIA. */
  children?: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled field of the surrounding Form: label, control, hint and error, with the error
 * announced (aria-invalid, aria-describedby). Without children it renders a registered Input.
 */
export function Field({ name, children, required, ...shell }: FieldProps) {
  const form = useFormContext();
  const { errors } = useFormState({ control: form.control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const { label, id, hint, hintInLabel, markRequired, announce, className, ...input } = shell;
  return (
    <FieldShell label={label} id={id} hint={hint} hintInLabel={hintInLabel} markRequired={markRequired} announce={announce} className={className} error={error}>
      {children ?? ((control) => <Input {...control} required={required} {...input} {...form.register(name)} />)}
    </FieldShell>
  );
}

/**
 * The same labelled field outside a Form: for controls that write straight into a draft (the
 * process builder's step dialog), with the error handed in.
 */
export function FieldShell({
  label,
  id: idProp,
  hint,
  hintInLabel,
  markRequired,
  announce,
  className,
  error,
  children,
}: Omit<FieldShellProps, "name" | "required"> & { error?: string; children: (control: FieldControlProps) => ReactNode }) {
  const generated = useId();
  const id = idProp ?? `field-${generated}`;
  const hintId = hint && !hintInLabel ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id} required={markRequired}>
        {label}
        {hint && hintInLabel ? <span className="ml-1.5 text-xs font-normal text-slate-500">({hint})</span> : null}
      </Label>
      {children(control)}
      {hintId ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} announce={announce} />
    </div>
  );
}

/** A field's error text, read through aria-describedby; `announce` also makes it a live alert. */
export function FieldMessage({ id, message, announce, className }: { id?: string; message?: string; announce?: boolean; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role={announce ? "alert" : undefined} className={cn("text-sm text-red-600", className)}>
      {message}
    </p>
  );
}
