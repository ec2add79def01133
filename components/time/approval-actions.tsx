"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useApprovePeriod, useDecideCorrection, useUnlockPeriod } from "@/lib/queries/time";
import { LazyReasonDialog } from "./lazy-time-dialogs";

/** Approve and lock one member's period, or (no userId) every active member's. */
export function ApproveButton({ period, userId, label }: { period: string; userId?: string; label: string }) {
  const approve = useApprovePeriod();
  return (
    <Button
      size="sm"
      variant={userId ? "secondary" : "primary"}
      isLoading={approve.isPending}
      onClick={() =>
        approve.mutate(
          { period, userIds: userId ? [userId] : undefined },
          {
            onSuccess: () => toast({ title: "Period approved and locked" }),
            onError: (error) => toastError(error, { title: "Could not approve the period" }),
          },
        )
      }
    >
      {label}
    </Button>
  );
}

/** Unlock one member's period, or (no userId) every member's that is locked; both ask for the reason. */
export function UnlockButton({ period, userId }: { period: string; userId?: string }) {
  const [open, setOpen] = useState(false);
  const unlock = useUnlockPeriod();
  return (
    <>
      <Button size="sm" variant={userId ? "ghost" : "secondary"} onClick={() => setOpen(true)}>
        {userId ? "Unlock" : "Unlock all"}
      </Button>
      <LazyReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={userId ? "Unlock pay period" : "Unlock every member's pay period"}
        confirm={userId ? "Unlock" : "Unlock all"}
        pending={unlock.isPending}
        onConfirm={async (reason) => {
          await unlock.mutateAsync({ period, userId, reason });
          toast({ title: userId ? "Period unlocked" : "Every member's period unlocked" });
        }}
      />
    </>
  );
}

export function CorrectionDecision({ id }: { id: string }) {
  const decide = useDecideCorrection();
  const run = (decision: "approve" | "reject") =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => toast({ title: decision === "approve" ? "Correction approved" : "Correction rejected" }),
        onError: (error) => toastError(error, { title: "Could not decide the request" }),
      },
    );
  return (
    <span className="flex gap-2">
      <Button size="sm" onClick={() => run("approve")} isLoading={decide.isPending && decide.variables?.decision === "approve"}>
        Approve
      </Button>
      <Button size="sm" variant="secondary" onClick={() => run("reject")} isLoading={decide.isPending && decide.variables?.decision === "reject"}>
        Reject
      </Button>
    </span>
  );
}
