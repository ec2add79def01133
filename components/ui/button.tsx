import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { buttonLook, type ButtonSize, type ButtonVariant } from "./button-look";
import { Spinner } from "./spinner";

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The button look, for links that should look like buttons. */
export function buttonClasses({ variant, size, className }: ButtonStyle = {}): string {
  return className ? cn(buttonLook(variant, size), className) : buttonLook(variant, size);
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
