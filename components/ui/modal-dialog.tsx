"use client";

import {
  CloseButton,
  Description,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Dialog as HeadlessDialog,
} from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

const SIZES = { sm: "sm:max-w-sm", md: "sm:max-w-lg", lg: "sm:max-w-2xl" } as const;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Action buttons; stacked full-width on phones, in a row from the sm breakpoint; they stay on screen while the body scrolls. */
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
  children?: ReactNode;
  /** false: no close button (a panel that only its own confirm may close, e.g. a secret shown once). */
  closeButton?: boolean;
}

/**
 * A modal dialog: focus is trapped, Escape and a backdrop click close it, and
 * on a 375 px phone it fills the width with a 16 px margin. Screens use `Dialog` from
 * ./dialog, which loads this on first open.
 */
export default function ModalDialog({ open, onClose, title, description, footer, size = "md", className, children, closeButton = true }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 starting:opacity-0"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            data-dialog-panel
            className={cn(
              "relative w-full rounded-lg bg-white p-5 shadow-xl transition duration-200 sm:p-6",
              "starting:translate-y-4 starting:opacity-0 sm:starting:translate-y-0 sm:starting:scale-95",
              SIZES[size],
              className,
            )}
          >
            <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
            {closeButton && (
              <CloseButton
                aria-label="Close"
                className="absolute top-4 right-4 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </CloseButton>
            )}
            {children && <div className="mt-4">{children}</div>}
            {footer && (
              // Sticky at the bottom of the scrolling overlay: on a short screen (360 × 640) a tall
              // dialog's body scrolls under its actions, and the primary one is always on screen.
              <div data-dialog-footer className="sticky bottom-0 -mx-5 -mb-5 mt-3 flex flex-col-reverse gap-2 rounded-b-lg bg-white px-5 pt-3 pb-5 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
                {footer}
              </div>
            )}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
