"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError, useErrorToast } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { useClaimTask } from "@/lib/queries/task-edits";
import { useTasks } from "@/lib/queries/tasks";
import { TaskRow } from "./task-row";

/** /available-tasks: unassigned pickup tasks of my departments, first claim wins (spec §6). */
export function AvailableTasks() {
  const [page, setPage] = useState(1);
  const tasks = useTasks({ available: true, sort: "dueDate", page, pageSize: 50 });
  const claim = useClaimTask();
  const [claiming, setClaiming] = useState<string | null>(null);
  useErrorToast(tasks.error);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Available Tasks</h1>
        <p className="mt-1 text-sm text-slate-600">Tasks offered for pickup in your departments. The first to claim a task gets it.</p>
      </div>
      {tasks.isError ? (
        <EmptyState title={getFriendlyError(tasks.error).title} description={getFriendlyError(tasks.error).description} />
      ) : !tasks.data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : tasks.data.items.length === 0 ? (
        <EmptyState title="Nothing to pick up right now" description="Tasks your departments offer for pickup will appear here." />
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {tasks.data.items.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                showComplete={false}
                actions={
                  <Button
                    size="sm"
                    aria-label={`Claim task #${task.displayNumber}`}
                    isLoading={claiming === task.id}
                    disabled={!task.permissions.canClaim || claim.isPending}
                    onClick={() => {
                      setClaiming(task.id);
                      claim.mutate(task.id, {
                        onSuccess: () => toast({ title: "Task claimed", description: `#${task.displayNumber} ${task.title} is now assigned to you.` }),
                        onError: (e) => toastError(e),
                        onSettled: () => setClaiming(null),
                      });
                    }}
                  >
                    Claim
                  </Button>
                }
              />
            ))}
          </ul>
          {(page > 1 || tasks.data.hasMore) && (
            <div className="flex justify-end gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button variant="secondary" size="sm" disabled={!tasks.data.hasMore} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
