import type { ComponentProps } from "react";
import { twMerge } from "tailwind-merge";
import { fieldClasses } from "./input";

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={twMerge(fieldClasses, "py-2", className)} {...props} />;
}
