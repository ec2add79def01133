import type { ToastVariant } from "./use-toast";

/** The toast's look, shared by the Radix region (./toast) and the plain one that stands in offline (./toaster). */
/**
 * Where toasts sit: in one of four slots, chosen so the toast covers none of the page's controls
 * (./toast-placement.ts; docs/shared-ui.md). Never over the header: the top slots start below the
 * sticky header (components/shell/header.tsx: the h-14 bar; from lg the h-16 bar plus the h-11
 * navigation row and their two 1 px borders), the bottom ones above the round button
 * (bottom-5 + size-14 in components/shell/quick-actions-style.ts). Phones use the full width.
 */
// Written out whole: Tailwind finds its classes by reading the source.
export const TOAST_VIEWPORT_CLASS =
  "pointer-events-none fixed z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm " +
  "data-[slot=bottom-end]:right-0 data-[slot=bottom-end]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))] " +
  "data-[slot=bottom-start]:left-0 data-[slot=bottom-start]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))] " +
  "data-[slot=top-end]:right-0 data-[slot=top-end]:top-14 lg:data-[slot=top-end]:top-[calc(4rem+2.75rem+2px)] " +
  "data-[slot=top-start]:left-0 data-[slot=top-start]:top-14 lg:data-[slot=top-start]:top-[calc(4rem+2.75rem+2px)]";
export const TOAST_CARD_CLASS = "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg";
export const TOAST_CLOSE_CLASS = "absolute top-3 right-3 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-current";

export const TOAST_VARIANTS: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
};

export const TOAST_CLOSE_VARIANTS: Record<ToastVariant, string> = {
  default: "text-slate-400 hover:bg-slate-100 hover:text-slate-600",
  destructive: "text-red-100 hover:bg-red-500 hover:text-white",
};

export function ToastCloseIcon() {
  return (
    <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
    </svg>
  );
}
