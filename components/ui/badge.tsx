import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

const VARIANTS = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  accent: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  success: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20",
  danger: "bg-red-50 text-red-700 ring-red-600/20",
} as const;

export type BadgeVariant = keyof typeof VARIANTS;

interface BadgeProps extends ComponentProps<"span"> {
  variant?: BadgeVariant;
}

export function Badge({ variant = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
