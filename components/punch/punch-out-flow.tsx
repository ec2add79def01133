"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { PUNCH_OUT_REASONS, type PunchOutReason } from "@/lib/constants";
import { PUNCH_TOASTS, conflictingTaskOf, type ActiveTaskInfo } from "@/lib/punch/messages";
import { OTHER_REASON, REASON_OTHER_MAX_LENGTH, buildPunchOutPayload, isReasonComplete } from "@/lib/punch/reason";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { isQueued, usePunchOut, usePunchStatus } from "@/lib/queries/punch";
import { serverMessageOf } from "@/lib/api-client";

export interface PunchOutFlowProps {
  open: boolean;
  onClose: () => void;
  /** Sent as the punch-out location ("desktop" from the header, spec §9). */
  location: string;
  source?: "desktop" | "mobile" | "qr";
  /** Bigger targets for the phone pages. */
  large?: boolean;
  onPunchedOut?: () => void;
}

/**
 * Punch Out (spec §4, §5): the reason dialog, and — when the server answers 409 that the user is
 * clocked into a task — the clocked-into-task dialog with Cancel (back to the reasons), View Task
 * and Punch Out Anyway (the same request with forceClockOut: true). When the status already shows
 * a running task clock, the reason dialog says so under the reasons and its Confirm sends the
 * force flag in one step; the 409 dialog remains for a clock the screen did not know of yet.
 */
export function PunchOutFlow({ open, onClose, location, source, large = false, onPunchedOut }: PunchOutFlowProps) {
  const router = useRouter();
  const punchOut = usePunchOut();
  const [reason, setReason] = useState<PunchOutReason | null>(null);
  const [reasonOther, setReasonOther] = useState("");
  const [activeTask, setActiveTask] = useState<ActiveTaskInfo | null>(null);
  const runningTask = usePunchStatus().data?.activeTask ?? null;

  const reset = () => {
    setReason(null);
    setReasonOther("");
    setActiveTask(null);
  };
  const close = () => {
    if (punchOut.isPending) return;
    reset();
    onClose();
  };

  const submit = (force: boolean) => {
    if (!reason || !isReasonComplete(reason, reasonOther)) return;
    const payload = buildPunchOutPayload({ reason, reasonOther, location }, force);
    punchOut.mutate(source ? { ...payload, source } : payload, {
      onSuccess: (result) => {
        if (isQueued(result)) toast({ title: OFFLINE_MESSAGES.savedOnPhone });
        else toast({ title: PUNCH_TOASTS.punchedOut.title, description: PUNCH_TOASTS.punchedOut.description });
        reset();
        onClose();
        onPunchedOut?.();
      },
      onError: (error) => {
        const task = conflictingTaskOf(error);
        if (task && !force) {
          setActiveTask(task);
          return;
        }
        toast({
          title: PUNCH_TOASTS.punchOutErrorTitle,
          description: serverMessageOf(error, PUNCH_TOASTS.punchOutFallback),
          variant: "destructive",
        });
      },
    });
  };

  return (
    <>
      <ReasonDialog
        open={open && activeTask === null}
        onClose={close}
        reason={reason}
        onReason={setReason}
        reasonOther={reasonOther}
        onReasonOther={setReasonOther}
        pending={punchOut.isPending}
        large={large}
        runningTask={runningTask}
        onConfirm={() => submit(runningTask !== null)}
      />
      <ActiveTaskDialog
        task={open ? activeTask : null}
        pending={punchOut.isPending}
        large={large}
        onCancel={() => setActiveTask(null)}
        onViewTask={(task) => {
          reset();
          onClose();
          router.push(`/tasks/${task.id}`);
        }}
        onForce={() => submit(true)}
      />
    </>
  );
}

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  reason: PunchOutReason | null;
  onReason: (reason: PunchOutReason) => void;
  reasonOther: string;
  onReasonOther: (text: string) => void;
  pending: boolean;
  large: boolean;
  /** The task clock the status shows running: confirming also stops it. */
  runningTask: ActiveTaskInfo | null;
  onConfirm: () => void;
}

function ReasonDialog({ open, onClose, reason, onReason, reasonOther, onReasonOther, pending, large, runningTask, onConfirm }: ReasonDialogProps) {
  const groupId = useId();
  const otherId = useId();
  const complete = isReasonComplete(reason, reasonOther);
  const formId = useId();
  const big = large ? "h-12 text-base" : "";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Punch Out"
      description="Why are you punching out?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending} className={big}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!complete || pending} className={big}>
            {pending ? "Punching Out…" : "Confirm Punch Out"}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (complete && !pending) onConfirm();
        }}
      >
        <fieldset>
          <legend id={groupId} className="sr-only">
            Reason
          </legend>
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-labelledby={groupId}>
            {PUNCH_OUT_REASONS.map((option) => (
              <label
                key={option}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 font-medium text-slate-700 transition hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${large ? "py-4 text-base" : "py-2.5 text-sm"}`}
              >
                <input
                  type="radio"
                  name="punch-out-reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => onReason(option)}
                  className="size-4 accent-brand-600"
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
        {runningTask ? (
          <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="punch-out-stops-timer">
            This also stops your timer on #{runningTask.displayNumber} — {runningTask.title}
          </p>
        ) : null}
        {reason === OTHER_REASON ? (
          <div className="mt-4">
            <Label htmlFor={otherId} required>
              Please specify
            </Label>
            <Textarea
              id={otherId}
              value={reasonOther}
              onChange={(event) => onReasonOther(event.target.value)}
              maxLength={REASON_OTHER_MAX_LENGTH}
              rows={3}
              autoFocus
              required
              className="mt-1"
              placeholder="Tell us why you are punching out"
            />
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

interface ActiveTaskDialogProps {
  task: ActiveTaskInfo | null;
  pending: boolean;
  large: boolean;
  onCancel: () => void;
  onViewTask: (task: ActiveTaskInfo) => void;
  onForce: () => void;
}

function ActiveTaskDialog({ task, pending, large, onCancel, onViewTask, onForce }: ActiveTaskDialogProps) {
  const big = large ? "h-12 text-base" : "";
  return (
    <Dialog
      open={task !== null}
      onClose={onCancel}
      title="Clocked Into a Task"
      size="sm"
      footer={
        task ? (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={pending} className={big}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => onViewTask(task)} disabled={pending} className={big}>
              View Task
            </Button>
            <Button onClick={onForce} disabled={pending} className={big}>
              {pending ? "Punching Out…" : "Punch Out Anyway"}
            </Button>
          </>
        ) : null
      }
    >
      {task ? (
        <p className="text-sm text-slate-600">
          You are still clocked into <span className="font-semibold text-slate-900">#{task.displayNumber} {task.title}</span>. Punching out anyway
          also clocks you out of this task.
        </p>
      ) : null}
    </Dialog>
  );
}
