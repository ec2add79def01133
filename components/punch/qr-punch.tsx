"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { PUNCH_TOASTS } from "@/lib/punch/messages";
import { usePunchIn, usePunchStatus, type PunchStatus } from "@/lib/queries/punch";
import { BigPunchPanel } from "./big-punch-panel";

/**
 * /punch-authenticated?auto=true&location=facility&v=…&sig=… — where the printed QR code lands.
 * It shows the post's `name` (/admin/punch-posts); the punch sends its `location` key.
 * With auto=true and the printout's valid signature (`signed`, checked on the server) a
 * punched-out visitor is punched in at once (source qr, the code's location), no tap needed; any
 * other link asks "Punch in at <location>?" first, so a link on another site can't punch anyone
 * in. A visitor already punched in sees that and is offered Punch Out.
 */
export function QrPunch({ auto, signed, location, name = location }: { auto: boolean; signed: boolean; location: string; name?: string }) {
  const status = usePunchStatus();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <h1 className="text-center text-2xl font-bold text-slate-900">Punch Clock</h1>
      <p className="mt-1 text-center text-base text-slate-600">
        Location: <span className="font-semibold text-slate-800">{name}</span>
      </p>
      <div className="mt-6">
        {status.data ? (
          <QrPunchReady status={status.data} auto={auto} signed={signed} location={location} name={name} />
        ) : status.isError ? (
          <div role="alert" className="rounded-2xl border-2 border-red-300 bg-red-50 p-6 text-center">
            <p className="text-xl font-semibold text-red-800">We couldn&apos;t load your punch status.</p>
            <button type="button" onClick={() => void status.refetch()} className="mt-4 rounded-xl bg-red-600 px-6 py-3 text-lg font-semibold text-white">
              Try Again
            </button>
          </div>
        ) : (
          <Waiting text="Checking your punch status…" />
        )}
      </div>
      <p className="mt-8 text-center">
        {/* The Task List itself, not the member's saved home (My day for staff). */}
        <Link href="/?view=task-list" className="text-base font-medium text-brand-700 underline-offset-4 hover:underline">
          Go to Task List
        </Link>
      </p>
    </div>
  );
}

/**
 * Mounted once the status is known, so the state on arrival is captured exactly once. One
 * automatic attempt per visit: React's double effects and re-renders never punch twice (and the
 * server would answer "Already punched in" anyway).
 */
function QrPunchReady({ status, auto, signed, location, name }: { status: PunchStatus; auto: boolean; signed: boolean; location: string; name: string }) {
  const punchIn = usePunchIn();
  const [arrivedPunchedIn] = useState(status.isPunchedIn);
  const attempted = useRef(false);
  const { mutate } = punchIn;

  const punch = useCallback(
    () =>
      mutate(
        { location, source: "qr" },
        {
          onSuccess: () => toast({ title: PUNCH_TOASTS.punchedIn.title, description: PUNCH_TOASTS.punchedIn.description }),
          onError: (error) => toastError(error, { title: PUNCH_TOASTS.punchInFailed, fallback: PUNCH_TOASTS.punchInFailed }),
        },
      ),
    [location, mutate],
  );

  useEffect(() => {
    if (!auto || !signed || arrivedPunchedIn || attempted.current) return;
    attempted.current = true;
    punch();
  }, [auto, signed, arrivedPunchedIn, punch]);

  if (auto && !signed && !arrivedPunchedIn && punchIn.isIdle) return <ConfirmPunch name={name} onConfirm={punch} />;
  if (auto && !arrivedPunchedIn && (punchIn.isIdle || punchIn.isPending)) return <Waiting text="Punching you in…" />;
  const headline = auto && arrivedPunchedIn && status.isPunchedIn ? "You're already punched in" : undefined;
  return <BigPunchPanel status={status} location={location} source="qr" headline={headline} />;
}

/** An unsigned punch link: nothing happens until the visitor says yes. */
function ConfirmPunch({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  return (
    <div role="group" aria-labelledby="confirm-punch-title" className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-6 text-center">
      <p id="confirm-punch-title" className="text-2xl font-bold text-slate-900">
        Punch in at {name}?
      </p>
      <p className="mt-2 text-base text-slate-700">This link is not a printed punch code, so we ask before punching you in.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button type="button" onClick={onConfirm} className="rounded-xl bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700">
          Punch In
        </button>
        <Link href="/" className="rounded-xl border-2 border-slate-300 bg-white px-6 py-3 text-lg font-semibold text-slate-800 hover:bg-slate-50">
          Cancel
        </Link>
      </div>
    </div>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-2xl border-2 border-slate-200 bg-white p-10">
      <Spinner size="lg" label="" className="text-brand-600" />
      <p className="text-xl font-semibold text-slate-800">{text}</p>
    </div>
  );
}
