import Link from "next/link";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "./button";
import { cn } from "./cn";

interface FormActionsProps {
  /** The submit button's words ("Create Task", "Save dates"). */
  submit: ReactNode;
  /** Cancel: a dialog's close, or the page to go back to. */
  cancel: (() => void) | string;
  /** A save under way: the submit button spins and Cancel waits for the answer. */
  pending?: boolean;
  /** A rule above the buttons, closing a long form. */
  divided?: boolean;
  /** The submit destroys something (a reason dialog's delete). */
  destructive?: boolean;
  /** More buttons, between Cancel and the submit (a rule's "Test this rule"). */
  children?: ReactNode;
}

/**
 * A form's Cancel and submit buttons, the same in every form and dialog: stacked under the fields
 * on a phone with the submit on top (nearest the thumb), side by side at the right from `sm`. In a
 * dialog they stay on screen while the fields scroll (app/globals.css, `[data-form-actions]`).
 */
export function FormActions({ submit, cancel, pending = false, divided, destructive, children }: FormActionsProps) {
  return (
    <div data-form-actions className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", divided && "border-t border-slate-200 pt-4")}>
      {typeof cancel === "string" ? (
        <Link href={cancel} className={buttonClasses({ variant: "secondary" })}>Cancel</Link>
      ) : (
        <Button variant="secondary" onClick={cancel} disabled={pending}>Cancel</Button>
      )}
      {children}
      <Button type="submit" variant={destructive ? "destructive" : undefined} isLoading={pending}>{submit}</Button>
    </div>
  );
}
