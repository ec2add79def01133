"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

// Their forms load the first time one opens, not with the time log and time card, which show a
// row of these controls on every punch. Every call site uses these.
export const LazyReasonDialog = lazyDialog(() => import("./reason-dialog").then((m) => m.ReasonDialog));
export const LazyTimeWindowDialog = lazyDialog(() => import("./time-window-dialog").then((m) => m.TimeWindowDialog));
export const LazyPunchEditDialog = lazyDialog(() => import("./punch-edit-dialog").then((m) => m.PunchEditDialog));
