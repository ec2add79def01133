"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "@/lib/constants";
import { dismissToast, useToastState } from "./use-toast";
import { useToastPlacement } from "./toast-placement";
import { TOAST_CARD_CLASS, TOAST_CLOSE_CLASS, TOAST_CLOSE_VARIANTS, TOAST_VARIANTS, TOAST_VIEWPORT_CLASS, ToastCloseIcon } from "./toast-look";

/**
 * Renders the current toast (Radix). Spec §9: shown 5000 ms, swipe right past 50 px to dismiss,
 * F8 moves focus to the toast region. Mounted by `Toaster` (./toaster) from the first toast on.
 */
export function ToastRegion() {
  const current = useToastState();
  const { ref, slot } = useToastPlacement<HTMLOListElement>(Boolean(current?.open), current?.id ?? null);
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
            TOAST_CARD_CLASS,
            "transition-opacity duration-300 starting:opacity-0",
            "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
            "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
            "data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
            TOAST_VARIANTS[current.variant],
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
            className={cn(TOAST_CLOSE_CLASS, TOAST_CLOSE_VARIANTS[current.variant])}
          >
            <ToastCloseIcon />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        ref={ref}
        data-slot={slot}
        hotkey={TOAST_HOTKEY}
        className={TOAST_VIEWPORT_CLASS}
      />
    </ToastPrimitive.Provider>
  );
}
