import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { fieldClasses } from "./input";

const selectClasses = cn(fieldClasses, "h-10 appearance-none pr-9");

/**
 * A native select (best on phones and for screen readers) with the field look. Its options are
 * the children, or `options`: a table of value to label, in the table's order. `className` places
 * it (width, margins): the arrow sits at the right edge of the select, however wide.
 */
export function Select({ className, options, children, ...props }: ComponentProps<"select"> & { options?: Record<string, string> }) {
  return (
    <div className={cn("relative", className)}>
      <select className={selectClasses} {...props}>
        {options ? Object.entries(options).map(([value, label]) => <option key={value} value={value}>{label}</option>) : children}
      </select>
      <svg
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </div>
  );
}
