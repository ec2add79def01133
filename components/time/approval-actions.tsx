"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastError } from "@/components/ui/use-toast";
import { useApprovePeriod, useDecideCorrection, useLockPeriod, useUnlockPeriod, useWithdrawApproval } from "@/lib/queries/time";
import { hours } from "@/lib/time/calc";
import { LazyReasonDialog } from "./lazy-time-dialogs";
import { formatDateTime } from "@/lib/dates";

/** What the grid knows of a row, for the bulk actions and their confirmation. */
export interface ShownRow {
  id: string;
  approved: boolean;
  locked: boolean;
  totals: { regularMs: number; overtimeMs: number; paidBreakMs: number; unpaidBreakMs: number; workedMs: number };
}

/** "these 4" / "this 1": the bulk buttons say how many rows they act on. */
const these = (n: number) => (n === 1 ? "this 1" : `these ${n}`);

/** One member's approval cell: Approve; Approved (Withdraw); Approved · locked (Unlock). */
export function MemberApproval({ period, userId, approval }: { period: string; userId: string; approval: { approved: boolean; approvedAt: string | null; approvedBy: { name: string } | null; locked: boolean } }) {
  const approve = useApprovePeriod();
  const withdraw = useWithdrawApproval();
  const who = approval.approvedBy ? `Approved by ${approval.approvedBy.name}${approval.approvedAt ? ` on ${formatDateTime(approval.approvedAt)}` : ""}` : undefined;
  if (approval.locked) {
    return (
      <span className="flex flex-wrap items-center gap-1">
        <Badge variant="success" className="whitespace-nowrap" title={who}>
          {approval.approved ? "Approved · locked" : "Locked"}
        </Badge>
        <UnlockButton period={period} userIds={[userId]} />
      </span>
    );
  }
  if (approval.approved) {
    return (
      <span className="flex flex-wrap items-center gap-1">
        <Badge variant="accent" className="whitespace-nowrap" title={who}>
          Approved
        </Badge>
        <Button
          size="sm"
          variant="ghost"
          isLoading={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(
              { period, userIds: [userId] },
              { onSuccess: () => toast({ title: "Approval withdrawn" }), onError: (error) => toastError(error, { title: "Could not withdraw the approval" }) },
            )
          }
        >
          Withdraw
        </Button>
      </span>
    );
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      isLoading={approve.isPending}
      onClick={() =>
        approve.mutate({ period, userIds: [userId] }, { onSuccess: () => toast({ title: "Period approved" }), onError: (error) => toastError(error, { title: "Could not approve the period" }) })
      }
    >
      Approve
    </Button>
  );
}

/**
 * The grid's bulk actions. Each acts on exactly the rows shown (the filter and the page) and says
 * how many: "Approve these 4", "Lock these 4" (after a confirmation with the totals it locks and
 * how many are not approved yet), "Unlock these 2" (with a reason).
 */
export function BulkActions({ period, rows }: { period: string; rows: ShownRow[] }) {
  const approve = useApprovePeriod();
  const lock = useLockPeriod();
  const [confirmLock, setConfirmLock] = useState(false);
  const toApprove = rows.filter((r) => !r.approved && !r.locked);
  const toLock = rows.filter((r) => !r.locked);
  const toUnlock = rows.filter((r) => r.locked);
  const notApproved = toLock.filter((r) => !r.approved).length;
  const sum = (key: keyof ShownRow["totals"]) => toLock.reduce((total, r) => total + r.totals[key], 0);

  return (
    <>
      {toApprove.length > 0 ? (
        <Button
          size="sm"
          isLoading={approve.isPending}
          onClick={() =>
            approve.mutate(
              { period, userIds: toApprove.map((r) => r.id) },
              {
                onSuccess: () => toast({ title: toApprove.length === 1 ? "Period approved" : `${toApprove.length} periods approved` }),
                onError: (error) => toastError(error, { title: "Could not approve the period" }),
              },
            )
          }
        >
          Approve {these(toApprove.length)}
        </Button>
      ) : null}
      {toLock.length > 0 ? (
        <Button size="sm" variant="secondary" onClick={() => setConfirmLock(true)}>
          Lock {these(toLock.length)}
        </Button>
      ) : null}
      {toUnlock.length > 0 ? <UnlockButton period={period} userIds={toUnlock.map((r) => r.id)} bulk /> : null}
      <ConfirmDialog
        open={confirmLock}
        onClose={() => setConfirmLock(false)}
        title={`Lock the pay period for ${toLock.length} member${toLock.length === 1 ? "" : "s"}?`}
        description="Once locked, nobody can change their time in this period until it is unlocked."
        confirmLabel={`Lock ${these(toLock.length)}`}
        pending={lock.isPending}
        onConfirm={() =>
          lock.mutate(
            { period, userIds: toLock.map((r) => r.id) },
            {
              onSuccess: () => {
                setConfirmLock(false);
                toast({ title: toLock.length === 1 ? "Period locked" : `${toLock.length} periods locked` });
              },
              onError: (error) => toastError(error, { title: "Could not lock the period" }),
            },
          )
        }
      >
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="lock-totals">
          <dt className="text-slate-600">Regular</dt>
          <dd className="text-right tabular-nums">{hours(sum("regularMs"))}</dd>
          <dt className="text-slate-600">Overtime</dt>
          <dd className="text-right tabular-nums">{hours(sum("overtimeMs"))}</dd>
          <dt className="text-slate-600">Breaks</dt>
          <dd className="text-right tabular-nums">{hours(sum("paidBreakMs") + sum("unpaidBreakMs"))}</dd>
          <dt className="font-medium text-slate-900">Worked</dt>
          <dd className="text-right font-medium tabular-nums">{hours(sum("workedMs"))}</dd>
        </dl>
        <p className={notApproved ? "mt-3 text-sm font-medium text-amber-800" : "mt-3 text-sm text-slate-600"} data-testid="lock-not-approved">
          {notApproved === 0 ? "Every one of them is approved." : `${notApproved} of them ${notApproved === 1 ? "is" : "are"} not approved yet.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Unlock the given members' periods (one row, or the rows shown: `bulk`); asks for the reason. */
export function UnlockButton({ period, userIds, bulk = false }: { period: string; userIds: string[]; bulk?: boolean }) {
  const [open, setOpen] = useState(false);
  const unlock = useUnlockPeriod();
  const single = !bulk;
  return (
    <>
      <Button size="sm" variant={single ? "ghost" : "secondary"} onClick={() => setOpen(true)}>
        {single ? "Unlock" : `Unlock ${these(userIds.length)}`}
      </Button>
      <LazyReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={single ? "Unlock pay period" : `Unlock the pay period of ${userIds.length === 1 ? "1 member" : `${userIds.length} members`}`}
        confirm={single ? "Unlock" : `Unlock ${these(userIds.length)}`}
        pending={unlock.isPending}
        onConfirm={async (reason) => {
          await unlock.mutateAsync({ period, userIds, reason });
          toast({ title: userIds.length === 1 ? "Period unlocked" : `${userIds.length} periods unlocked` });
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
