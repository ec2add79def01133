import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

/** A field's label look, also for a block's title that is no <label> (a legend, a group's name). */
export const labelClasses = "block text-sm font-medium text-slate-700";

interface LabelProps extends ComponentProps<"label"> {
  /** Marks the field as required; the field itself should still carry `required`. */
  required?: boolean;
}

export function Label({ className, required = false, children, ...props }: LabelProps) {
  return (
    <label className={cn(labelClasses, className)} {...props}>
      {children}
      {required && (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}
