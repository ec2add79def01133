import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { Spinner } from "./spinner";

const VARIANTS = {
  primary: "bg-indigo-600 text-white shadow-xs hover:bg-indigo-500",
  secondary: "bg-white text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  destructive: "bg-red-600 text-white shadow-xs hover:bg-red-500",
} as const;

const SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-11 px-5 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The button look, for links that should look like buttons. */
export function buttonClasses({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
    "disabled:pointer-events-none disabled:opacity-50",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<"button">, ButtonStyle {
  /** Shows a spinner and disables the button while work is under way. */
  isLoading?: boolean;
}

/** Defaults to type="button" so a button inside a form never submits it by accident. */
export function Button({ variant, size, className, isLoading = false, disabled, children, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading && <Spinner size="sm" label="" />}
      {children}
    </button>
  );
}
