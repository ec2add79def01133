"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

/** The Create / Edit Project dialog (react-hook-form, zod, the description editor's frame), loaded on first open. */
export const LazyProjectFormDialog = lazyDialog(() => import("./project-form").then((m) => m.ProjectFormDialog));
