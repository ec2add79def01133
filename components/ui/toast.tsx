"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "@/lib/constants";
import { dismissToast, useToastState, type ToastVariant } from "./use-toast";

const VARIANTS: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
};

const CLOSE_VARIANTS: Record<ToastVariant, string> = {
  default: "text-slate-400 hover:bg-slate-100 hover:text-slate-600",
  destructive: "text-red-100 hover:bg-red-500 hover:text-white",
};

/**
 * Renders the current toast (Radix). Spec §9: shown 5000 ms, swipe right past 50 px to dismiss,
 * F8 moves focus to the toast region. Mounted by `Toaster` (./toaster) from the first toast on.
 */
export function ToastRegion() {
  const current = useToastState();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {current && (
        <ToastPrimitive.Root
          // A new key restarts the display timer when a toast replaces another.
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            "transition-opacity duration-300 starting:opacity-0",
            "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
            "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
            "data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
            VARIANTS[current.variant],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description>
            )}
            {current.link && (
              <ToastPrimitive.Action altText={current.link.label} asChild>
                <Link href={current.link.href} className="text-sm font-semibold underline underline-offset-2" onClick={() => dismissToast(current.id)}>
                  {current.link.label}
                </Link>
              </ToastPrimitive.Action>
            )}
            {current.action && (
              <ToastPrimitive.Action altText={current.action.label} asChild>
                <button
                  type="button"
                  className="justify-self-start rounded-md border border-current px-2.5 py-1 text-sm font-semibold hover:bg-black/5"
                  onClick={() => {
                    current.action?.onClick();
                    dismissToast(current.id);
                  }}
                >
                  {current.action.label}
                </button>
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              "absolute top-3 right-3 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-current",
              CLOSE_VARIANTS[current.variant],
            )}
          >
            <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        className="pointer-events-none fixed top-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
