"use client";

import { useRouter } from "next/navigation";
import { LazyTaskForm } from "./lazy-task-form";

export function NewTaskPage({ parentTaskId }: { parentTaskId?: string }) {
  const router = useRouter();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Create New Task</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <LazyTaskForm parentTaskId={parentTaskId} onSaved={(task) => router.push(`/tasks/${task.id}`)} onCancel={() => router.back()} />
      </div>
    </div>
  );
}
