"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

// Loaded the first time one opens: the start dialog's form (react-hook-form, zod, the pickers)
// is not part of the processes list or a process page, nor the step editor part of the builder.
export const LazyStartProcessDialog = lazyDialog(() => import("./start-process-dialog").then((m) => m.StartProcessDialog));
export const LazyStepDialog = lazyDialog(() => import("./step-dialog").then((m) => m.StepDialog));
