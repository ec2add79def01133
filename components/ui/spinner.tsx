import { cn } from "@/components/ui/cn";

const SIZES = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Announced to screen readers; pass "" when the surrounding control already says it. */
  label?: string;
  className?: string;
}

export function Spinner({ size = "md", label = "Loading", className }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className={cn("inline-flex text-current", className)}>
      <svg className={cn("animate-spin", SIZES[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8V0C5.37 0 0 5.37 0 12h4z" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
