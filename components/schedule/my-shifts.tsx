"use client";

import Link from "next/link";
import { businessToday, clockTime, dateKeyOf, formatDateTime } from "@/lib/dates";
import { useOnline } from "@/lib/queries/offline-queue";
import { useMySchedule } from "@/lib/queries/schedule";
import { shiftLine } from "@/lib/schedule/format";
import { todayAndNext, yourShiftLine } from "@/lib/schedule/today";
import { useKeptShifts } from "./use-kept-shifts";

/** "Saved on this phone at 7:02 AM" (with the date when it was another day). */
const savedLine = (at: number, now: number) => `Saved on this phone at ${dateKeyOf(at) === dateKeyOf(now) ? clockTime(at) : formatDateTime(at)}`;

/**
 * Today's shift and the next one: from GET /api/schedule/me, or, without a signal (or when it
 * fails), from the shifts kept on this phone (docs/schedules.md "Offline"), with when they were kept.
 */
function useTodayAndNext(initial?: Parameters<typeof useMySchedule>[0]) {
  const mine = useMySchedule(initial);
  const online = useOnline();
  const kept = useKeptShifts(!mine.data && (!online || mine.isError));
  const shifts = mine.data?.shifts ?? kept?.kept.shifts;
  if (!shifts) return null;
  return { ...todayAndNext(shifts, businessToday()), saved: !mine.data && kept ? savedLine(kept.kept.at, kept.now) : null };
}

/** My day's card: today's shift and the next one (docs/schedules.md). Nothing when I have none. `initial`: the page's own read, so the card is in the first paint. */
export function MyShiftsCard({ initial }: { initial?: Parameters<typeof useMySchedule>[0] }) {
  const shifts = useTodayAndNext(initial);
  if (!shifts) return null;
  const { today, next, saved } = shifts;
  if (!today && !next) return null;
  return (
    <section aria-label="My shifts" className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm" data-testid="my-day-shifts">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">My shifts</h2>
        <Link href="/schedule/me" className="text-indigo-700 hover:underline">
          Schedule
        </Link>
      </div>
      {today ? <p className="mt-1 text-slate-800">{yourShiftLine(today)}</p> : <p className="mt-1 text-slate-600">No shift today.</p>}
      {next ? <p className="mt-0.5 text-slate-600">Next: {shiftLine(next)}</p> : null}
      {saved ? <p className="mt-0.5 text-xs text-amber-800" data-testid="shifts-saved">{saved}</p> : null}
    </section>
  );
}

/** The line of today's shift, "Your shift: 8:00–4:30 at Front desk", and when it was kept when it comes from the phone. */
function ShiftTodayLine({ today, saved }: { today: Parameters<typeof yourShiftLine>[0]; saved: string | null }) {
  return (
    <p className="mt-2 text-base font-medium text-slate-800" data-testid="your-shift">
      {yourShiftLine(today)}
      {saved ? <span className="block text-xs font-normal text-amber-800">{saved}</span> : null}
    </p>
  );
}

/** /mobile-punch's line: "Your shift: 8:00–4:30 at the front desk", when I have a shift today (kept on the phone: offline too). */
export function YourShiftToday() {
  const shifts = useTodayAndNext();
  return shifts?.today ? <ShiftTodayLine today={shifts.today} saved={shifts.saved} /> : null;
}

/** The offline start page's line (/offline, My day without a signal): the kept shifts of its kept person only, no request. */
export function KeptShiftToday({ userId }: { userId: string }) {
  const kept = useKeptShifts(true, userId);
  if (!kept) return null;
  const { today } = todayAndNext(kept.kept.shifts, businessToday());
  return today ? <ShiftTodayLine today={today} saved={savedLine(kept.kept.at, kept.now)} /> : null;
}
