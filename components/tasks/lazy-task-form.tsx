"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import { Spinner } from "@/components/ui/spinner";

/**
 * The task form, fetched only when a form opens: its pickers, validation and form state (about
 * 190 KB gzipped; the description editor follows it, ./lazy-rich-text-editor), which no list or
 * detail screen needs until someone creates or edits. Every call site (the create and edit
 * dialogs, /tasks/new) uses this, never ./task-form.
 */
export const LazyTaskForm = dynamic(offlineSafe(() => import("./task-form").then((m) => m.TaskForm)), {
  loading: () => (
    <div className="flex min-h-64 items-center justify-center text-slate-500">
      <Spinner label="Loading the task form" />
    </div>
  ),
});
