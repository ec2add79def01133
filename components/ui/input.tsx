import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** Shared by inputs, textareas and selects so every field looks and focuses alike. */
export const fieldClasses = cn(
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs",
  "placeholder:text-slate-400",
  "focus:border-indigo-600 focus:ring-2 focus:ring-indigo-600/20 focus:outline-none",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
  "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClasses, "h-10", className)} {...props} />;
}

type ChoiceProps = Omit<ComponentProps<"input">, "type"> & { label: ReactNode };

/** A checkbox with its label after it (a form's switch); `className` places the label. */
export function Checkbox(props: ChoiceProps) {
  return <Choice type="checkbox" {...props} />;
}

/** A radio button with its label after it: one choice of the group its `name` makes. */
export function Radio(props: ChoiceProps) {
  return <Choice type="radio" {...props} />;
}

function Choice({ label, className, ...props }: ChoiceProps & { type: "checkbox" | "radio" }) {
  return (
    <label htmlFor={props.id} className={cn("flex items-center gap-2 text-sm text-slate-800", className)}>
      <input className="size-4 rounded border-slate-300 text-indigo-600 accent-indigo-600" {...props} />
      {label}
    </label>
  );
}
