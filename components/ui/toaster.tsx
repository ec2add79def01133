"use client";

import { useEffect } from "react";
import dynamic from "next/dynamic";
import { TOAST_DURATION_MS } from "@/lib/constants";
import { offlineSafe } from "./offline-safe";
import { TOAST_CARD_CLASS, TOAST_CLOSE_CLASS, TOAST_CLOSE_VARIANTS, TOAST_VARIANTS, TOAST_VIEWPORT_CLASS, ToastCloseIcon } from "./toast-look";
import { useOpenedOnce } from "./use-opened-once";
import { dismissToast, useToastState } from "./use-toast";
import { useToastPlacement } from "./toast-placement";

/**
 * The toast as plain markup, for while Radix's region cannot be downloaded: the first toast of a
 * visit is often "Connection Lost", exactly when no code can be fetched. Shown 5000 ms, closable;
 * no swipe and no F8 until the real region arrives (offlineSafe tries again with each toast).
 */
function PlainToastRegion() {
  const current = useToastState();
  const { ref, slot } = useToastPlacement<HTMLDivElement>(Boolean(current?.open), current?.id ?? null);
  useEffect(() => {
    if (!current?.open) return;
    const timer = setTimeout(() => dismissToast(current.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  if (!current?.open) return null;
  return (
    <div ref={ref} data-slot={slot} className={TOAST_VIEWPORT_CLASS}>
      <div role="status" className={`${TOAST_CARD_CLASS} ${TOAST_VARIANTS[current.variant]}`}>
        <div className="grid gap-1">
          <p className="text-sm font-semibold">{current.title}</p>
          {current.description ? <p className="text-sm opacity-90">{current.description}</p> : null}
        </div>
        <button type="button" aria-label="Close" onClick={() => dismissToast(current.id)} className={`${TOAST_CLOSE_CLASS} ${TOAST_CLOSE_VARIANTS[current.variant]}`}>
          <ToastCloseIcon />
        </button>
      </div>
    </div>
  );
}

// Radix's toasts (≈ 14 KB gzipped) load with the first toast, not in every page's first load.
const ToastRegion = dynamic(
  offlineSafe(() => import("./toast").then((m) => m.ToastRegion), PlainToastRegion),
  { ssr: false },
);

/**
 * Mount once, near the root. Until the first toast there is no region (F8 has nothing to
 * focus); from then on the region stays, so F8 and the next toasts behave as spec §9 says.
 */
export function Toaster() {
  const shown = useOpenedOnce(useToastState() !== null);
  return shown ? <ToastRegion /> : null;
}
