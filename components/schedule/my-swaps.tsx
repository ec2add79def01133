"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { dateKeyOf } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import type { ScheduleShift } from "@/lib/queries/schedule";
import { useAcceptSwap, useCancelSwap, useOfferSwap, useSwaps, type Swap } from "@/lib/queries/swaps";
import { shiftSpan } from "@/lib/schedule/format";

export const SWAP_STATUS_LOOK: Record<Swap["status"], string> = {
  open: "bg-sky-50 text-sky-800",
  accepted: "bg-amber-50 text-amber-800",
  approved: "bg-emerald-50 text-emerald-800",
  declined: "bg-red-50 text-red-800",
  cancelled: "bg-slate-100 text-slate-600",
};

const KIND_WORD: Record<Swap["kind"], string> = { cover: "Cover", swap: "Swap" };
export const shiftWhen = (s: Pick<ScheduleShift, "startsAt" | "endsAt">) => `${dayLabel(dateKeyOf(s.startsAt))} ${shiftSpan(s.startsAt, s.endsAt)}`;

/** A swap's status; an accepted one waiting for the manager reads "Waiting for approval". */
function StatusChip({ status, waiting }: { status: Swap["status"]; waiting: boolean }) {
  return <span className={cn("rounded px-2 py-0.5 text-xs font-medium", !waiting && "capitalize", SWAP_STATUS_LOOK[status])}>{waiting ? "Waiting for approval" : status}</span>;
}

/** "Offer" under one of my shifts: a cover (a colleague takes it) or a swap (exchanged with a colleague's shift). */
export function OfferShift({ shift, offered }: { shift: ScheduleShift; offered: boolean }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Swap["kind"]>("cover");
  const [note, setNote] = useState("");
  const offer = useOfferSwap();
  if (offered) return <span className="text-xs font-medium text-sky-800">Offered</span>;
  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Offer ${shiftWhen(shift)}`}>
        Offer
      </Button>
    );
  }
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await offer.mutateAsync({ shiftId: shift.id, kind, note: note || null });
      toast({ title: kind === "cover" ? "Cover requested" : "Swap offered", description: "Your department's colleagues have been told." });
      setOpen(false);
    } catch (error) {
      await toastError(error, { title: "Could not offer the shift" });
    }
  }
  return (
    <form onSubmit={onSubmit} className="flex w-full flex-wrap items-end gap-2 pt-1" aria-label={`Offer ${shiftWhen(shift)}`}>
      <div>
        <Label htmlFor={`offer-kind-${shift.id}`}>Offer for</Label>
        <Select id={`offer-kind-${shift.id}`} value={kind} onChange={(e) => setKind(e.target.value as Swap["kind"])}>
          <option value="cover">A cover (a colleague takes it)</option>
          <option value="swap">A swap (for a colleague&apos;s shift)</option>
        </Select>
      </div>
      <div className="min-w-0 flex-1">
        <Label htmlFor={`offer-note-${shift.id}`}>Note</Label>
        <Input id={`offer-note-${shift.id}`} value={note} onChange={(e) => setNote(e.target.value)} placeholder="Optional" />
      </div>
      <Button type="submit" size="sm" isLoading={offer.isPending}>
        Send offer
      </Button>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}

/** /schedule/me's "Swaps and covers": colleagues' offers I may accept, and my own offers. */
export function MySwaps({ myShifts }: { myShifts: ScheduleShift[] }) {
  const swaps = useSwaps();
  const accept = useAcceptSwap();
  const cancel = useCancelSwap();
  const [given, setGiven] = useState<Record<string, string>>({});
  const data = swaps.data;

  async function onAccept(s: Swap) {
    const shiftId = s.kind === "swap" ? given[s.id] || myShifts[0]?.id : undefined;
    try {
      const res = await accept.mutateAsync({ id: s.id, shiftId });
      toast({ title: res.status === "approved" ? "The shift is yours" : "Accepted", description: res.status === "approved" ? shiftWhen(res.shift) : "A manager approves it; you will be told." });
    } catch (error) {
      await toastError(error, { title: "Could not accept" });
    }
  }
  async function onCancel(id: string) {
    try {
      await cancel.mutateAsync(id);
      toast({ title: "Offer withdrawn" });
    } catch (error) {
      await toastError(error, { title: "Could not withdraw the offer" });
    }
  }

  return (
    <section aria-labelledby="swaps-title" className="space-y-2" data-testid="swaps">
      <h2 id="swaps-title" className="text-lg font-semibold text-slate-900">Swaps and covers</h2>
      {swaps.isError ? <p className="text-sm text-red-700">Could not load the swaps and covers.</p> : null}
      {data && data.offered.length === 0 && data.mine.length === 0 ? <p className="text-sm text-slate-600">No shifts offered. Offer one of yours from My shifts.</p> : null}
      {data && data.offered.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Offered by colleagues" data-testid="swaps-offered">
          {data.offered.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {KIND_WORD[s.kind]} · {s.offeredBy.name}
                </span>
                <span className="block text-slate-700">
                  {shiftWhen(s.shift)} · {s.shift.unitName}
                </span>
                {s.note ? <span className="block text-xs text-slate-600">{s.note}</span> : null}
              </span>
              {s.status === "open" ? (
                <span className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
                  {s.kind === "swap" ? (
                    myShifts.length > 0 ? (
                      <Select aria-label="My shift to give in exchange" className="min-w-0 flex-1 sm:w-56" value={given[s.id] ?? myShifts[0]?.id} onChange={(e) => setGiven({ ...given, [s.id]: e.target.value })}>
                        {myShifts.map((m) => (
                          <option key={m.id} value={m.id}>
                            {shiftWhen(m)}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <span className="text-xs text-slate-600">You have no shift to give in exchange.</span>
                    )
                  ) : null}
                  <Button size="sm" onClick={() => onAccept(s)} disabled={s.kind === "swap" && myShifts.length === 0} isLoading={accept.isPending && accept.variables?.id === s.id}>
                    {s.kind === "swap" ? "Swap" : "Take it"}
                  </Button>
                </span>
              ) : (
                <StatusChip status={s.status} waiting={s.status === "accepted"} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.mine.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="My offers" data-testid="swaps-mine">
          {data.mine.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  My {s.kind === "cover" ? "cover request" : "swap offer"} · {shiftWhen(s.shift)}
                </span>
                {s.acceptedBy ? (
                  <span className="block text-slate-700">
                    {s.kind === "swap" && s.givenShift ? `${s.acceptedBy.name} gives ${shiftWhen(s.givenShift)}` : `${s.acceptedBy.name} takes it`}
                  </span>
                ) : null}
                {s.decisionNote ? (
                  <span className="block text-xs text-slate-600">
                    {s.decidedByName}: {s.decisionNote}
                  </span>
                ) : null}
              </span>
              <span className="flex items-center gap-2">
                <StatusChip status={s.status} waiting={s.status === "accepted" && s.needsApproval} />
                {s.status === "open" || s.status === "accepted" ? (
                  <Button variant="secondary" size="sm" onClick={() => onCancel(s.id)} isLoading={cancel.isPending && cancel.variables === s.id}>
                    Withdraw
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
