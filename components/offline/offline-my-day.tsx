"use client";

import { useSyncExternalStore } from "react";
import { BigPunchPanel } from "@/components/punch/big-punch-panel";
import { CloudOffIcon } from "@/components/punch/offline-queue-status";
import { KeptShiftToday } from "@/components/schedule/my-shifts";
import { Spinner } from "@/components/ui/spinner";
import { clockTime, dateKeyOf, formatDateTime } from "@/lib/dates";
import { readKeptMyDay, subscribeKeptMyDay, type KeptMyDay } from "@/lib/offline/kept-my-day";
import { useOnline } from "@/lib/queries/offline-queue";
import { useCurrentUser } from "@/lib/queries/auth";
import { usePunchStatus } from "@/lib/queries/punch";
import { displayName } from "@/lib/queries/sign-in";

/** The words of the offline start page, shared with its tests. */
export const OFFLINE_START = {
  title: "My day",
  offline: "You're offline",
  unreachable: "Showing the copy kept on this phone",
  nothingKept: "Nothing from My day is kept on this phone. Open BFS Tasks once with a signal, signed in, and it will be here next time.",
  open: "Open My day",
} as const;

/** The server renders no one's data here: the record is read on the device after hydration. */
const NOT_READ = "not-read" as const;

/**
 * /offline: what the installed app (start page `/`) opens on without a signal, served by the
 * service worker in place of `/` (public/sw.js). The page itself holds nothing of a person: My day
 * comes from the record this device kept (lib/offline/kept-my-day.ts), marked with the time it
 * was kept, and Punch In / Punch Out work as on /mobile-punch, kept on the phone until the signal
 * returns. With a connection it offers the real My day.
 */
export function OfflineMyDay() {
  const kept = useSyncExternalStore<KeptMyDay | null | typeof NOT_READ>(subscribeKeptMyDay, readKeptMyDay, () => NOT_READ);
  const online = useOnline();

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 py-6">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">BFS Tasks</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{OFFLINE_START.title}</h1>
        {kept && kept !== NOT_READ ? <p className="mt-1 text-base text-slate-600">Signed in as {displayName(kept.user)}</p> : null}
        {kept && kept !== NOT_READ ? <KeptShiftToday userId={kept.user.id} /> : null}
      </header>
      <div role="status" data-testid="offline-start-banner" className="mt-4 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-base text-amber-950">
        <CloudOffIcon className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <p className="font-semibold">{online ? OFFLINE_START.unreachable : OFFLINE_START.offline}</p>
          <p className="mt-1 text-sm">{kept && kept !== NOT_READ ? keptLine(kept) : "BFS Tasks opens again when the signal returns."}</p>
          {online ? (
            // A full page load on purpose: this page may itself be standing in at `/`, and the
            // router would treat a link to it as the page it already shows.
            // eslint-disable-next-line @next/next/no-html-link-for-pages
            <a href="/" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4">
              {OFFLINE_START.open}
            </a>
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex-1">
        {kept === NOT_READ ? (
          <div className="flex justify-center p-10">
            <Spinner size="lg" label="Loading" className="text-brand-600" />
          </div>
        ) : kept && kept.status ? (
          <KeptPunch kept={kept} status={kept.status} />
        ) : (
          <p className="rounded-2xl border border-slate-200 bg-white p-5 text-base text-slate-700" data-testid="offline-start-empty">
            {OFFLINE_START.nothingKept}
          </p>
        )}
      </div>
    </main>
  );
}

/** "My day as this phone last saw it at 7:02 AM" (or with the date, when it is another day's). */
function keptLine(kept: KeptMyDay): string {
  const at = Math.max(kept.statusAt ?? 0, kept.today?.at ?? 0);
  const when = dateKeyOf(at) === dateKeyOf(Date.now()) ? clockTime(at) : formatDateTime(at);
  return `My day as this phone last saw it, at ${when}. Punches are saved on this phone and sent when the signal returns.`;
}

/** The punch, from the kept state, with the queue on top: the same panel as /mobile-punch. */
function KeptPunch({ kept, status: keptStatus }: { kept: KeptMyDay; status: NonNullable<KeptMyDay["status"]> }) {
  // The person first: queued punches are theirs (the queue's owner), and the punch status reads it.
  useCurrentUser({ initialUser: kept.user });
  const status = usePunchStatus({ on401: "returnNull", initialData: keptStatus, initialDataUpdatedAt: kept.statusAt ?? 0 });
  return <BigPunchPanel status={status.data ?? keptStatus} location="mobile" source="mobile" keptToday={kept.today} />;
}
