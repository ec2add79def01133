"use client";

import dynamic from "next/dynamic";
import { useOpenedOnce } from "./use-opened-once";
import { useToastState } from "./use-toast";

// Radix's toasts (≈ 14 KB gzipped) load with the first toast, not in every page's first load.
const ToastRegion = dynamic(() => import("./toast").then((m) => m.ToastRegion), { ssr: false });

/**
 * Mount once, near the root. Until the first toast there is no region (F8 has nothing to
 * focus); from then on the region stays, so F8 and the next toasts behave as spec §9 says.
 */
export function Toaster() {
  const shown = useOpenedOnce(useToastState() !== null);
  return shown ? <ToastRegion /> : null;
}
