"use client";

import Link from "next/link";
import { MySwaps, OfferShift } from "@/components/schedule/my-swaps";
import { MyTimeOff } from "@/components/time-off/my-time-off";
import { MyAvailability } from "./my-availability";
import { useKeptShifts } from "./use-kept-shifts";
import { Button, buttonClasses } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { clockTime, dateKeyOf, formatDateTime } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import type { KeptMyShifts } from "@/lib/offline/kept-my-shifts";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { useOnline } from "@/lib/queries/offline-queue";
import { isQueued, useClaimShift, useMySchedule, type ScheduleShift } from "@/lib/queries/schedule";
import { useSwaps } from "@/lib/queries/swaps";
import { shiftSpan } from "@/lib/schedule/format";

/**
 * /schedule/me: my upcoming published shifts, the open shifts of my departments I may claim,
 * my departments' schedule (names and times only), four weeks from today, my time off and my
 * availability.
 */
export function MyScheduleScreen({ canPlan = false }: { canPlan?: boolean }) {
  const mine = useMySchedule();
  const claim = useClaimShift();
  const data = mine.data;
  const online = useOnline();
  const kept = useKeptShifts(!data && (!online || mine.isError));
  const swaps = useSwaps();
  const offeredIds = new Set((swaps.data?.mine ?? []).filter((s) => s.status === "open" || s.status === "accepted").map((s) => s.shift.id));

  async function onClaim(shift: ScheduleShift) {
    try {
      const result = await claim.mutateAsync(shift.id);
      if (isQueued(result)) toast({ title: "Claim saved on this phone", description: OFFLINE_MESSAGES.savedOnPhone });
      else toast({ title: "Shift claimed", description: `${dayLabel(dateKeyOf(shift.startsAt))} ${shiftSpan(shift.startsAt, shift.endsAt)} is yours.` });
    } catch (error) {
      await toastError(error, { title: "Could not claim the shift" });
    }
  }

  const teamByDay = new Map<string, NonNullable<typeof data>["team"]>();
  for (const t of data?.team ?? []) {
    const day = dateKeyOf(t.startsAt);
    teamByDay.set(day, [...(teamByDay.get(day) ?? []), t]);
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">My schedule</h1>
        {canPlan ? (
          <Link href="/schedule" className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Plan the schedule
          </Link>
        ) : null}
      </div>
      {mine.isError && online ? <p className="text-sm text-red-700">Could not load your schedule.</p> : null}
      <section aria-labelledby="my-shifts-title" className="space-y-2">
        <h2 id="my-shifts-title" className="text-lg font-semibold text-slate-900">My shifts</h2>
        {kept ? <KeptShifts kept={kept.kept} now={kept.now} online={online} /> : null}
        {data && data.shifts.length === 0 ? <p className="text-sm text-slate-600">No published shifts in the next four weeks.</p> : null}
        <ul className={data ? "divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" : undefined} data-testid="my-shifts">
          {data?.shifts.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{dayLabel(dateKeyOf(s.startsAt))}</span>
              <span className="font-semibold">{shiftSpan(s.startsAt, s.endsAt)}</span>
              <span className="w-full text-slate-600">{[s.unitName, s.roleLabel, s.placeName, s.breakMinutes ? `${s.breakMinutes} min break` : null].filter(Boolean).join(" · ")}</span>
              {s.note ? <span className="w-full text-xs text-slate-500">{s.note}</span> : null}
              <span className="flex w-full justify-end">
                <OfferShift shift={s} offered={offeredIds.has(s.id)} />
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="open-shifts-title" className="space-y-2">
        <h2 id="open-shifts-title" className="text-lg font-semibold text-slate-900">Open shifts</h2>
        {data && data.openShifts.length === 0 ? <p className="text-sm text-slate-600">No open shifts you can take.</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="open-shifts">
          {data?.openShifts.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {dayLabel(dateKeyOf(s.startsAt))} {shiftSpan(s.startsAt, s.endsAt)}
                </span>
                <span className="block truncate text-slate-600">{[s.unitName, s.roleLabel, s.placeName].filter(Boolean).join(" · ")}</span>
              </span>
              <Button size="sm" onClick={() => onClaim(s)} isLoading={claim.isPending && claim.variables === s.id}>
                Claim
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <MySwaps myShifts={(data?.shifts ?? []).filter((s) => !offeredIds.has(s.id))} />
      <section aria-labelledby="team-title" className="space-y-2">
        <h2 id="team-title" className="text-lg font-semibold text-slate-900">My team</h2>
        {data && data.team.length === 0 ? <p className="text-sm text-slate-600">Nothing published for your departments yet.</p> : null}
        <div className="space-y-3" data-testid="team-schedule">
          {[...teamByDay].map(([day, rows]) => (
            <div key={day} className="rounded-lg border border-slate-200 bg-white">
              <h3 className="border-b border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-800">{dayLabel(day)}</h3>
              <ul className="divide-y divide-slate-100 text-sm">
                {rows.map((t, i) => (
                  <li key={`${t.memberName}-${t.startsAt}-${i}`} className="flex justify-between gap-3 px-3 py-1.5">
                    <span className="truncate">{t.memberName}</span>
                    <span className="shrink-0 text-slate-600">{shiftSpan(t.startsAt, t.endsAt)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <MyTimeOff />
      <MyAvailability />
    </div>
  );
}

/** "Saved 7:02 AM; you're offline" and the kept shifts, read-only. */
function KeptShifts({ kept, now, online }: { kept: KeptMyShifts; now: number; online: boolean }) {
  const when = dateKeyOf(kept.at) === dateKeyOf(now) ? clockTime(kept.at) : formatDateTime(kept.at);
  return (
    <div className="space-y-2" data-testid="kept-shifts">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {online ? `Saved ${when}; your schedule could not be loaded, this is the copy kept on this phone` : `Saved ${when}; you're offline`}
      </p>
      {kept.shifts.length === 0 ? <p className="text-sm text-slate-600">No upcoming shifts were kept on this phone.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {kept.shifts.map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
            <span className="font-medium text-slate-900">{dayLabel(dateKeyOf(s.startsAt))}</span>
            <span className="font-semibold">{shiftSpan(s.startsAt, s.endsAt)}</span>
            <span className="w-full text-slate-600">{[s.unitName, s.roleLabel, s.placeName, s.breakMinutes ? `${s.breakMinutes} min break` : null].filter(Boolean).join(" · ")}</span>
            {s.note ? <span className="w-full text-xs text-slate-500">{s.note}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
