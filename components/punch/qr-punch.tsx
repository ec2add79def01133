"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { PUNCH_TOASTS, errorMessageOf } from "@/lib/punch/messages";
import { usePunchIn, usePunchStatus, type PunchStatus } from "@/lib/queries/punch";
import { BigPunchPanel } from "./big-punch-panel";

/**
 * /punch-authenticated?auto=true&location=facility — where the printed QR code lands. With
 * auto=true a punched-out visitor is punched in at once (source qr, the code's location), no
 * tap needed; a visitor already punched in sees that and is offered Punch Out.
 */
export function QrPunch({ auto, location }: { auto: boolean; location: string }) {
  const status = usePunchStatus();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <h1 className="text-center text-2xl font-bold text-slate-900">Punch Clock</h1>
      <p className="mt-1 text-center text-base text-slate-600">
        Location: <span className="font-semibold text-slate-800">{location}</span>
      </p>
      <div className="mt-6">
        {status.data ? (
          <QrPunchReady status={status.data} auto={auto} location={location} />
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
        <Link href="/" className="text-base font-medium text-brand-700 underline-offset-4 hover:underline">
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
function QrPunchReady({ status, auto, location }: { status: PunchStatus; auto: boolean; location: string }) {
  const punchIn = usePunchIn();
  const [arrivedPunchedIn] = useState(status.isPunchedIn);
  const attempted = useRef(false);
  const { mutate } = punchIn;

  useEffect(() => {
    if (!auto || arrivedPunchedIn || attempted.current) return;
    attempted.current = true;
    mutate(
      { location, source: "qr" },
      {
        onSuccess: () => toast({ title: PUNCH_TOASTS.punchedIn.title, description: PUNCH_TOASTS.punchedIn.description }),
        onError: (error) =>
          toast({ title: PUNCH_TOASTS.punchInFailed, description: errorMessageOf(error, PUNCH_TOASTS.punchInFailed), variant: "destructive" }),
      },
    );
  }, [auto, arrivedPunchedIn, location, mutate]);

  if (auto && !arrivedPunchedIn && (punchIn.isIdle || punchIn.isPending)) return <Waiting text="Punching you in…" />;
  const headline = auto && arrivedPunchedIn && status.isPunchedIn ? "You're already punched in" : undefined;
  return <BigPunchPanel status={status} location={location} source="qr" headline={headline} />;
}

function Waiting({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-2xl border-2 border-slate-200 bg-white p-10">
      <Spinner size="lg" label="" className="text-brand-600" />
      <p className="text-xl font-semibold text-slate-800">{text}</p>
    </div>
  );
}
