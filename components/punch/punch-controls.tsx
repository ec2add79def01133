"use client";

import { useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { PUNCH_LOCATION } from "@/lib/constants";
import { PUNCH_LABELS, completedWhileClockedText } from "@/lib/punch/messages";
import { usePunchStatus } from "@/lib/queries/punch";
import { usePunchInAction } from "./use-punch-in-action";
import { ElapsedTimer } from "./elapsed-timer";
import { LazyPunchOutFlow } from "./lazy-punch-out-flow";
import { OfflineQueueStatus } from "./offline-queue-status";

const BASE =
  "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-semibold shadow-sm transition focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 disabled:cursor-not-allowed sm:px-3";

/**
 * The header's punch button (spec §4): "Loading" / "Error loading" (both disabled), a neutral
 * "Punch In", or a green "Punch Out" with the hh:mm:ss timer since lastPunchIn. "Error loading" shows after
 * any failed status load, not just the first, until a poll succeeds again. Punch Out opens the reason
 * dialog and, on a 409, the clocked-into-task dialog (PunchOutFlow).
 */
export function PunchControls() {
  const status = usePunchStatus();
  const punchIn = usePunchInAction();
  const [reasonOpen, setReasonOpen] = useState(false);

  const current = status.data;
  let button: React.ReactNode;
  // A failed poll keeps the last good data in the cache (react-query); showing it would offer a
  // Punch In / Punch Out and a running timer that may be false (spec §4: on failure "Error
  // loading", disabled). The next successful poll brings the button back.
  if (status.isPending || status.isError) {
    button = (
      <button type="button" disabled className={`${BASE} border border-slate-200 bg-slate-100 text-slate-500`} data-testid="punch-button">
        {status.isPending ? PUNCH_LABELS.loading : PUNCH_LABELS.error}
      </button>
    );
  } else if (!current?.isPunchedIn) {
    button = (
      <Tooltip content="Punch in for work">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          data-testid="punch-button"
          disabled={punchIn.pending || !current}
          onClick={punchIn.run}
        >
          {PUNCH_LABELS.punchIn}
        </Button>
      </Tooltip>
    );
  } else {
    button = (
      <Tooltip content="Punch out: choose a reason">
        <button
          type="button"
          data-testid="punch-button"
          onClick={() => setReasonOpen(true)}
          className={`${BASE} flex-col gap-0 bg-green-700 py-1 leading-tight text-white hover:bg-green-800 focus-visible:ring-green-500 sm:flex-row sm:gap-1.5 sm:py-1.5`}
        >
          <span>{PUNCH_LABELS.punchOut}</span>
          <ElapsedTimer since={current.lastPunchIn} className="font-mono text-xs tabular-nums sm:text-sm" />
        </button>
      </Tooltip>
    );
  }

  // Once first opened, the flow stays mounted whatever the state: its mutation's success toast must still fire
  // after the status flips to punched out (callbacks of an unmounted mutation are dropped).
  // Someone else completed the task this person is clocked into: say so on the next poll (their
  // clock keeps running until they stop it; only the completer's own clock stops).
  const done = !status.isError && current?.activeTask?.completedAt ? current.activeTask : null;
  return (
    <>
      {button}
      <OfflineQueueStatus />
      {done ? (
        <Tooltip content={completedWhileClockedText(done)}>
          <Link
            href={`/tasks/${done.id}`}
            data-testid="task-completed-notice"
            aria-label={completedWhileClockedText(done)}
            className="inline-flex shrink-0 items-center rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
          >
            #{done.displayNumber} completed
          </Link>
        </Tooltip>
      ) : null}
      <LazyPunchOutFlow open={reasonOpen} onClose={() => setReasonOpen(false)} location={PUNCH_LOCATION} preload={current?.isPunchedIn} />
    </>
  );
}
