"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ReasonDialog } from "./reason-dialog";
import type { TimeWindowDialog } from "./time-window-dialog";

// Their forms (react-hook-form and zod, ≈ 45 KB gzipped) load the first time one opens, not
// with the time log and time card, which show a row of these controls on every punch.
const LoadedReasonDialog = dynamic(offlineSafe(() => import("./reason-dialog").then((m) => m.ReasonDialog)), { ssr: false });
const LoadedTimeWindowDialog = dynamic(offlineSafe(() => import("./time-window-dialog").then((m) => m.TimeWindowDialog)), { ssr: false });

/** ./reason-dialog, mounted from its first open on. Every call site uses this. */
export function LazyReasonDialog(props: ComponentProps<typeof ReasonDialog>) {
  return useOpenedOnce(props.open) ? <LoadedReasonDialog {...props} /> : null;
}

/** ./time-window-dialog, mounted from its first open on. Every call site uses this. */
export function LazyTimeWindowDialog(props: ComponentProps<typeof TimeWindowDialog>) {
  return useOpenedOnce(props.open) ? <LoadedTimeWindowDialog {...props} /> : null;
}
