"use client";

import { useState } from "react";
import { toast, toastError } from "@/components/ui/use-toast";
import { clockTime } from "@/lib/dates";
import { PUNCH_LABELS, PUNCH_TOASTS } from "@/lib/punch/messages";
import type { KeptMyDay } from "@/lib/offline/kept-my-day";
import type { OfflineEntry } from "@/lib/offline/queue";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { isQueued, usePunchIn, useUnsentPunch, type PunchStatus } from "@/lib/queries/punch";
import { ElapsedTimer } from "./elapsed-timer";
import { LazyPunchOutFlow } from "./lazy-punch-out-flow";
import { OfflineQueuePanel } from "./offline-queue-panel";
import { CloudOffIcon } from "./offline-queue-status";
import { TodayPanel } from "./today-panel";

type Source = "desktop" | "mobile" | "qr";

/** "8:03 AM" in the business's time zone, as the header widget shows times. */
export function formatClockTime(iso: string | null): string {
  if (!iso) return "";
  return clockTime(iso);
}

const BIG_BUTTON =
  "flex w-full items-center justify-center rounded-2xl px-6 py-6 text-2xl font-bold shadow-lg transition focus:outline-none focus-visible:ring-4 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The phone-sized punch screen shared by /punch-authenticated and /mobile-punch: a large state
 * banner anyone can read at arm's length, and one large button, in the header's colours (spec §4:
 * green means on the clock): punched in, a green Punch Out with the running timer (and the reason
 * dialog); punched out, a neutral Punch In. Under it, today so far and my tasks for today.
 * A punch kept on the phone (no signal) is not shown as confirmed: the card says "Saved on this
 * phone, not sent yet" in amber until the server has it, then turns into the green ✓.
 */
export function BigPunchPanel({
  status,
  location,
  source,
  headline,
  keptToday,
}: {
  status: PunchStatus;
  location: string;
  source: Source;
  /** Overrides the banner's first line (e.g. "You're punched in" right after a QR scan). */
  headline?: string;
  /** The offline start page: the list of today's tasks this device kept, shown while none can be loaded. */
  keptToday?: KeptMyDay["today"];
}) {
  const punchIn = usePunchIn();
  const unsent = useUnsentPunch();
  const [reasonOpen, setReasonOpen] = useState(false);
  const [punchedOutHere, setPunchedOutHere] = useState(false);

  return (
    <>
      {/* Mounted in both states, so the punch-out toast fires after the status flips. */}
      <LazyPunchOutFlow open={reasonOpen} onClose={() => setReasonOpen(false)} location={location} source={source} large onPunchedOut={() => setPunchedOutHere(true)} />
      {status.isPunchedIn ? (
        <div className="space-y-6" data-testid="punch-state" data-state="in">
          {unsent ? (
            <UnsentCard entry={unsent} />
          ) : (
            <div role="status" className="rounded-2xl border-2 border-green-600 bg-green-50 p-6 text-center" data-testid="punch-card" data-sent="true">
              <CheckIcon className="mx-auto size-14 text-green-600" />
              <p className="mt-3 text-3xl font-bold text-green-800">{headline ?? "You're punched in"}</p>
              <p className="mt-2 text-lg text-green-900">Since {formatClockTime(status.lastPunchIn)}</p>
              {status.activeTask ? (
                <p className="mt-3 text-base text-green-900">
                  Working on task #{status.activeTask.displayNumber}: {status.activeTask.title}
                </p>
              ) : null}
            </div>
          )}
          <button
            type="button"
            onClick={() => setReasonOpen(true)}
            className={`${BIG_BUTTON} flex-col gap-1 bg-green-700 text-white hover:bg-green-800 focus-visible:ring-green-300`}
          >
            <span>{PUNCH_LABELS.punchOut}</span>
            <ElapsedTimer since={status.lastPunchIn} className="font-mono text-lg font-semibold tabular-nums text-green-50" />
          </button>
          <TodayPanel status={status} kept={keptToday} />
        </div>
      ) : (
        <div className="space-y-6" data-testid="punch-state" data-state="out">
          {unsent ? (
            <UnsentCard entry={unsent} />
          ) : (
            <div role="status" className="rounded-2xl border-2 border-slate-300 bg-slate-50 p-6 text-center" data-testid="punch-card" data-sent="true">
              <p className="text-3xl font-bold text-slate-900">{punchedOutHere ? "You're punched out" : "You are not punched in"}</p>
              {punchedOutHere ? <p className="mt-2 text-lg text-slate-700">Thanks — see you next time.</p> : null}
            </div>
          )}
          <button
            type="button"
            disabled={punchIn.isPending}
            onClick={() =>
              punchIn.mutate(
                { location, source },
                {
                  onSuccess: (result) => {
                    setPunchedOutHere(false);
                    if (isQueued(result)) toast({ title: OFFLINE_MESSAGES.savedOnPhone });
                    else toast({ title: PUNCH_TOASTS.punchedIn.title, description: PUNCH_TOASTS.punchedIn.description });
                  },
                  onError: (error) =>
                    toastError(error, { title: PUNCH_TOASTS.punchInFailed, fallback: PUNCH_TOASTS.punchInFailed }),
                },
              )
            }
            className={`${BIG_BUTTON} bg-white text-slate-900 ring-2 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-slate-400`}
          >
            {punchIn.isPending ? "Punching In…" : PUNCH_LABELS.punchIn}
          </button>
          <TodayPanel status={status} kept={keptToday} />
        </div>
      )}
      <OfflineQueuePanel />
    </>
  );
}

/** The card of a punch kept on the phone: what was tapped, when (the phone's clock), and that the server has not got it yet. */
function UnsentCard({ entry }: { entry: OfflineEntry }) {
  return (
    <div role="status" className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-6 text-center" data-testid="punch-card" data-sent="false">
      <CloudOffIcon className="mx-auto size-14 text-amber-700" />
      <p className="mt-3 text-2xl font-bold text-amber-900">{OFFLINE_MESSAGES.notSentYet}</p>
      <p className="mt-2 text-lg text-amber-950">
        {entry.kind === "punch-in" ? "Punched in" : "Punched out"} at {formatClockTime(entry.deviceTime)} on this phone.
      </p>
      <p className="mt-1 text-base text-amber-900">{OFFLINE_MESSAGES.notSentYetDetail}</p>
    </div>
  );
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} className={className} aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
