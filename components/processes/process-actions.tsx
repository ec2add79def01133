"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useDuplicateProcess, useUpdateProcess, type ProcessSummary } from "@/lib/queries/processes";

/** Start, edit, duplicate, archive / restore: the same actions on the list and the process page. */
export function ProcessActions({ process, onStart, size = "sm" }: { process: ProcessSummary; onStart: () => void; size?: "sm" | "md" }) {
  const router = useRouter();
  const duplicate = useDuplicateProcess();
  const update = useUpdateProcess();
  return (
    <div className="flex flex-wrap gap-2">
      {process.permissions.canStart && (
        <Button size={size} onClick={onStart} aria-label={`Start ${process.name}`}>
          Start
        </Button>
      )}
      {process.permissions.canEdit && (
        <Button size={size} variant="secondary" onClick={() => router.push(`/workflow?id=${process.id}`)} aria-label={`Edit ${process.name}`}>
          Edit
        </Button>
      )}
      <Button
        size={size}
        variant="secondary"
        isLoading={duplicate.isPending}
        aria-label={`Duplicate ${process.name}`}
        onClick={() =>
          duplicate.mutate(process.id, {
            onSuccess: (copy) => {
              toast({ title: "Process duplicated", description: copy.name });
              router.push(`/workflow?id=${copy.id}`);
            },
            onError: (e) => toastError(e),
          })
        }
      >
        Duplicate
      </Button>
      {process.permissions.canEdit && (
        <Button
          size={size}
          variant="ghost"
          isLoading={update.isPending}
          aria-label={`${process.isActive ? "Archive" : "Restore"} ${process.name}`}
          onClick={() =>
            update.mutate(
              { id: process.id, body: { isActive: !process.isActive } },
              { onSuccess: () => toast({ title: process.isActive ? "Process archived" : "Process restored", description: process.name }), onError: (e) => toastError(e) },
            )
          }
        >
          {process.isActive ? "Archive" : "Restore"}
        </Button>
      )}
    </div>
  );
}
