"use client";

import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError, useErrorToast } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";
import { useDeletedTasks, useRestoreTask } from "@/lib/queries/deleted-tasks";

/** /admin/deleted: deleted tasks (who, when) with Restore; a restore brings back the whole task. */
export function DeletedTasks() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const list = useDeletedTasks({ q: q || undefined, page });
  const restore = useRestoreTask();
  const [restoring, setRestoring] = useState<string | null>(null);
  useErrorToast(list.error);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Deleted Tasks</h1>
        <p className="mt-1 text-sm text-slate-600">Restoring a task brings back its checklist, team and the sub-tasks deleted with it.</p>
      </div>
      <Input type="search" aria-label="Search deleted tasks" placeholder="Search by title" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} className="max-w-sm" />
      {list.isError ? (
        <EmptyState title={getFriendlyError(list.error).title} description={getFriendlyError(list.error).description} />
      ) : !list.data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No deleted tasks" description={q ? "No deleted task matches this search." : "Tasks that are deleted show up here for restoring."} />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {list.data.items.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="deleted-row">
              <div className="min-w-0 flex-1">
                <div className="font-medium text-slate-900">
                  <span className="mr-1.5 text-xs text-slate-500">#{t.displayNumber}</span>
                  {t.title}
                </div>
                <div className="mt-0.5 text-xs text-slate-600">
                  Deleted by {t.deletedBy ? `${t.deletedBy.firstName} ${t.deletedBy.lastName}` : "unknown"} · {formatDateTime(t.deletedAt)} · {t.organizationalUnit.name}
                  {t.subTaskCount > 0 && ` · ${t.subTaskCount} sub-task${t.subTaskCount === 1 ? "" : "s"}`}
                  {t.deletedWithParent && t.parentTask && ` · deleted with #${t.parentTask.displayNumber}`}
                </div>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Restore task #${t.displayNumber}`}
                isLoading={restoring === t.id}
                onClick={() => {
                  setRestoring(t.id);
                  restore.mutate(t.id, {
                    onSuccess: () => toast({ title: "Task restored", description: `#${t.displayNumber} ${t.title}` }),
                    onError: (e) => toastError(e),
                    onSettled: () => setRestoring(null),
                  });
                }}
              >
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.data && (page > 1 || list.data.hasMore) && (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button variant="secondary" size="sm" disabled={!list.data.hasMore} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
